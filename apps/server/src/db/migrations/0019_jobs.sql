CREATE SCHEMA "queue";
--> statement-breakpoint
CREATE TABLE "queue"."jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue"."jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid DEFAULT app_company_id(),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("queue"."jobs"."status" in ('pending', 'running', 'failed')),
	CONSTRAINT "jobs_attempts_check" CHECK ("queue"."jobs"."max_attempts" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "queue"."jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "queue"."jobs" USING btree ("run_at","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "queue"."jobs" USING btree ("locked_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "queue"."jobs" USING btree ("updated_at") WHERE status = 'failed';--> statement-breakpoint
-- The queue holds rows of every company (db/jobs.ts), in its own schema: machinery, not tenant
-- data. A company's transaction may only add its own company's jobs (or, without a company, jobs of
-- none) and can neither read nor change any: the worker claims, completes and fails them through
-- the owner-run functions below. Forced RLS with the owner's own policy: the functions see every
-- row even if the owner is not a superuser.
GRANT USAGE ON SCHEMA queue TO vigie_app;--> statement-breakpoint
GRANT INSERT ON queue.jobs TO vigie_app;--> statement-breakpoint
ALTER TABLE queue.jobs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE queue.jobs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON queue.jobs USING (company_id = app_company_id())
  WITH CHECK (company_id IS NOT DISTINCT FROM app_company_id());--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY jobs_worker ON queue.jobs TO %I USING (true) WITH CHECK (true)', current_user);
END
$$;--> statement-breakpoint
-- Takes up to p_limit due jobs for p_lease_seconds: pending ones whose time has come, and running
-- ones whose lease ran out (their instance stopped or crashed). SKIP LOCKED: instances sharing the
-- database never take the same job. `attempts` counts this attempt and is the lease's token.
CREATE OR REPLACE FUNCTION jobs_claim(p_limit integer, p_lease_seconds integer)
  RETURNS TABLE (id bigint, company_id uuid, kind text, payload jsonb, attempts integer, max_attempts integer)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH due AS (
      SELECT j.id FROM queue.jobs j
       WHERE (j.status = 'pending' AND j.run_at <= now())
          OR (j.status = 'running' AND j.locked_until < now())
       ORDER BY j.run_at, j.id
       LIMIT p_limit
       FOR UPDATE SKIP LOCKED
    )
    UPDATE queue.jobs j SET status = 'running', attempts = j.attempts + 1,
           locked_until = now() + make_interval(secs => p_lease_seconds), updated_at = now()
      FROM due WHERE j.id = due.id
    RETURNING j.id, j.company_id, j.kind, j.payload, j.attempts, j.max_attempts
  $$;--> statement-breakpoint
-- Done: the row goes. Nothing happens if the lease was lost (another instance took the job over).
CREATE OR REPLACE FUNCTION jobs_complete(p_id bigint, p_attempt integer)
  RETURNS boolean
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH gone AS (
      DELETE FROM queue.jobs WHERE id = p_id AND attempts = p_attempt AND status = 'running' RETURNING 1
    )
    SELECT count(*) > 0 FROM gone
  $$;--> statement-breakpoint
-- Failed: tried again after p_retry_seconds, or given up (kept with its last error) when it was the
-- last attempt or the failure cannot be cured by waiting. Answers the job's new status.
CREATE OR REPLACE FUNCTION jobs_fail(p_id bigint, p_attempt integer, p_error text, p_retry_seconds double precision, p_final boolean)
  RETURNS text
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    UPDATE queue.jobs SET
           status = CASE WHEN p_final OR attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
           run_at = CASE WHEN p_final OR attempts >= max_attempts THEN run_at
                         ELSE now() + make_interval(secs => p_retry_seconds) END,
           locked_until = NULL, last_error = left(p_error, 2000), updated_at = now()
     WHERE id = p_id AND attempts = p_attempt AND status = 'running'
    RETURNING status
  $$;--> statement-breakpoint
-- Given-up jobs are kept for inspection, then removed.
CREATE OR REPLACE FUNCTION jobs_purge(p_before timestamptz)
  RETURNS bigint
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH gone AS (DELETE FROM queue.jobs WHERE status = 'failed' AND updated_at < p_before RETURNING 1)
    SELECT count(*) FROM gone
  $$;--> statement-breakpoint
-- What waits, runs and failed, per kind (operations and tests): counts, the most attempts made and
-- the latest error, never a payload.
CREATE OR REPLACE FUNCTION jobs_summary()
  RETURNS TABLE (kind text, status text, jobs bigint, attempts integer, last_error text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT j.kind, j.status, count(*), max(j.attempts),
           (array_agg(j.last_error ORDER BY j.updated_at DESC) FILTER (WHERE j.last_error IS NOT NULL))[1]
      FROM queue.jobs j GROUP BY j.kind, j.status ORDER BY 1, 2
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION jobs_claim(integer, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION jobs_complete(bigint, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION jobs_fail(bigint, integer, text, double precision, boolean) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION jobs_purge(timestamptz) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION jobs_summary() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION jobs_claim(integer, integer) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION jobs_complete(bigint, integer) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION jobs_fail(bigint, integer, text, double precision, boolean) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION jobs_purge(timestamptz) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION jobs_summary() TO vigie_app;--> statement-breakpoint
-- The day of the week (ISO: 6 Saturday, 7 Sunday) at a moment in a user's timezone, for the
-- "weekend alerts" switch; an unknown zone (never written by the API) counts as Paris time instead
-- of failing the statement that tells everyone about an alarm.
CREATE OR REPLACE FUNCTION vigie_local_isodow(p_at timestamptz, p_tz text)
  RETURNS integer
  LANGUAGE plpgsql STABLE
  AS $$
BEGIN
  RETURN extract(isodow FROM p_at AT TIME ZONE p_tz)::integer;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN extract(isodow FROM p_at AT TIME ZONE 'Europe/Paris')::integer;
END
$$;
