-- Row-level security on the site and camera tables, as on every tenant table (see 0001).
ALTER TABLE sites ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sites FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON sites USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE cameras ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE cameras FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON cameras USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE camera_probes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE camera_probes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON camera_probes USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE camera_probe_totals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE camera_probe_totals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON camera_probe_totals USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE camera_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE camera_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON camera_events USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- The health monitor runs without a request, hence without a company: this owner-run look-up gives
-- it where to connect for every camera of every company, and nothing else (no credentials). The
-- results are then written per company under RLS.
CREATE OR REPLACE FUNCTION camera_probe_targets()
  RETURNS TABLE (company_id uuid, camera_id uuid, host text, port integer, status text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT c.company_id, c.id, c.probe_host, c.probe_port, c.status
      FROM cameras c
     WHERE c.probe_host IS NOT NULL AND c.probe_port IS NOT NULL
     ORDER BY c.company_id, c.id
  $$;--> statement-breakpoint
-- Retention of the hourly probe history, for all companies at once.
CREATE OR REPLACE FUNCTION camera_probes_purge(p_before timestamptz)
  RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    DELETE FROM camera_probes WHERE bucket < p_before;
    DELETE FROM camera_probe_totals WHERE bucket < p_before;
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION camera_probe_targets() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION camera_probes_purge(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION camera_probe_targets() TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION camera_probes_purge(timestamptz) TO vigie_app;
