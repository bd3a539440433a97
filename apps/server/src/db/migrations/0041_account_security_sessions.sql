-- Issue 29, finding 11: the public verification page also shows the report's number and site, so
-- that a genuine fingerprint copied onto a forged document shows another number or site than the
-- one printed. Still nothing of the content (owner-run, whatever the company).
DROP FUNCTION security_report_verify(text);--> statement-breakpoint
CREATE FUNCTION security_report_verify(p_fingerprint text)
  RETURNS TABLE (finalized_at timestamptz, company_name text, number text, site_name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT r.finalized_at, coalesce(c.legal_name, c.name), r.number, r.site_name
      FROM security_reports r JOIN companies c ON c.id = r.company_id
     WHERE r.fingerprint = p_fingerprint AND r.status <> 'draft'
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION security_report_verify(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION security_report_verify(text) TO vigie_app;
