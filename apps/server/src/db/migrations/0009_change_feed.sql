-- The change feed: every committed write to a watched tenant table sends NOTIFY vigie_changes with
-- '<table>:<company id>' (one per company per statement; identical notifications of a transaction
-- are delivered once). Each server instance listens and drops what it cached for that company
-- (read cache of list answers, resolved sessions): docs/decisions/0006.
--
-- Statement-level triggers with transition tables, so a statement touching 20,000 cameras sends one
-- notification, not 20,000. A transition table needs one trigger per event.
CREATE FUNCTION vigie_notify_changes() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  c uuid;
BEGIN
  FOR c IN SELECT DISTINCT r.company_id FROM changed_rows r LOOP
    PERFORM pg_notify('vigie_changes', TG_TABLE_NAME || ':' || c::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- companies is the one table whose company column is its id.
CREATE FUNCTION vigie_notify_company_changes() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  c uuid;
BEGIN
  FOR c IN SELECT DISTINCT r.id FROM changed_rows r LOOP
    PERFORM pg_notify('vigie_changes', TG_TABLE_NAME || ':' || c::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What a later module's migration calls for each of its tenant tables: SELECT vigie_watch_changes('t').
CREATE FUNCTION vigie_watch_changes(tbl regclass, fn text DEFAULT 'vigie_notify_changes') RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER vigie_changes_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
  EXECUTE format('CREATE TRIGGER vigie_changes_update AFTER UPDATE ON %s REFERENCING NEW TABLE AS changed_rows '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
  EXECUTE format('CREATE TRIGGER vigie_changes_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
END
$$;--> statement-breakpoint
SELECT vigie_watch_changes('companies', 'vigie_notify_company_changes');--> statement-breakpoint
SELECT vigie_watch_changes('users');--> statement-breakpoint
SELECT vigie_watch_changes('sites');--> statement-breakpoint
SELECT vigie_watch_changes('cameras');--> statement-breakpoint
SELECT vigie_watch_changes('camera_events');--> statement-breakpoint
SELECT vigie_watch_changes('camera_probe_totals');--> statement-breakpoint
SELECT vigie_watch_changes('alarms');--> statement-breakpoint
SELECT vigie_watch_changes('alarm_events');--> statement-breakpoint
SELECT vigie_watch_changes('integration_keys');--> statement-breakpoint
-- Sessions: only their end matters to a cache (logout, purge). Their sliding last_seen_at, written
-- while resolving a token, must not notify, or every request would empty the company's caches.
CREATE FUNCTION vigie_notify_session_end() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigie_changes', 'sessions:' || OLD.company_id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER vigie_changes_session_end AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION vigie_notify_session_end();
