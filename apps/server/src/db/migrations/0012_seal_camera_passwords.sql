-- Camera passwords are now stored sealed (AES-256-GCM, decision 0009). At start-up the app seals
-- those written before; this owner-run look-up names the companies that still hold one, and
-- nothing else (no password). The sealing itself is written per company under RLS.
CREATE OR REPLACE FUNCTION camera_companies_with_clear_passwords()
  RETURNS TABLE (company_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT c.company_id FROM cameras c
     WHERE c.stream_password IS NOT NULL AND c.stream_password NOT LIKE 'enc:v1:%'
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION camera_companies_with_clear_passwords() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION camera_companies_with_clear_passwords() TO vigie_app;
