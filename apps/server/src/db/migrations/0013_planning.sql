CREATE TABLE "agent_positions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"shift_id" uuid,
	"kind" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision NOT NULL,
	"distance_m" double precision,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_positions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "agent_positions_kind_check" CHECK ("agent_positions"."kind" in ('clock_in', 'clock_out'))
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"badge" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"speciality" text NOT NULL,
	"level" text NOT NULL,
	"hire_date" date NOT NULL,
	"assigned_site_id" uuid,
	"status" text DEFAULT 'actif' NOT NULL,
	"cnaps_number" text,
	"cnaps_expires_on" date,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" uuid,
	"photo_file_id" uuid,
	"photo_version" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (vigie_fold(name || ' ' || badge || ' ' || speciality)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "agents_level_check" CHECK ("agents"."level" in ('junior', 'senior', 'expert')),
	CONSTRAINT "agents_status_check" CHECK ("agents"."status" in ('actif', 'repos', 'en congé', 'indisponible'))
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Programmé' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"break_start_at" timestamp with time zone,
	"break_end_at" timestamp with time zone,
	"local_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_start" text,
	"break_end" text,
	"worked_minutes" integer NOT NULL,
	"clock_in_at" timestamp with time zone,
	"clock_out_at" timestamp with time zone,
	"override_reason" text,
	"override_by" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"absent_alerted_at" timestamp with time zone,
	"overrun_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "shifts_type_check" CHECK ("shifts"."type" in ('day', 'night', 'morning', 'afternoon', 'custom')),
	CONSTRAINT "shifts_status_check" CHECK ("shifts"."status" in ('Programmé', 'En cours', 'Terminé', 'Annulé')),
	CONSTRAINT "shifts_period_check" CHECK ("shifts"."ends_at" > "shifts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "notifications_severity_check" CHECK ("notifications"."severity" in ('info', 'warning', 'critical'))
);
--> statement-breakpoint
ALTER TABLE "alarms" DROP CONSTRAINT "alarms_type_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "position_retention_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "geofence_radius_m" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "required_qualifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_positions" ADD CONSTRAINT "agent_positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_positions" ADD CONSTRAINT "agent_positions_company_id_agent_id_agents_company_id_id_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_company_id_assigned_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","assigned_site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE SET NULL ("assigned_site_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_company_id_agent_id_agents_company_id_id_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_positions_company_agent_idx" ON "agent_positions" USING btree ("company_id","agent_id","recorded_at");--> statement-breakpoint
CREATE INDEX "agent_positions_recorded_idx" ON "agent_positions" USING btree ("recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_company_badge_key" ON "agents" USING btree ("company_id","badge");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_company_user_key" ON "agents" USING btree ("company_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "agents_company_name_idx" ON "agents" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "agents_company_site_idx" ON "agents" USING btree ("company_id","assigned_site_id");--> statement-breakpoint
CREATE INDEX "shifts_company_agent_start_idx" ON "shifts" USING btree ("company_id","agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_company_start_idx" ON "shifts" USING btree ("company_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "shifts_company_site_start_idx" ON "shifts" USING btree ("company_id","site_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_absent_due_idx" ON "shifts" USING btree ("starts_at") WHERE status = 'Programmé' and absent_alerted_at is null;--> statement-breakpoint
CREATE INDEX "shifts_overrun_due_idx" ON "shifts" USING btree ("ends_at") WHERE status = 'En cours' and overrun_alerted_at is null;--> statement-breakpoint
CREATE INDEX "files_company_kind_idx" ON "files" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("company_id","user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("company_id","user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("company_id","user_id","dedupe_key");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_type_check" CHECK ("alarms"."type" in ('intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical', 'agent_absent', 'shift_overrun'));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_geofence_check" CHECK ("sites"."geofence_radius_m" between 20 and 5000);--> statement-breakpoint
-- Hand-written below: the two SET NULL actions above name their column (PostgreSQL 15), so that a
-- deleted site or user account clears the agent's link and keeps the agent (and its company id).
-- Row-level security on the new tenant tables, as on every tenant table (see 0001).
ALTER TABLE agents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE agents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON agents USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE shifts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE shifts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON shifts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE agent_positions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE agent_positions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON agent_positions USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE files FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON files USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON notifications USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('agents');--> statement-breakpoint
SELECT vigie_watch_changes('shifts');--> statement-breakpoint
-- The attendance watch runs without a request: this owner-run look-up lists, across companies, the
-- shifts not started 15 minutes after their start and those still running 30 minutes after their
-- end, not yet alerted (within the last day, so that an old plan does not raise a flood). The
-- alerts are then written per company under RLS.
CREATE OR REPLACE FUNCTION shift_attendance_candidates(p_now timestamptz)
  RETURNS TABLE (company_id uuid, shift_id uuid, kind text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.company_id, s.id, 'absent' FROM shifts s
     WHERE s.status = 'Programmé' AND s.absent_alerted_at IS NULL
       AND s.starts_at <= p_now - interval '15 minutes' AND s.starts_at > p_now - interval '1 day'
    UNION ALL
    SELECT s.company_id, s.id, 'overrun' FROM shifts s
     WHERE s.status = 'En cours' AND s.overrun_alerted_at IS NULL
       AND s.ends_at <= p_now - interval '30 minutes'
  $$;--> statement-breakpoint
-- The daily licence check: the companies that have agents.
CREATE OR REPLACE FUNCTION companies_with_agents()
  RETURNS TABLE (company_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT DISTINCT a.company_id FROM agents a $$;--> statement-breakpoint
-- Retention of agent positions (personal data), each company after its own number of days; answers
-- how many rows each company lost, for the audit log.
CREATE OR REPLACE FUNCTION agent_positions_purge(p_now timestamptz)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH gone AS (
      DELETE FROM agent_positions p USING companies c
       WHERE c.id = p.company_id AND p.recorded_at < p_now - make_interval(days => c.position_retention_days)
      RETURNING p.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION shift_attendance_candidates(timestamptz) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION companies_with_agents() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION agent_positions_purge(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION shift_attendance_candidates(timestamptz) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION companies_with_agents() TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION agent_positions_purge(timestamptz) TO vigie_app;
