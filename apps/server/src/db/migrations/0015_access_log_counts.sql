CREATE TABLE "access_log_counts" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"site_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "access_log_counts_company_id_hour_site_id_status_pk" PRIMARY KEY("company_id","hour","site_id","status")
);
--> statement-breakpoint
ALTER TABLE "access_log_counts" ADD CONSTRAINT "access_log_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE access_log_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE access_log_counts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_log_counts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Counts move with the lines: one upsert per statement and (company, hour, site, decision), so a
-- purge batch of 5,000 lines or a burst of checks touches a handful of count rows.
CREATE OR REPLACE FUNCTION access_log_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_log_counts AS c (company_id, hour, site_id, status, n)
  SELECT r.company_id, date_bin('1 hour', r.at, timestamptz '2000-01-01 00:00:00+00'), coalesce(r.site_id, '00000000-0000-0000-0000-000000000000'::uuid),
         r.status, count(*)
    FROM changed_rows r GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, hour, site_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION access_log_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_log_counts c SET n = c.n - d.n
    FROM (SELECT r.company_id, date_bin('1 hour', r.at, timestamptz '2000-01-01 00:00:00+00') AS hour,
                 coalesce(r.site_id, '00000000-0000-0000-0000-000000000000'::uuid) AS site_id, r.status, count(*) AS n
            FROM changed_rows r GROUP BY 1, 2, 3, 4) d
   WHERE c.company_id = d.company_id AND c.hour = d.hour AND c.site_id = d.site_id AND c.status = d.status;
  DELETE FROM access_log_counts c WHERE c.n <= 0
     AND (c.company_id, c.hour) IN (SELECT DISTINCT r.company_id, date_bin('1 hour', r.at, timestamptz '2000-01-01 00:00:00+00') FROM changed_rows r);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER access_log_counts_insert AFTER INSERT ON access_logs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION access_log_counts_add();--> statement-breakpoint
CREATE TRIGGER access_log_counts_delete AFTER DELETE ON access_logs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION access_log_counts_remove();--> statement-breakpoint
INSERT INTO access_log_counts (company_id, hour, site_id, status, n)
SELECT company_id, date_bin('1 hour', at, timestamptz '2000-01-01 00:00:00+00'), coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid), status, count(*)
  FROM access_logs GROUP BY 1, 2, 3, 4;
