CREATE TABLE "push_subscriptions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_codes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "session_timeout_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "auto_logout" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ip_allowlist" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "password_expiry_days" integer DEFAULT 90;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "auto_backup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "backup_frequency" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "backup_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "log_level" text DEFAULT 'info' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "maintenance_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cnaps_authorisation" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_critical_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_weekends" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_maintenance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("company_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("company_id","user_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_backup_frequency_check" CHECK ("backup_frequency" in ('hourly', 'daily', 'weekly', 'monthly'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_log_level_check" CHECK ("log_level" in ('error', 'warn', 'info', 'debug'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_session_timeout_check" CHECK ("session_timeout_minutes" in (15, 30, 60, 120));--> statement-breakpoint
-- Row-level security on the new tenant tables (read by no cached answer: not watched).
ALTER TABLE recovery_codes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE recovery_codes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON recovery_codes USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE push_subscriptions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON push_subscriptions USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- The audit journal is append-only for the application.
REVOKE UPDATE, DELETE ON audit_log FROM vigie_app;--> statement-breakpoint
-- A session now answers what the auth plugin enforces on every request: the company's idle timeout
-- (Paramètres · Sécurité, replacing the instance-wide one), its IP allowlist, maintenance mode,
-- whether the user's password has expired, and whether the company requires a two-factor sign-in
-- the user has not set up.
DROP FUNCTION auth_resolve_session(text, integer);--> statement-breakpoint
CREATE FUNCTION auth_resolve_session(p_token_hash text, p_idle_seconds integer)
  RETURNS TABLE (
    session_id uuid, company_id uuid, user_id uuid, expires_at timestamptz,
    user_name text, user_email text, user_phone text, user_role text, user_is_owner boolean,
    user_city text, user_timezone text, user_language text, user_created_at timestamptz,
    company_reference text, company_name text, company_email text, company_phone text,
    company_address text, company_subscription text, company_created_at timestamptz,
    idle_seconds integer, ip_allowlist text[], maintenance_mode boolean, password_expired boolean,
    two_factor_missing boolean, auto_logout boolean
  )
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
#variable_conflict use_column
DECLARE
  s sessions%ROWTYPE;
  idle integer;
BEGIN
  SELECT * INTO s FROM sessions
   WHERE token_hash = p_token_hash AND revoked_at IS NULL AND expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT c.session_timeout_minutes * 60 INTO idle FROM companies c WHERE c.id = s.company_id;
  idle := coalesce(idle, p_idle_seconds);
  IF s.last_seen_at <= now() - make_interval(secs => idle) THEN
    RETURN;
  END IF;
  IF s.last_seen_at < now() - interval '60 seconds' THEN
    UPDATE sessions SET last_seen_at = now() WHERE sessions.company_id = s.company_id AND sessions.id = s.id;
  END IF;
  RETURN QUERY
    SELECT s.id, s.company_id, s.user_id, s.expires_at,
           u.name, u.email, u.phone, u.role, u.is_owner, u.city, u.timezone, u.language, u.created_at,
           c.reference, c.name, c.email, c.phone, c.address, c.subscription, c.created_at,
           idle, c.ip_allowlist, c.maintenance_mode,
           (c.password_expiry_days IS NOT NULL
             AND u.password_changed_at < now() - make_interval(days => c.password_expiry_days)),
           (c.two_factor_required AND u.totp_enabled_at IS NULL),
           c.auto_logout
      FROM users u JOIN companies c ON c.id = u.company_id
     WHERE u.company_id = s.company_id AND u.id = s.user_id;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_resolve_session(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_resolve_session(text, integer) TO vigie_app;
