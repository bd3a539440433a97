-- Lone-worker protection (PTI/DATI): one protection per agent during a shift in progress, asking for
-- a check-in at an interval; a missed check-in raises one alert (unique per session and due time).
-- The phone's positions go to agent_positions (new kinds 'lone_worker' and 'sos'), whose retention
-- purge (agent_positions_purge, every kind) already applies to them.
CREATE TABLE "lone_worker_sessions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"interval_minutes" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"last_check_in_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lone_worker_sessions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "lone_worker_sessions_interval_check" CHECK ("lone_worker_sessions"."interval_minutes" between 1 and 240),
	CONSTRAINT "lone_worker_sessions_end_reason_check" CHECK ("lone_worker_sessions"."end_reason" in ('stopped', 'shift_end'))
);
--> statement-breakpoint
CREATE TABLE "lone_worker_alerts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"agent_name" text NOT NULL,
	"site_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"position_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"answered_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "lone_worker_alerts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "lone_worker_alerts_status_check" CHECK ("lone_worker_alerts"."status" in ('active', 'acknowledged'))
);
--> statement-breakpoint
ALTER TABLE "lone_worker_sessions" ADD CONSTRAINT "lone_worker_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lone_worker_sessions" ADD CONSTRAINT "lone_worker_sessions_agent_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lone_worker_sessions" ADD CONSTRAINT "lone_worker_sessions_shift_fk" FOREIGN KEY ("company_id","shift_id") REFERENCES "public"."shifts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lone_worker_alerts" ADD CONSTRAINT "lone_worker_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lone_worker_alerts" ADD CONSTRAINT "lone_worker_alerts_session_fk" FOREIGN KEY ("company_id","session_id") REFERENCES "public"."lone_worker_sessions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lone_worker_sessions_active_agent_key" ON "lone_worker_sessions" USING btree ("company_id","agent_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "lone_worker_sessions_due_idx" ON "lone_worker_sessions" USING btree ("next_due_at") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "lone_worker_sessions_ended_idx" ON "lone_worker_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lone_worker_alerts_session_due_key" ON "lone_worker_alerts" USING btree ("company_id","session_id","due_at");--> statement-breakpoint
CREATE INDEX "lone_worker_alerts_company_status_idx" ON "lone_worker_alerts" USING btree ("company_id","status","raised_at","id");--> statement-breakpoint
ALTER TABLE "agent_positions" DROP CONSTRAINT "agent_positions_kind_check";--> statement-breakpoint
ALTER TABLE "agent_positions" ADD CONSTRAINT "agent_positions_kind_check" CHECK ("agent_positions"."kind" in ('clock_in', 'clock_out', 'lone_worker', 'sos'));--> statement-breakpoint
ALTER TABLE lone_worker_sessions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lone_worker_sessions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON lone_worker_sessions USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE lone_worker_alerts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lone_worker_alerts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON lone_worker_alerts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
SELECT vigie_watch_changes('lone_worker_sessions');--> statement-breakpoint
SELECT vigie_watch_changes('lone_worker_alerts');--> statement-breakpoint
-- The periodic pass runs without a request: this owner-run look-up lists, across companies, the
-- running protections whose shift is over (to close) and those whose check-in is overdue by more
-- than the grace with no alert yet for that due time. The work then runs per company under RLS.
CREATE OR REPLACE FUNCTION lone_worker_candidates(p_now timestamptz, p_grace_ms integer)
  RETURNS TABLE (company_id uuid, session_id uuid, kind text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.company_id, s.id, 'close' FROM lone_worker_sessions s
    JOIN shifts sh ON sh.company_id = s.company_id AND sh.id = s.shift_id
   WHERE s.ended_at IS NULL AND (sh.status <> 'En cours' OR sh.clock_out_at IS NOT NULL)
  UNION ALL
  SELECT s.company_id, s.id, 'missed' FROM lone_worker_sessions s
   WHERE s.ended_at IS NULL
     AND s.next_due_at + make_interval(secs => p_grace_ms / 1000.0) < p_now
     AND NOT EXISTS (SELECT 1 FROM lone_worker_alerts a
                      WHERE a.company_id = s.company_id AND a.session_id = s.id AND a.due_at = s.next_due_at)
$$;--> statement-breakpoint
-- Retention: ended protections (and their alerts, once acknowledged) go after the company's position
-- retention (2 months by default), like the positions themselves; answers the counts per company.
CREATE OR REPLACE FUNCTION lone_worker_purge(p_now timestamptz)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
    WITH gone AS (
      DELETE FROM lone_worker_sessions s USING companies c
       WHERE c.id = s.company_id AND s.ended_at IS NOT NULL
         AND s.ended_at < p_now - make_interval(days => c.position_retention_days)
         AND NOT EXISTS (SELECT 1 FROM lone_worker_alerts a
                          WHERE a.company_id = s.company_id AND a.session_id = s.id AND a.status = 'active')
      RETURNING s.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION lone_worker_candidates(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION lone_worker_purge(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lone_worker_candidates(timestamptz, integer) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lone_worker_purge(timestamptz) TO vigie_app;
