-- Issue 30, docs/decisions/0020: kept counts without row locks in the request's transaction.
--
-- The counts kept by triggers (0011 alarm counts, 0015 access log counts, 0028 site counts, 0032
-- site and access totals) were upserts into one row per key, locked until commit. A creation group
-- (many alarms, one statement) and the single-alarm acknowledge and resolve took those rows in
-- different orders — an AFTER ROW trigger (site_counts_alarm_move) runs before the AFTER STATEMENT
-- ones — and three of them closed a cycle: 32 deadlocks in 1,500 create-acknowledge-resolve cycles.
--
-- Now every trigger appends its change to a delta table (one row per key and statement; an insert
-- that locks no existing row), and readers add the pending deltas to the base row in the same
-- statement, so every read is exact. `kept_counts_fold()`, run every second by one instance
-- (db/kept-counts.ts), moves the deltas into the base rows; it is the only writer of the base rows.
CREATE TABLE alarm_count_deltas (
	company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
	id bigint GENERATED ALWAYS AS IDENTITY,
	bucket timestamptz NOT NULL,
	severity text NOT NULL,
	n integer NOT NULL,
	PRIMARY KEY (company_id, id)
);--> statement-breakpoint
CREATE INDEX alarm_count_deltas_key_idx ON alarm_count_deltas (company_id, bucket, severity);--> statement-breakpoint
CREATE TABLE alarm_status_count_deltas (
	company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
	id bigint GENERATED ALWAYS AS IDENTITY,
	status text NOT NULL,
	severity text NOT NULL,
	n integer NOT NULL,
	PRIMARY KEY (company_id, id)
);--> statement-breakpoint
CREATE INDEX alarm_status_count_deltas_key_idx ON alarm_status_count_deltas (company_id, status, severity);--> statement-breakpoint
-- No foreign key to sites: it would share-lock the site row at every append. Deltas of a deleted
-- site are dropped by the fold.
CREATE TABLE site_count_deltas (
	company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
	id bigint GENERATED ALWAYS AS IDENTITY,
	site_id uuid NOT NULL,
	cameras integer NOT NULL DEFAULT 0,
	open_alarms integer NOT NULL DEFAULT 0,
	PRIMARY KEY (company_id, id)
);--> statement-breakpoint
CREATE INDEX site_count_deltas_key_idx ON site_count_deltas (company_id, site_id);--> statement-breakpoint
CREATE TABLE site_total_deltas (
	company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
	id bigint GENERATED ALWAYS AS IDENTITY,
	status text NOT NULL,
	type text NOT NULL,
	n integer NOT NULL,
	PRIMARY KEY (company_id, id)
);--> statement-breakpoint
CREATE TABLE access_log_count_deltas (
	company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
	id bigint GENERATED ALWAYS AS IDENTITY,
	hour timestamptz NOT NULL,
	site_id uuid NOT NULL,
	status text NOT NULL,
	n integer NOT NULL,
	PRIMARY KEY (company_id, id)
);--> statement-breakpoint
CREATE INDEX access_log_count_deltas_key_idx ON access_log_count_deltas (company_id, hour);--> statement-breakpoint
CREATE TABLE access_log_site_total_deltas (
	company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
	id bigint GENERATED ALWAYS AS IDENTITY,
	site_id uuid NOT NULL,
	status text NOT NULL,
	n integer NOT NULL,
	PRIMARY KEY (company_id, id)
);--> statement-breakpoint
-- Row-level security as on every tenant table (0001): the triggers append under the caller's company.
ALTER TABLE alarm_count_deltas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_count_deltas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_count_deltas USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE alarm_status_count_deltas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_status_count_deltas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_status_count_deltas USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE site_count_deltas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE site_count_deltas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON site_count_deltas USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE site_total_deltas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE site_total_deltas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON site_total_deltas USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE access_log_count_deltas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE access_log_count_deltas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_log_count_deltas USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE access_log_site_total_deltas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE access_log_site_total_deltas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_log_site_total_deltas USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Alarms (0011): per quarter of an hour and severity, per status and severity.
CREATE OR REPLACE FUNCTION alarm_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_count_deltas (company_id, bucket, severity, n)
  SELECT r.company_id, alarm_count_bucket(r.triggered_at), r.severity, count(*) FROM changed_rows r GROUP BY 1, 2, 3;
  INSERT INTO alarm_status_count_deltas (company_id, status, severity, n)
  SELECT r.company_id, r.status, r.severity, count(*) FROM changed_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_count_deltas (company_id, bucket, severity, n)
  SELECT r.company_id, alarm_count_bucket(r.triggered_at), r.severity, -count(*) FROM changed_rows r GROUP BY 1, 2, 3;
  INSERT INTO alarm_status_count_deltas (company_id, status, severity, n)
  SELECT r.company_id, r.status, r.severity, -count(*) FROM changed_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_status_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_status_count_deltas (company_id, status, severity, n)
  SELECT x.company_id, x.status, x.severity, sum(x.delta)
    FROM (SELECT o.company_id, o.status, o.severity, -1 AS delta FROM old_rows o
          UNION ALL
          SELECT w.company_id, w.status, w.severity, 1 FROM new_rows w) x
   GROUP BY 1, 2, 3 HAVING sum(x.delta) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.company_id, OLD.severity, alarm_count_bucket(OLD.triggered_at))
       IS DISTINCT FROM (NEW.company_id, NEW.severity, alarm_count_bucket(NEW.triggered_at)) THEN
    INSERT INTO alarm_count_deltas (company_id, bucket, severity, n)
    VALUES (OLD.company_id, alarm_count_bucket(OLD.triggered_at), OLD.severity, -1),
           (NEW.company_id, alarm_count_bucket(NEW.triggered_at), NEW.severity, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Sites' cameras and open alarms (0028).
CREATE OR REPLACE FUNCTION site_counts_cameras_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_count_deltas (company_id, site_id, cameras)
  SELECT r.company_id, r.site_id, count(*) FROM changed_rows r GROUP BY 1, 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_cameras_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_count_deltas (company_id, site_id, cameras)
  SELECT r.company_id, r.site_id, -count(*) FROM changed_rows r GROUP BY 1, 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_camera_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_count_deltas (company_id, site_id, cameras)
  VALUES (OLD.company_id, OLD.site_id, -1), (NEW.company_id, NEW.site_id, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_alarms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_count_deltas (company_id, site_id, open_alarms)
  SELECT r.company_id, r.site_id, count(*) FROM changed_rows r WHERE r.status <> 'resolved' GROUP BY 1, 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_alarms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_count_deltas (company_id, site_id, open_alarms)
  SELECT r.company_id, r.site_id, -count(*) FROM changed_rows r WHERE r.status <> 'resolved' GROUP BY 1, 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_alarm_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'resolved' THEN
    INSERT INTO site_count_deltas (company_id, site_id, open_alarms) VALUES (OLD.company_id, OLD.site_id, -1);
  END IF;
  IF NEW.status <> 'resolved' THEN
    INSERT INTO site_count_deltas (company_id, site_id, open_alarms) VALUES (NEW.company_id, NEW.site_id, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Sites per status and type (0032).
CREATE OR REPLACE FUNCTION site_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_total_deltas (company_id, status, type, n)
  SELECT r.company_id, r.status, r.type, count(*) FROM changed_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_total_deltas (company_id, status, type, n)
  SELECT r.company_id, r.status, r.type, -count(*) FROM changed_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_total_deltas (company_id, status, type, n)
  VALUES (OLD.company_id, OLD.status, OLD.type, -1), (NEW.company_id, NEW.status, NEW.type, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Access log lines per hour, site and decision, and per site and decision (0015, 0032).
CREATE OR REPLACE FUNCTION access_log_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_log_count_deltas (company_id, hour, site_id, status, n)
  SELECT r.company_id, date_bin('1 hour', r.at, timestamptz '2000-01-01 00:00:00+00'),
         coalesce(r.site_id, '00000000-0000-0000-0000-000000000000'::uuid), r.status, count(*)
    FROM changed_rows r GROUP BY 1, 2, 3, 4;
  INSERT INTO access_log_site_total_deltas (company_id, site_id, status, n)
  SELECT r.company_id, coalesce(r.site_id, '00000000-0000-0000-0000-000000000000'::uuid), r.status, count(*)
    FROM changed_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION access_log_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_log_count_deltas (company_id, hour, site_id, status, n)
  SELECT r.company_id, date_bin('1 hour', r.at, timestamptz '2000-01-01 00:00:00+00'),
         coalesce(r.site_id, '00000000-0000-0000-0000-000000000000'::uuid), r.status, -count(*)
    FROM changed_rows r GROUP BY 1, 2, 3, 4;
  INSERT INTO access_log_site_total_deltas (company_id, site_id, status, n)
  SELECT r.company_id, coalesce(r.site_id, '00000000-0000-0000-0000-000000000000'::uuid), r.status, -count(*)
    FROM changed_rows r GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The fold: the pending deltas of every company into the base rows, in one transaction (a reader
-- sees the deltas or their sum, never both or neither). One fold at a time (an advisory lock tried,
-- never waited for). Its only row locks besides the deltas it deletes are the base rows, taken in key
-- order, table after table; the other writers of base rows are the cascades of a company's or a
-- site's deletion, and the fold first share-locks the companies and sites it folds with SKIP LOCKED:
-- one being deleted is left for a later fold, so the fold never waits on a deletion that waits on it.
CREATE OR REPLACE FUNCTION kept_counts_fold() RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  cs uuid[];
  ss uuid[];
  hours timestamptz[];
  folded integer := 0;
  k integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727275) THEN
    RETURN 0;
  END IF;
  cs := ARRAY(
    SELECT c.id FROM companies c
     WHERE c.id IN (SELECT company_id FROM alarm_count_deltas UNION SELECT company_id FROM alarm_status_count_deltas
                    UNION SELECT company_id FROM site_count_deltas UNION SELECT company_id FROM site_total_deltas
                    UNION SELECT company_id FROM access_log_count_deltas
                    UNION SELECT company_id FROM access_log_site_total_deltas)
     ORDER BY c.id FOR KEY SHARE SKIP LOCKED);
  IF cardinality(cs) = 0 THEN
    RETURN 0;
  END IF;

  WITH d AS (DELETE FROM alarm_count_deltas x WHERE x.company_id = ANY(cs) RETURNING x.company_id, x.bucket, x.severity, x.n)
  INSERT INTO alarm_counts AS c (company_id, bucket, severity, n)
  SELECT company_id, bucket, severity, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, bucket, severity) DO UPDATE SET n = c.n + excluded.n;
  GET DIAGNOSTICS k = ROW_COUNT;
  folded := folded + k;

  WITH d AS (DELETE FROM alarm_status_count_deltas x WHERE x.company_id = ANY(cs) RETURNING x.company_id, x.status, x.severity, x.n)
  INSERT INTO alarm_status_counts AS c (company_id, status, severity, n)
  SELECT company_id, status, severity, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, severity) DO UPDATE SET n = c.n + excluded.n;
  GET DIAGNOSTICS k = ROW_COUNT;
  folded := folded + k;

  ss := ARRAY(
    SELECT s.id FROM sites s
     WHERE s.company_id = ANY(cs) AND (s.company_id, s.id) IN (SELECT x.company_id, x.site_id FROM site_count_deltas x)
     ORDER BY s.company_id, s.id FOR KEY SHARE SKIP LOCKED);
  WITH d AS (DELETE FROM site_count_deltas x WHERE x.company_id = ANY(cs) AND x.site_id = ANY(ss)
             RETURNING x.company_id, x.site_id, x.cameras, x.open_alarms)
  INSERT INTO site_counts AS c (company_id, site_id, cameras, open_alarms)
  SELECT company_id, site_id, sum(cameras), sum(open_alarms) FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, site_id) DO UPDATE
    SET cameras = c.cameras + excluded.cameras, open_alarms = c.open_alarms + excluded.open_alarms;
  GET DIAGNOSTICS k = ROW_COUNT;
  folded := folded + k;
  -- A deleted site's deltas: its counts went with it.
  DELETE FROM site_count_deltas x
   WHERE x.company_id = ANY(cs) AND NOT EXISTS (SELECT 1 FROM sites s WHERE s.company_id = x.company_id AND s.id = x.site_id);

  WITH d AS (DELETE FROM site_total_deltas x WHERE x.company_id = ANY(cs) RETURNING x.company_id, x.status, x.type, x.n)
  INSERT INTO site_totals AS c (company_id, status, type, n)
  SELECT company_id, status, type, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, type) DO UPDATE SET n = c.n + excluded.n;
  GET DIAGNOSTICS k = ROW_COUNT;
  folded := folded + k;

  WITH d AS (DELETE FROM access_log_count_deltas x WHERE x.company_id = ANY(cs)
             RETURNING x.company_id, x.hour, x.site_id, x.status, x.n),
  u AS (
    INSERT INTO access_log_counts AS c (company_id, hour, site_id, status, n)
    SELECT company_id, hour, site_id, status, sum(n) FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, hour, site_id, status) DO UPDATE SET n = c.n + excluded.n
  )
  SELECT ARRAY(SELECT DISTINCT d.hour FROM d) INTO hours;
  -- Hours a purge emptied (0015 deleted them in its trigger).
  DELETE FROM access_log_counts c WHERE c.company_id = ANY(cs) AND c.hour = ANY(hours) AND c.n <= 0;

  WITH d AS (DELETE FROM access_log_site_total_deltas x WHERE x.company_id = ANY(cs)
             RETURNING x.company_id, x.site_id, x.status, x.n)
  INSERT INTO access_log_site_totals AS c (company_id, site_id, status, n)
  SELECT company_id, site_id, status, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, site_id, status) DO UPDATE SET n = c.n + excluded.n;
  GET DIAGNOSTICS k = ROW_COUNT;
  folded := folded + k;
  RETURN folded;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION kept_counts_fold() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kept_counts_fold() TO vigie_app;
