CREATE TABLE "security_reports" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"site_id" uuid,
	"site_name" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"geolocation" text,
	"incidents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interventions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repairs" text,
	"improvements" text,
	"observations" text,
	"comments" text,
	"responsible_name" text NOT NULL,
	"signature_file_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"fingerprint" text,
	"finalized_at" timestamp with time zone,
	"finalized_by" uuid,
	"last_export_file_id" uuid,
	"last_export_format" text,
	"last_exported_at" timestamp with time zone,
	"created_by" uuid,
	"generated_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_reports_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "security_reports_status_check" CHECK ("security_reports"."status" in ('draft', 'finalized', 'exported')),
	CONSTRAINT "security_reports_last_export_format_check" CHECK ("security_reports"."last_export_format" in ('pdf', 'word', 'excel')),
	CONSTRAINT "security_reports_final_check" CHECK ("security_reports"."status" = 'draft' or ("security_reports"."fingerprint" is not null and "security_reports"."finalized_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "security_report_counters" (
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "security_report_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
ALTER TABLE "security_reports" ADD CONSTRAINT "security_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_reports" ADD CONSTRAINT "security_reports_company_id_signature_file_id_files_company_id_id_fk" FOREIGN KEY ("company_id","signature_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_reports" ADD CONSTRAINT "security_reports_company_id_last_export_file_id_files_company_id_id_fk" FOREIGN KEY ("company_id","last_export_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_report_counters" ADD CONSTRAINT "security_report_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "security_reports_company_number_key" ON "security_reports" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "security_reports_fingerprint_key" ON "security_reports" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "security_reports_company_created_idx" ON "security_reports" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "security_reports_company_site_idx" ON "security_reports" USING btree ("company_id","site_id");--> statement-breakpoint
-- A final report is a record: it outlives its site (SET NULL on the one column keeps company_id, PG 15+).
ALTER TABLE "security_reports" ADD CONSTRAINT "security_reports_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE SET NULL ("site_id");--> statement-breakpoint
ALTER TABLE security_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE security_reports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON security_reports USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE security_report_counters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE security_report_counters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON security_report_counters USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('security_reports');--> statement-breakpoint
SELECT vigie_watch_changes('security_report_counters');--> statement-breakpoint
-- The second lock on a final report (the service refuses first, with a French 409): its content,
-- signature and fingerprint cannot change, nor can it become a draft again.
CREATE OR REPLACE FUNCTION security_reports_frozen() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' AND (
       NEW.number IS DISTINCT FROM OLD.number OR NEW.site_name IS DISTINCT FROM OLD.site_name
    OR NEW.period_start IS DISTINCT FROM OLD.period_start OR NEW.period_end IS DISTINCT FROM OLD.period_end
    OR NEW.geolocation IS DISTINCT FROM OLD.geolocation OR NEW.incidents IS DISTINCT FROM OLD.incidents
    OR NEW.interventions IS DISTINCT FROM OLD.interventions OR NEW.repairs IS DISTINCT FROM OLD.repairs
    OR NEW.improvements IS DISTINCT FROM OLD.improvements OR NEW.observations IS DISTINCT FROM OLD.observations
    OR NEW.comments IS DISTINCT FROM OLD.comments OR NEW.responsible_name IS DISTINCT FROM OLD.responsible_name
    OR NEW.signature_file_id IS DISTINCT FROM OLD.signature_file_id OR NEW.fingerprint IS DISTINCT FROM OLD.fingerprint
    OR NEW.finalized_at IS DISTINCT FROM OLD.finalized_at OR NEW.status = 'draft') THEN
    RAISE EXCEPTION 'security report % is final', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER security_reports_frozen BEFORE UPDATE ON security_reports
  FOR EACH ROW EXECUTE FUNCTION security_reports_frozen();--> statement-breakpoint
-- The public verification page: whether a final report has this fingerprint, its date and its
-- company's name, whatever the company (owner-run; nothing of the content leaves).
CREATE OR REPLACE FUNCTION security_report_verify(p_fingerprint text)
  RETURNS TABLE (finalized_at timestamptz, company_name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT r.finalized_at, coalesce(c.legal_name, c.name) FROM security_reports r JOIN companies c ON c.id = r.company_id
     WHERE r.fingerprint = p_fingerprint AND r.status <> 'draft'
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION security_report_verify(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION security_report_verify(text) TO vigie_app;
