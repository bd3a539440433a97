CREATE TABLE "access_log_search_tokens" (
	"company_id" uuid NOT NULL,
	"token" text NOT NULL,
	"log_id" bigint NOT NULL,
	CONSTRAINT "access_log_search_tokens_company_id_token_log_id_pk" PRIMARY KEY("company_id","token","log_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_search_tokens" (
	"company_id" uuid NOT NULL,
	"token" text NOT NULL,
	"alarm_id" uuid NOT NULL,
	CONSTRAINT "alarm_search_tokens_company_id_token_alarm_id_pk" PRIMARY KEY("company_id","token","alarm_id")
);
--> statement-breakpoint
CREATE TABLE "audit_search_tokens" (
	"company_id" uuid NOT NULL,
	"token" text NOT NULL,
	"entry_id" bigint NOT NULL,
	CONSTRAINT "audit_search_tokens_company_id_token_entry_id_pk" PRIMARY KEY("company_id","token","entry_id")
);
--> statement-breakpoint
CREATE TABLE "camera_search_tokens" (
	"company_id" uuid NOT NULL,
	"token" text NOT NULL,
	"camera_id" uuid NOT NULL,
	CONSTRAINT "camera_search_tokens_company_id_token_camera_id_pk" PRIMARY KEY("company_id","token","camera_id")
);
--> statement-breakpoint
CREATE TABLE "site_search_tokens" (
	"company_id" uuid NOT NULL,
	"token" text NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "site_search_tokens_company_id_token_site_id_pk" PRIMARY KEY("company_id","token","site_id")
);
--> statement-breakpoint
ALTER TABLE "access_log_search_tokens" ADD CONSTRAINT "access_log_search_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_search_tokens" ADD CONSTRAINT "alarm_search_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_search_tokens" ADD CONSTRAINT "audit_search_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_search_tokens" ADD CONSTRAINT "camera_search_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_search_tokens" ADD CONSTRAINT "site_search_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_search_tokens_row_idx" ON "access_log_search_tokens" USING btree ("company_id","log_id","token");--> statement-breakpoint
CREATE INDEX "alarm_search_tokens_row_idx" ON "alarm_search_tokens" USING btree ("company_id","alarm_id","token");--> statement-breakpoint
CREATE INDEX "audit_search_tokens_row_idx" ON "audit_search_tokens" USING btree ("company_id","entry_id","token");--> statement-breakpoint
CREATE INDEX "camera_search_tokens_row_idx" ON "camera_search_tokens" USING btree ("company_id","camera_id","token");--> statement-breakpoint
CREATE INDEX "site_search_tokens_row_idx" ON "site_search_tokens" USING btree ("company_id","site_id","token");--> statement-breakpoint
-- Search through tokens (docs/decisions/0014). Under forced row-level security the planner uses a
-- condition as an index condition for the app role only when its function is leakproof: LIKE is
-- not, so the searches read every row of the company. Text comparisons are: each searched row's
-- words, folded like vigie_fold and split on everything but [a-z0-9], are kept here by triggers,
-- and a search word is a prefix range on the token ("port" finds « Portail nord »).
--
-- The words of a text: folded, split on non-alphanumerics, cut to 32 characters (a B-tree entry
-- has a size limit and a longer search word is cut the same way), each once.
CREATE OR REPLACE FUNCTION vigie_tokens(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT w), '{}')
      FROM (SELECT left(x, 32) AS w FROM regexp_split_to_table(vigie_fold(t), '[^a-z0-9]+') x WHERE x <> '') s
  $$;--> statement-breakpoint
-- Row-level security as on every tenant table. The triggers run as the owner (SECURITY DEFINER):
-- rows are written by requests, jobs and owner-run purges alike, and the token rows copy the
-- company of the row they index.
ALTER TABLE alarm_search_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_search_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_search_tokens USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE camera_search_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE camera_search_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON camera_search_tokens USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE site_search_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE site_search_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON site_search_tokens USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE access_log_search_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE access_log_search_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_log_search_tokens USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE audit_search_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE audit_search_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_search_tokens USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- What each row is searched on (the search_text columns' texts, and the joined names).
CREATE OR REPLACE FUNCTION alarm_search_words(a alarms) RETURNS text[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT vigie_tokens(concat_ws(' ', a.title, a.description, a.location,
      (SELECT s.name FROM sites s WHERE s.company_id = a.company_id AND s.id = a.site_id),
      (SELECT c.name FROM cameras c WHERE c.company_id = a.company_id AND c.id = a.camera_id)))
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_search_words(e audit_log) RETURNS text[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT vigie_tokens(concat_ws(' ', e.action, e.entity, e.entity_id, e.details::text,
      (SELECT u.name FROM users u WHERE u.company_id = e.company_id AND u.id = e.actor_user_id)))
  $$;--> statement-breakpoint
-- Alarms: statement-level on insert and delete (a group of 200 alarms is one insert of tokens).
CREATE OR REPLACE FUNCTION alarm_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO alarm_search_tokens (company_id, token, alarm_id)
  SELECT r.company_id, w, r.id FROM new_rows r CROSS JOIN unnest(alarm_search_words(r::alarms)) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_tokens_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM alarm_search_tokens t USING old_rows o WHERE t.company_id = o.company_id AND t.alarm_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_tokens_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM alarm_search_tokens t WHERE t.company_id = OLD.company_id AND t.alarm_id = OLD.id;
  INSERT INTO alarm_search_tokens (company_id, token, alarm_id)
  SELECT NEW.company_id, w, NEW.id FROM unnest(alarm_search_words(NEW)) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER alarm_tokens_insert AFTER INSERT ON alarms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alarm_tokens_insert();--> statement-breakpoint
CREATE TRIGGER alarm_tokens_delete AFTER DELETE ON alarms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alarm_tokens_delete();--> statement-breakpoint
-- Status changes (acknowledge, resolve, escalate) do not fire it.
CREATE TRIGGER alarm_tokens_update AFTER UPDATE OF title, description, location, site_id, camera_id ON alarms
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.location IS DISTINCT FROM NEW.location OR OLD.site_id IS DISTINCT FROM NEW.site_id
    OR OLD.camera_id IS DISTINCT FROM NEW.camera_id)
  EXECUTE FUNCTION alarm_tokens_update();--> statement-breakpoint
-- A site or camera renamed (or a camera deleted): its alarms lose the words of the old name that
-- their other texts do not hold, and gain those of the new name. Only the words that changed are
-- written (a site with 25,000 alarms renamed « Entrepôt Nord » → « Entrepôt Sud »: one word out,
-- one in, per alarm), not every word of every alarm.
CREATE OR REPLACE FUNCTION alarm_tokens_rename(p_company uuid, p_site uuid, p_camera uuid, p_old text, p_new text)
  RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  gone text[] := ARRAY(SELECT unnest(vigie_tokens(coalesce(p_old, ''))) EXCEPT SELECT unnest(vigie_tokens(coalesce(p_new, ''))));
  added text[] := ARRAY(SELECT unnest(vigie_tokens(coalesce(p_new, ''))) EXCEPT SELECT unnest(vigie_tokens(coalesce(p_old, ''))));
  ids uuid[];
BEGIN
  IF cardinality(gone) = 0 AND cardinality(added) = 0 THEN
    RETURN;
  END IF;
  -- A site's alarms through (company_id, site_id, triggered_at); a camera's by a scan (renaming a
  -- camera is rare, and an index on alarms' camera_id would be paid at every alarm).
  IF p_site IS NOT NULL THEN
    ids := ARRAY(SELECT a.id FROM alarms a WHERE a.company_id = p_company AND a.site_id = p_site);
  ELSE
    ids := ARRAY(SELECT a.id FROM alarms a WHERE a.company_id = p_company AND a.camera_id = p_camera);
  END IF;
  IF cardinality(gone) > 0 THEN
    DELETE FROM alarm_search_tokens t USING alarms a
     WHERE a.company_id = p_company AND a.id = ANY(ids)
       AND t.company_id = a.company_id AND t.alarm_id = a.id AND t.token = ANY(gone)
       AND NOT t.token = ANY(alarm_search_words(a));
  END IF;
  IF cardinality(added) > 0 THEN
    INSERT INTO alarm_search_tokens (company_id, token, alarm_id)
    SELECT p_company, w, i FROM unnest(ids) i CROSS JOIN unnest(added) w
    ON CONFLICT DO NOTHING;
  END IF;
END $$;--> statement-breakpoint
-- Sites and cameras: their own tokens, and their name in their alarms' tokens.
CREATE OR REPLACE FUNCTION site_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO site_search_tokens (company_id, token, site_id)
  SELECT r.company_id, w, r.id FROM new_rows r CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.name, r.address))) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_tokens_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM site_search_tokens t USING old_rows o WHERE t.company_id = o.company_id AND t.site_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_tokens_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM site_search_tokens t WHERE t.company_id = OLD.company_id AND t.site_id = OLD.id;
  INSERT INTO site_search_tokens (company_id, token, site_id)
  SELECT NEW.company_id, w, NEW.id FROM unnest(vigie_tokens(concat_ws(' ', NEW.name, NEW.address))) w
  ON CONFLICT DO NOTHING;
  IF OLD.name IS DISTINCT FROM NEW.name THEN
    PERFORM alarm_tokens_rename(NEW.company_id, NEW.id, NULL, OLD.name, NEW.name);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_tokens_insert AFTER INSERT ON sites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_tokens_insert();--> statement-breakpoint
CREATE TRIGGER site_tokens_delete AFTER DELETE ON sites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_tokens_delete();--> statement-breakpoint
CREATE TRIGGER site_tokens_update AFTER UPDATE OF name, address ON sites
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.address IS DISTINCT FROM NEW.address)
  EXECUTE FUNCTION site_tokens_update();--> statement-breakpoint
