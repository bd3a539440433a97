-- Row-level security on the alarm, integration-key and event tables, as on every tenant table (see 0001).
ALTER TABLE alarms ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarms USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE alarm_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_events USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE integration_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE integration_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON integration_keys USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON events USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- A device call arrives without a company: this owner-run look-up turns a live key's hash into its
-- company, and nothing else. Revoked keys are not found.
CREATE OR REPLACE FUNCTION integration_key_resolve(p_key_hash text)
  RETURNS TABLE (company_id uuid, key_id uuid, name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT k.company_id, k.id, k.name FROM integration_keys k
     WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL
  $$;--> statement-breakpoint
-- The escalation job runs without a request: this look-up lists, across companies, the serious
-- alarms still active and never escalated that were triggered before the cutoff. The escalation
-- itself is then written per company under RLS.
CREATE OR REPLACE FUNCTION alarm_escalation_candidates(p_cutoff timestamptz)
  RETURNS TABLE (company_id uuid, alarm_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT a.company_id, a.id FROM alarms a
     WHERE a.status = 'active' AND a.escalated_at IS NULL AND a.severity IN ('high', 'critical')
       AND a.triggered_at <= p_cutoff
     ORDER BY a.company_id, a.triggered_at
     LIMIT 10000
  $$;--> statement-breakpoint
-- Retention of the real-time events (clients replay at most the last hour), for all companies.
CREATE OR REPLACE FUNCTION events_purge(p_before timestamptz)
  RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$ DELETE FROM events WHERE created_at < p_before $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION integration_key_resolve(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION alarm_escalation_candidates(timestamptz) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION events_purge(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION integration_key_resolve(text) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION alarm_escalation_candidates(timestamptz) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION events_purge(timestamptz) TO vigie_app;
