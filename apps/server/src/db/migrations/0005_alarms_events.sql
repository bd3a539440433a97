CREATE TABLE "alarm_events" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alarm_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alarm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_events_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "alarm_events_kind_check" CHECK ("alarm_events"."kind" in ('created', 'acknowledged', 'commented', 'escalated', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"camera_id" uuid,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"triggered_by" text,
	"source" text NOT NULL,
	"triggered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	"escalated_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (vigie_fold(title || ' ' || description || ' ' || location)) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarms_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "alarms_type_check" CHECK ("alarms"."type" in ('intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical')),
	CONSTRAINT "alarms_severity_check" CHECK ("alarms"."severity" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "alarms_status_check" CHECK ("alarms"."status" in ('active', 'acknowledged', 'resolved')),
	CONSTRAINT "alarms_source_check" CHECK ("alarms"."source" in ('user', 'device', 'system'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_keys" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "integration_keys_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_company_id_alarm_id_alarms_company_id_id_fk" FOREIGN KEY ("company_id","alarm_id") REFERENCES "public"."alarms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_company_alarm_idx" ON "alarm_events" USING btree ("company_id","alarm_id","id");--> statement-breakpoint
CREATE INDEX "alarms_company_status_triggered_idx" ON "alarms" USING btree ("company_id","status","triggered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_company_triggered_idx" ON "alarms" USING btree ("company_id","triggered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_company_site_triggered_idx" ON "alarms" USING btree ("company_id","site_id","triggered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_escalation_due_idx" ON "alarms" USING btree ("triggered_at") WHERE status = 'active' and escalated_at is null and severity in ('high', 'critical');--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_camera_offline_key" ON "alarms" USING btree ("company_id","camera_id") WHERE type = 'camera_offline' and status <> 'resolved';--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_keys_hash_key" ON "integration_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "integration_keys_company_created_idx" ON "integration_keys" USING btree ("company_id","created_at");