CREATE TABLE "reports" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"site_id" uuid,
	"site_name" text,
	"include_graphs" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'En attente' NOT NULL,
	"failure_reason" text,
	"file_id" uuid,
	"schedule_id" uuid,
	"size" integer,
	"requested_by_user_id" uuid,
	"requested_by_name" text NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone,
	CONSTRAINT "reports_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "reports_type_check" CHECK ("reports"."type" in ('security', 'incidents', 'attendance', 'access', 'cameras', 'alarms')),
	CONSTRAINT "reports_format_check" CHECK ("reports"."format" in ('pdf', 'excel')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('En attente', 'En cours', 'Prêt', 'Échec')),
	CONSTRAINT "reports_period_check" CHECK ("reports"."end_date" >= "reports"."start_date")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"site_id" uuid,
	"site_name" text,
	"include_graphs" boolean DEFAULT true NOT NULL,
	"recipients" text[] NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_by_name" text NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "report_schedules_type_check" CHECK ("report_schedules"."type" in ('security', 'incidents', 'attendance', 'access', 'cameras', 'alarms')),
	CONSTRAINT "report_schedules_format_check" CHECK ("report_schedules"."format" in ('pdf', 'excel')),
	CONSTRAINT "report_schedules_frequency_check" CHECK ("report_schedules"."frequency" in ('weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_company_created_idx" ON "report_schedules" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "report_schedules_next_run_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE SET NULL ("site_id");--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_fk" FOREIGN KEY ("company_id","created_by_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("created_by_user_id");--> statement-breakpoint
ALTER TABLE report_schedules ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE report_schedules FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_schedules USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_company_created_idx" ON "reports" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
-- References that outlive their target: SET NULL on the one column, so company_id stays (PG 15+).
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE SET NULL ("site_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE SET NULL ("file_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_schedule_fk" FOREIGN KEY ("company_id","schedule_id") REFERENCES "public"."report_schedules"("company_id","id") ON DELETE SET NULL ("schedule_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_fk" FOREIGN KEY ("company_id","requested_by_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("requested_by_user_id");--> statement-breakpoint
-- Row-level security. Not watched by the change feed: no cached endpoint reads reports (the page
-- follows report.changed events), and a worker updates them while it builds the files.
ALTER TABLE reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE reports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON reports USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Generated reports are kept 90 days: the expired ones (and their files) of every company, removed
-- in batches of p_batch; answers what it removed per company.
CREATE OR REPLACE FUNCTION reports_purge(p_before timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT r.company_id, r.id, r.file_id FROM reports r WHERE r.created_at < p_before LIMIT p_batch
    ), gone AS (
      DELETE FROM reports r USING doomed d WHERE r.company_id = d.company_id AND r.id = d.id
      RETURNING r.company_id
    ), bytes AS (
      DELETE FROM files f USING doomed d WHERE f.company_id = d.company_id AND f.id = d.file_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
-- Schedules due, whatever their company (the runner then turns each into a report under its
-- company's RLS).
CREATE OR REPLACE FUNCTION report_schedules_due(p_now timestamptz, p_limit integer)
  RETURNS TABLE (company_id uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.company_id, s.id FROM report_schedules s WHERE s.next_run_at <= p_now ORDER BY s.next_run_at LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION report_schedules_due(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION report_schedules_due(timestamptz, integer) TO vigie_app;--> statement-breakpoint
REVOKE ALL ON FUNCTION reports_purge(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reports_purge(timestamptz, integer) TO vigie_app;
