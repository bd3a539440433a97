CREATE TABLE "access_logs" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "access_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"point_id" uuid,
	"point_name" text NOT NULL,
	"site_id" uuid,
	"site_name" text NOT NULL,
	"badge_id" uuid,
	"badge_number" text,
	"person_name" text NOT NULL,
	"department" text,
	"access_type" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"search_text" text GENERATED ALWAYS AS (vigie_fold(person_name || ' ' || coalesce(badge_number, '') || ' ' || coalesce(department, ''))) STORED NOT NULL,
	CONSTRAINT "access_logs_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "access_logs_status_check" CHECK ("access_logs"."status" in ('Autorisé', 'Refusé')),
	CONSTRAINT "access_logs_type_check" CHECK ("access_logs"."access_type" in ('qrcode', 'nfc'))
);
--> statement-breakpoint
CREATE TABLE "access_points" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Actif' NOT NULL,
	"last_activity_at" timestamp with time zone,
	"denied_alarm_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_points_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "access_points_kind_check" CHECK ("access_points"."kind" in ('porte', 'portail', 'barrière', 'tourniquet')),
	CONSTRAINT "access_points_status_check" CHECK ("access_points"."status" in ('Actif', 'Maintenance', 'Hors service'))
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"holder_name" text NOT NULL,
	"department" text,
	"expires_on" date,
	"status" text DEFAULT 'Actif' NOT NULL,
	"agent_id" uuid,
	"nfc_uid" text,
	"qr_version" integer DEFAULT 1 NOT NULL,
	"allowed_point_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"allowed_site_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"time_windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (vigie_fold(holder_name || ' ' || number || ' ' || coalesce(department, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "badges_type_check" CHECK ("badges"."type" in ('qrcode', 'nfc')),
	CONSTRAINT "badges_status_check" CHECK ("badges"."status" in ('Actif', 'Suspendu'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "access_log_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "access_log_retention_reason" text;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD COLUMN "scope" text DEFAULT 'alarms' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD COLUMN "access_point_id" uuid;--> statement-breakpoint
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_points" ADD CONSTRAINT "access_points_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_points" ADD CONSTRAINT "access_points_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_company_id_agent_id_agents_company_id_id_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_logs_company_at_idx" ON "access_logs" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "access_logs_company_status_at_idx" ON "access_logs" USING btree ("company_id","status","at","id");--> statement-breakpoint
CREATE INDEX "access_logs_company_site_at_idx" ON "access_logs" USING btree ("company_id","site_id","at","id");--> statement-breakpoint
CREATE INDEX "access_logs_company_point_at_idx" ON "access_logs" USING btree ("company_id","point_id","at");--> statement-breakpoint
CREATE INDEX "access_logs_at_idx" ON "access_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "access_points_company_site_idx" ON "access_points" USING btree ("company_id","site_id");--> statement-breakpoint
CREATE INDEX "access_points_company_name_idx" ON "access_points" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_company_number_key" ON "badges" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_company_nfc_uid_key" ON "badges" USING btree ("company_id","nfc_uid") WHERE nfc_uid is not null;--> statement-breakpoint
CREATE INDEX "badges_company_holder_idx" ON "badges" USING btree ("company_id","holder_name","id");--> statement-breakpoint
CREATE INDEX "integration_keys_company_point_idx" ON "integration_keys" USING btree ("company_id","access_point_id");--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_scope_check" CHECK ("integration_keys"."scope" in ('alarms', 'access_point'));--> statement-breakpoint
-- Row-level security on the new tenant tables, and the change feed on those the lists read.
ALTER TABLE access_points ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE access_points FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_points USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE badges ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE badges FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON badges USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE access_logs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE access_logs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_logs USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('access_points');--> statement-breakpoint
SELECT vigie_watch_changes('badges');--> statement-breakpoint
-- A device key now says what it may do (alarms, or one access point): the look-up answers it.
DROP FUNCTION integration_key_resolve(text);--> statement-breakpoint
CREATE FUNCTION integration_key_resolve(p_key_hash text)
  RETURNS TABLE (company_id uuid, key_id uuid, name text, scope text, access_point_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT k.company_id, k.id, k.name, k.scope, k.access_point_id FROM integration_keys k
     WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL
  $$;--> statement-breakpoint
-- Retention of access logs (personal data): each company's lines older than its setting, removed in
-- batches of p_batch so that the purge never holds the check endpoint up; answers what it removed.
CREATE OR REPLACE FUNCTION access_logs_purge(p_now timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT l.company_id, l.id FROM access_logs l JOIN companies c ON c.id = l.company_id
       WHERE l.at < p_now - make_interval(days => c.access_log_retention_days)
       LIMIT p_batch
    ), gone AS (
      DELETE FROM access_logs l USING doomed d WHERE l.company_id = d.company_id AND l.id = d.id
      RETURNING l.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION integration_key_resolve(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION access_logs_purge(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION integration_key_resolve(text) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION access_logs_purge(timestamptz, integer) TO vigie_app;
