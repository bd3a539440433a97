CREATE TABLE "tours" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"expected_minutes" integer NOT NULL,
	"order_mode" text DEFAULT 'fixed' NOT NULL,
	"schedule" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "tours_order_mode_check" CHECK ("tours"."order_mode" in ('fixed', 'random')),
	CONSTRAINT "tours_expected_minutes_check" CHECK ("tours"."expected_minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "tour_checkpoints" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"instructions" text,
	"kind" text NOT NULL,
	"nfc_uid" text,
	"label_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tour_checkpoints_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "tour_checkpoints_kind_check" CHECK ("tour_checkpoints"."kind" in ('qr', 'nfc')),
	CONSTRAINT "tour_checkpoints_nfc_check" CHECK (("tour_checkpoints"."kind" = 'nfc') = ("tour_checkpoints"."nfc_uid" is not null))
);
--> statement-breakpoint
CREATE TABLE "tour_rounds" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"agent_id" uuid,
	"agent_name" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"checkpoint_order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"late_alerted_at" timestamp with time zone,
	"overdue_alerted_at" timestamp with time zone,
	"missed_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_rounds_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "tour_rounds_status_check" CHECK ("tour_rounds"."status" in ('planned', 'in_progress', 'done', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "tour_scans" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"checkpoint_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"note" text,
	"photo_file_id" uuid,
	"anomaly" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_scans_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_checkpoints" ADD CONSTRAINT "tour_checkpoints_company_id_tour_id_tours_company_id_id_fk" FOREIGN KEY ("company_id","tour_id") REFERENCES "public"."tours"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_rounds" ADD CONSTRAINT "tour_rounds_company_id_tour_id_tours_company_id_id_fk" FOREIGN KEY ("company_id","tour_id") REFERENCES "public"."tours"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_scans" ADD CONSTRAINT "tour_scans_company_id_round_id_tour_rounds_company_id_id_fk" FOREIGN KEY ("company_id","round_id") REFERENCES "public"."tour_rounds"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_scans" ADD CONSTRAINT "tour_scans_company_id_checkpoint_id_tour_checkpoints_company_id_id_fk" FOREIGN KEY ("company_id","checkpoint_id") REFERENCES "public"."tour_checkpoints"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_scans" ADD CONSTRAINT "tour_scans_company_id_photo_file_id_files_company_id_id_fk" FOREIGN KEY ("company_id","photo_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tours_company_site_idx" ON "tours" USING btree ("company_id","site_id");--> statement-breakpoint
CREATE INDEX "tour_checkpoints_company_tour_idx" ON "tour_checkpoints" USING btree ("company_id","tour_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_checkpoints_company_nfc_key" ON "tour_checkpoints" USING btree ("company_id","nfc_uid") WHERE nfc_uid is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_rounds_company_tour_slot_key" ON "tour_rounds" USING btree ("company_id","tour_id","planned_at");--> statement-breakpoint
CREATE INDEX "tour_rounds_company_site_planned_idx" ON "tour_rounds" USING btree ("company_id","site_id","planned_at");--> statement-breakpoint
CREATE INDEX "tour_rounds_open_idx" ON "tour_rounds" USING btree ("planned_at") WHERE status in ('planned', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "tour_scans_company_round_checkpoint_key" ON "tour_scans" USING btree ("company_id","round_id","checkpoint_id");--> statement-breakpoint
ALTER TABLE tours ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tours FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON tours USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE tour_checkpoints ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tour_checkpoints FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON tour_checkpoints USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE tour_rounds ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tour_rounds FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON tour_rounds USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE tour_scans ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tour_scans FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON tour_scans USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('tours');--> statement-breakpoint
SELECT vigie_watch_changes('tour_checkpoints');--> statement-breakpoint
SELECT vigie_watch_changes('tour_rounds');--> statement-breakpoint
SELECT vigie_watch_changes('tour_scans');--> statement-breakpoint
-- Cross-company passes (owner-run, like shift_attendance_candidates): the scheduled tours, and the
-- rounds that need an alert or must be closed. Each answers ids only; the work runs per tenant.
CREATE OR REPLACE FUNCTION tour_schedule_candidates()
  RETURNS TABLE (company_id uuid, tour_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT t.company_id, t.id FROM tours t WHERE t.schedule IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tour_alert_candidates(p_now timestamptz, p_late_minutes integer, p_margin_minutes integer)
  RETURNS TABLE (company_id uuid, round_id uuid, kind text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.company_id, r.id, 'late' FROM tour_rounds r
   WHERE r.status = 'planned' AND r.late_alerted_at IS NULL
     AND r.planned_at + make_interval(mins => p_late_minutes) <= p_now
  UNION ALL
  SELECT r.company_id, r.id, 'overdue' FROM tour_rounds r JOIN tours t ON t.company_id = r.company_id AND t.id = r.tour_id
   WHERE r.status = 'in_progress' AND r.overdue_alerted_at IS NULL
     AND r.started_at + make_interval(mins => t.expected_minutes + p_margin_minutes) <= p_now
  UNION ALL
  SELECT r.company_id, r.id, 'close' FROM tour_rounds r JOIN tours t ON t.company_id = r.company_id AND t.id = r.tour_id
   WHERE r.status IN ('planned', 'in_progress')
     AND coalesce(r.started_at, r.planned_at) + make_interval(mins => 2 * t.expected_minutes + p_margin_minutes) <= p_now
  UNION ALL
  SELECT r.company_id, r.id, 'missed' FROM tour_rounds r
   WHERE r.status = 'missed' AND r.missed_alerted_at IS NULL
$$;
