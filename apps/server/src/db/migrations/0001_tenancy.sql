-- Tenancy: the application runs as the non-owner role vigie_app; row-level security is enabled and
-- forced on every tenant table and filters on the transaction's company
-- (set_config('app.company_id', …, true)). An unset setting reads as '' and nullif turns it into
-- NULL, which matches no row.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vigie_app') THEN
    CREATE ROLE vigie_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Another database of the same cluster created it at the same moment.
  NULL;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT vigie_app TO %I', current_user);
EXCEPTION WHEN others THEN
  NULL;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO vigie_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO vigie_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO vigie_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO vigie_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO vigie_app;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_company_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON companies USING (id = app_company_id()) WITH CHECK (id = app_company_id());--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON users USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON sessions USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_log USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- The two look-ups that happen before the company is known run as the owner (SECURITY DEFINER,
-- the owner bypasses RLS as superuser) and return only what authentication needs.
CREATE OR REPLACE FUNCTION auth_login_candidate(p_email text)
  RETURNS TABLE (company_id uuid, user_id uuid, password_hash text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT u.company_id, u.id, u.password_hash FROM users u WHERE u.email = lower(p_email) $$;--> statement-breakpoint
-- Resolves a bearer token hash to its live session, user and company, and slides the idle timeout
-- (written at most once a minute to spare the database a write per request).
CREATE OR REPLACE FUNCTION auth_resolve_session(p_token_hash text, p_idle_seconds integer)
  RETURNS TABLE (
    session_id uuid, company_id uuid, user_id uuid, expires_at timestamptz,
    user_name text, user_email text, user_phone text, user_role text, user_is_owner boolean,
    user_city text, user_timezone text, user_language text, user_created_at timestamptz,
    company_reference text, company_name text, company_email text, company_phone text,
    company_address text, company_subscription text, company_created_at timestamptz
  )
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
#variable_conflict use_column
DECLARE
  s sessions%ROWTYPE;
BEGIN
  SELECT * INTO s FROM sessions
   WHERE token_hash = p_token_hash AND revoked_at IS NULL AND expires_at > now()
     AND last_seen_at > now() - make_interval(secs => p_idle_seconds);
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF s.last_seen_at < now() - interval '60 seconds' THEN
    UPDATE sessions SET last_seen_at = now() WHERE sessions.company_id = s.company_id AND sessions.id = s.id;
  END IF;
  RETURN QUERY
    SELECT s.id, s.company_id, s.user_id, s.expires_at,
           u.name, u.email, u.phone, u.role, u.is_owner, u.city, u.timezone, u.language, u.created_at,
           c.reference, c.name, c.email, c.phone, c.address, c.subscription, c.created_at
      FROM users u JOIN companies c ON c.id = u.company_id
     WHERE u.company_id = s.company_id AND u.id = s.user_id;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_login_candidate(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_resolve_session(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_login_candidate(text) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_resolve_session(text, integer) TO vigie_app;
