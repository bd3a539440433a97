-- The application logs in as vigie_app itself (docs/decisions/0021): a login of its own, not the
-- owner's with `-c role=vigie_app`, so that neither SET ROLE nor RESET ROLE can take a connection
-- back to the owner or to a superuser. Granting LOGIN needs CREATEROLE: when the migrating role
-- lacks it, the database administrator grants it (docs/operations.md) and this step says so.
DO $$
BEGIN
  ALTER ROLE vigie_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'vigie_app needs LOGIN: ALTER ROLE vigie_app LOGIN PASSWORD ''…'' (docs/operations.md)';
END
$$;
