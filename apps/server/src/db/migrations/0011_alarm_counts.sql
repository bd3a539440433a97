CREATE TABLE "alarm_counts" (
	"company_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"severity" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "alarm_counts_company_id_bucket_severity_pk" PRIMARY KEY("company_id","bucket","severity")
);
--> statement-breakpoint
CREATE TABLE "alarm_status_counts" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"severity" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "alarm_status_counts_company_id_status_severity_pk" PRIMARY KEY("company_id","status","severity")
);
--> statement-breakpoint
ALTER TABLE "alarm_counts" ADD CONSTRAINT "alarm_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_status_counts" ADD CONSTRAINT "alarm_status_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Row-level security, as on every tenant table (see 0001). The triggers below write under the
-- caller's company setting, so they pass the same policy as the alarms they count.
ALTER TABLE alarm_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_counts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_counts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE alarm_status_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_status_counts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_status_counts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- The quarter of an hour an alarm counts in (UTC-aligned; every local midnight in use is one).
CREATE OR REPLACE FUNCTION alarm_count_bucket(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$;--> statement-breakpoint
-- Once per statement: a group of 200 alarms is one upsert per quarter and severity (and one per
-- status and severity), taken in key order so that concurrent groups lock the same rows in the same
-- order (no deadlock).
CREATE OR REPLACE FUNCTION alarm_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_counts AS c (company_id, bucket, severity, n)
  SELECT r.company_id, alarm_count_bucket(r.triggered_at), r.severity, count(*)
    FROM changed_rows r GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, bucket, severity) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO alarm_status_counts AS c (company_id, status, severity, n)
  SELECT r.company_id, r.status, r.severity, count(*)
    FROM changed_rows r GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, severity) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alarm_counts c SET n = c.n - d.n
    FROM (SELECT r.company_id, alarm_count_bucket(r.triggered_at) AS bucket, r.severity, count(*) AS n
            FROM changed_rows r GROUP BY 1, 2, 3) d
   WHERE c.company_id = d.company_id AND c.bucket = d.bucket AND c.severity = d.severity;
  UPDATE alarm_status_counts c SET n = c.n - d.n
    FROM (SELECT r.company_id, r.status, r.severity, count(*) AS n FROM changed_rows r GROUP BY 1, 2, 3) d
   WHERE c.company_id = d.company_id AND c.status = d.status AND c.severity = d.severity;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Once per statement: acknowledging, resolving (and escalating, which changes neither column and
-- writes nothing here) move alarms between statuses.
CREATE OR REPLACE FUNCTION alarm_status_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_status_counts AS c (company_id, status, severity, n)
  SELECT x.company_id, x.status, x.severity, sum(x.delta)
    FROM (SELECT o.company_id, o.status, o.severity, -1 AS delta FROM old_rows o
          UNION ALL
          SELECT w.company_id, w.status, w.severity, 1 FROM new_rows w) x
   GROUP BY 1, 2, 3 HAVING sum(x.delta) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, severity) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No screen changes an alarm's severity or trigger time; should anything ever do so, the row moves.
CREATE OR REPLACE FUNCTION alarm_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.company_id, OLD.severity, alarm_count_bucket(OLD.triggered_at))
       IS DISTINCT FROM (NEW.company_id, NEW.severity, alarm_count_bucket(NEW.triggered_at)) THEN
    UPDATE alarm_counts SET n = n - 1
     WHERE company_id = OLD.company_id AND bucket = alarm_count_bucket(OLD.triggered_at) AND severity = OLD.severity;
    INSERT INTO alarm_counts AS c (company_id, bucket, severity, n)
    VALUES (NEW.company_id, alarm_count_bucket(NEW.triggered_at), NEW.severity, 1)
    ON CONFLICT (company_id, bucket, severity) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER alarm_counts_insert AFTER INSERT ON alarms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_counts_add();--> statement-breakpoint
CREATE TRIGGER alarm_counts_delete AFTER DELETE ON alarms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_counts_remove();--> statement-breakpoint
CREATE TRIGGER alarm_counts_update AFTER UPDATE OF company_id, severity, triggered_at ON alarms
  FOR EACH ROW EXECUTE FUNCTION alarm_counts_move();--> statement-breakpoint
CREATE TRIGGER alarm_status_counts_update AFTER UPDATE ON alarms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_status_counts_move();--> statement-breakpoint
-- The alarms already there (as the owner: every company at once).
INSERT INTO alarm_counts (company_id, bucket, severity, n)
SELECT company_id, alarm_count_bucket(triggered_at), severity, count(*) FROM alarms GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO alarm_status_counts (company_id, status, severity, n)
SELECT company_id, status, severity, count(*) FROM alarms GROUP BY 1, 2, 3;