CREATE OR REPLACE FUNCTION camera_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO camera_search_tokens (company_id, token, camera_id)
  SELECT r.company_id, w, r.id FROM new_rows r CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.name, r.location))) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION camera_tokens_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM camera_search_tokens t USING old_rows o WHERE t.company_id = o.company_id AND t.camera_id = o.id;
  -- A deleted camera's name no longer finds its alarms (their list shows no camera name), in one
  -- statement whatever the number of cameras (a company's deletion removes them all).
  DELETE FROM alarm_search_tokens t USING alarms a JOIN old_rows o ON o.company_id = a.company_id AND o.id = a.camera_id
   WHERE t.company_id = a.company_id AND t.alarm_id = a.id AND t.token = ANY(vigie_tokens(o.name))
     AND NOT t.token = ANY(alarm_search_words(a));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION camera_tokens_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM camera_search_tokens t WHERE t.company_id = OLD.company_id AND t.camera_id = OLD.id;
  INSERT INTO camera_search_tokens (company_id, token, camera_id)
  SELECT NEW.company_id, w, NEW.id FROM unnest(vigie_tokens(concat_ws(' ', NEW.name, NEW.location))) w
  ON CONFLICT DO NOTHING;
  IF OLD.name IS DISTINCT FROM NEW.name THEN
    PERFORM alarm_tokens_rename(NEW.company_id, NULL, NEW.id, OLD.name, NEW.name);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER camera_tokens_insert AFTER INSERT ON cameras REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION camera_tokens_insert();--> statement-breakpoint
CREATE TRIGGER camera_tokens_delete AFTER DELETE ON cameras REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION camera_tokens_delete();--> statement-breakpoint
CREATE TRIGGER camera_tokens_update AFTER UPDATE OF name, location ON cameras
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.location IS DISTINCT FROM NEW.location)
  EXECUTE FUNCTION camera_tokens_update();--> statement-breakpoint
