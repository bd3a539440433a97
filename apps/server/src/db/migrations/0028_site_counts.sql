CREATE TABLE "site_counts" (
	"company_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"cameras" integer DEFAULT 0 NOT NULL,
	"open_alarms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_counts_company_id_site_id_pk" PRIMARY KEY("company_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "site_counts" ADD CONSTRAINT "site_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_counts" ADD CONSTRAINT "site_counts_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Row-level security, as on every tenant table (see 0001). The triggers below write under the
-- caller's company setting, so they pass the same policy as the cameras and alarms they count.
ALTER TABLE site_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE site_counts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON site_counts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Cameras: once per statement on insert and delete (keys in order, as 0011's counts); a camera moved
-- to another site moves its count (a row trigger that runs only when the site changes).
CREATE OR REPLACE FUNCTION site_counts_cameras_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_counts AS c (company_id, site_id, cameras)
  SELECT r.company_id, r.site_id, count(*) FROM changed_rows r GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, site_id) DO UPDATE SET cameras = c.cameras + excluded.cameras;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_cameras_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counts c SET cameras = c.cameras - d.n
    FROM (SELECT r.company_id, r.site_id, count(*) AS n FROM changed_rows r GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE c.company_id = d.company_id AND c.site_id = d.site_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_camera_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counts SET cameras = cameras - 1 WHERE company_id = OLD.company_id AND site_id = OLD.site_id;
  INSERT INTO site_counts AS c (company_id, site_id, cameras) VALUES (NEW.company_id, NEW.site_id, 1)
  ON CONFLICT (company_id, site_id) DO UPDATE SET cameras = c.cameras + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_counts_cameras_insert AFTER INSERT ON cameras
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION site_counts_cameras_add();--> statement-breakpoint
CREATE TRIGGER site_counts_cameras_delete AFTER DELETE ON cameras
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION site_counts_cameras_remove();--> statement-breakpoint
CREATE TRIGGER site_counts_camera_update AFTER UPDATE OF company_id, site_id ON cameras FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.site_id IS DISTINCT FROM NEW.site_id)
  EXECUTE FUNCTION site_counts_camera_move();--> statement-breakpoint
-- Alarms: open (not resolved) ones. A creation group is one upsert per site, in key order; resolving
-- (or reopening, or moving an alarm to another site) moves one count; acknowledging and escalating
-- leave an alarm open and run nothing here (the row trigger's WHEN is false).
CREATE OR REPLACE FUNCTION site_counts_alarms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_counts AS c (company_id, site_id, open_alarms)
  SELECT r.company_id, r.site_id, count(*) FROM changed_rows r WHERE r.status <> 'resolved'
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, site_id) DO UPDATE SET open_alarms = c.open_alarms + excluded.open_alarms;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_alarms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counts c SET open_alarms = c.open_alarms - d.n
    FROM (SELECT r.company_id, r.site_id, count(*) AS n FROM changed_rows r WHERE r.status <> 'resolved'
           GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE c.company_id = d.company_id AND c.site_id = d.site_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_counts_alarm_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'resolved' THEN
    UPDATE site_counts SET open_alarms = open_alarms - 1 WHERE company_id = OLD.company_id AND site_id = OLD.site_id;
  END IF;
  IF NEW.status <> 'resolved' THEN
    INSERT INTO site_counts AS c (company_id, site_id, open_alarms) VALUES (NEW.company_id, NEW.site_id, 1)
    ON CONFLICT (company_id, site_id) DO UPDATE SET open_alarms = c.open_alarms + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_counts_alarms_insert AFTER INSERT ON alarms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION site_counts_alarms_add();--> statement-breakpoint
CREATE TRIGGER site_counts_alarms_delete AFTER DELETE ON alarms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION site_counts_alarms_remove();--> statement-breakpoint
CREATE TRIGGER site_counts_alarm_update AFTER UPDATE OF company_id, site_id, status ON alarms FOR EACH ROW
  WHEN ((OLD.status <> 'resolved') IS DISTINCT FROM (NEW.status <> 'resolved')
        OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.site_id IS DISTINCT FROM NEW.site_id)
  EXECUTE FUNCTION site_counts_alarm_move();--> statement-breakpoint
-- What is already there (as the owner: every company at once).
INSERT INTO site_counts (company_id, site_id, cameras, open_alarms)
SELECT company_id, site_id, sum(cameras), sum(open_alarms) FROM (
  SELECT company_id, site_id, count(*) AS cameras, 0 AS open_alarms FROM cameras GROUP BY 1, 2
  UNION ALL
  SELECT company_id, site_id, 0, count(*) FROM alarms WHERE status <> 'resolved' GROUP BY 1, 2
) x GROUP BY 1, 2;
