-- Alarm panels' heartbeats (POST /api/integrations/heartbeat): a ring of 288 five-minute slots per
-- panel key, written once per slot, so the dashboard's 24-hour availability counts at most 288 rows a
-- panel and no purge is needed. Watched by the change feed (one change per panel and five minutes).
CREATE TABLE "alarm_panel_heartbeats" (
	"company_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_panel_heartbeats_company_id_key_id_slot_pk" PRIMARY KEY("company_id","key_id","slot"),
	CONSTRAINT "alarm_panel_heartbeats_slot_check" CHECK ("alarm_panel_heartbeats"."slot" between 0 and 287)
);
--> statement-breakpoint
ALTER TABLE "alarm_panel_heartbeats" ADD CONSTRAINT "alarm_panel_heartbeats_key_fk" FOREIGN KEY ("company_id","key_id") REFERENCES "public"."integration_keys"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE alarm_panel_heartbeats ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_panel_heartbeats FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_panel_heartbeats USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('alarm_panel_heartbeats');