-- Access log lines (never updated; deleted by the retention purge, in batches).
CREATE OR REPLACE FUNCTION access_log_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO access_log_search_tokens (company_id, token, log_id)
  SELECT r.company_id, w, r.id FROM new_rows r
   CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.person_name, r.badge_number, r.department))) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION access_log_tokens_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM access_log_search_tokens t USING old_rows o WHERE t.company_id = o.company_id AND t.log_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER access_log_tokens_insert AFTER INSERT ON access_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_tokens_insert();--> statement-breakpoint
CREATE TRIGGER access_log_tokens_delete AFTER DELETE ON access_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_tokens_delete();--> statement-breakpoint
-- Audit entries (never updated). The acting user's name is among an entry's words: renaming or
-- deleting the user moves them, as for a site's alarms.
CREATE OR REPLACE FUNCTION audit_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO audit_search_tokens (company_id, token, entry_id)
  SELECT r.company_id, w, r.id FROM new_rows r CROSS JOIN unnest(audit_search_words(r::audit_log)) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_tokens_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM audit_search_tokens t USING old_rows o WHERE t.company_id = o.company_id AND t.entry_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_tokens_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_tokens_insert();--> statement-breakpoint
CREATE TRIGGER audit_tokens_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_tokens_delete();--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_tokens_actor_rename() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  gone text[] := ARRAY(SELECT unnest(vigie_tokens(OLD.name)) EXCEPT SELECT unnest(vigie_tokens(NEW.name)));
  added text[] := ARRAY(SELECT unnest(vigie_tokens(NEW.name)) EXCEPT SELECT unnest(vigie_tokens(OLD.name)));
