-- Sign-in failures counted in the database (modules/auth/login-throttle.ts), so that every instance
-- on one PostgreSQL sees the same counts and a lockout survives a restart. Not a tenant table: no
-- company is known before sign-in. Keys are HMACs of « a:<e-mail> », « i:<address or /64> » and
-- « 2fa:<user> » (no readable e-mail or address is stored); rows are purged once their window and
-- lock are over.
CREATE TABLE IF NOT EXISTS login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  max_failures integer NOT NULL,
  lock_seconds integer NOT NULL,
  window_ends_at timestamptz NOT NULL,
  locked_until timestamptz
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS login_throttle_window_ends_at_idx ON login_throttle (window_ends_at);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON login_throttle TO vigie_app;