BEGIN
  IF cardinality(gone) > 0 THEN
    DELETE FROM audit_search_tokens t USING audit_log e
     WHERE e.company_id = OLD.company_id AND e.actor_user_id = OLD.id
       AND t.company_id = e.company_id AND t.entry_id = e.id AND t.token = ANY(gone)
       AND NOT t.token = ANY(audit_search_words(e));
  END IF;
  IF cardinality(added) > 0 THEN
    INSERT INTO audit_search_tokens (company_id, token, entry_id)
    SELECT e.company_id, w, e.id FROM audit_log e CROSS JOIN unnest(added) w
     WHERE e.company_id = OLD.company_id AND e.actor_user_id = OLD.id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_tokens_actor_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM audit_search_tokens t USING audit_log e JOIN old_rows o ON o.company_id = e.company_id AND o.id = e.actor_user_id
   WHERE t.company_id = e.company_id AND t.entry_id = e.id AND t.token = ANY(vigie_tokens(o.name))
     AND NOT t.token = ANY(audit_search_words(e));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_tokens_actor_rename AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION audit_tokens_actor_rename();--> statement-breakpoint
CREATE TRIGGER audit_tokens_actor_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_tokens_actor_delete();--> statement-breakpoint
-- Existing rows.
INSERT INTO site_search_tokens (company_id, token, site_id)
SELECT r.company_id, w, r.id FROM sites r CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.name, r.address))) w
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO camera_search_tokens (company_id, token, camera_id)
SELECT r.company_id, w, r.id FROM cameras r CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.name, r.location))) w
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO alarm_search_tokens (company_id, token, alarm_id)
SELECT r.company_id, w, r.id FROM alarms r CROSS JOIN unnest(alarm_search_words(r)) w
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO access_log_search_tokens (company_id, token, log_id)
SELECT r.company_id, w, r.id FROM access_logs r
 CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.person_name, r.badge_number, r.department))) w
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO audit_search_tokens (company_id, token, entry_id)
SELECT r.company_id, w, r.id FROM audit_log r CROSS JOIN unnest(audit_search_words(r)) w
ON CONFLICT DO NOTHING;
