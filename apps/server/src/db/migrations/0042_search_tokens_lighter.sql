ALTER TABLE "access_log_search_tokens" DROP CONSTRAINT "access_log_search_tokens_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "alarm_search_tokens" DROP CONSTRAINT "alarm_search_tokens_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_search_tokens" DROP CONSTRAINT "audit_search_tokens_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "camera_search_tokens" DROP CONSTRAINT "camera_search_tokens_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "site_search_tokens" DROP CONSTRAINT "site_search_tokens_company_id_companies_id_fk";
--> statement-breakpoint
-- A row's words, from its values: plain SQL functions that the planner inlines into the statement
-- that calls them. audit_search_words(e) and alarm_search_words(a) (SECURITY DEFINER, with their own
-- search_path) are not inlined and cost 0.23 ms a row, three quarters of an audit entry's tokens: the
-- insert triggers now join the name they need and call these once per statement (decision 0026).
CREATE OR REPLACE FUNCTION audit_words(action text, entity text, entity_id text, details jsonb, actor_name text)
  RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT vigie_tokens(concat_ws(' ', action, entity, entity_id, details::text, actor_name,
      audit_action_label(action), audit_entity_label(entity)))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_search_words(e audit_log) RETURNS text[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT audit_words(e.action, e.entity, e.entity_id, e.details,
      (SELECT u.name FROM users u WHERE u.company_id = e.company_id AND u.id = e.actor_user_id))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_words(title text, description text, location text, site_name text, camera_name text)
  RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT vigie_tokens(concat_ws(' ', title, description, location, site_name, camera_name))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_search_words(a alarms) RETURNS text[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT alarm_words(a.title, a.description, a.location,
      (SELECT s.name FROM sites s WHERE s.company_id = a.company_id AND s.id = a.site_id),
      (SELECT c.name FROM cameras c WHERE c.company_id = a.company_id AND c.id = a.camera_id))
$$;--> statement-breakpoint
-- The words of a new row are distinct (vigie_tokens) and its id is new: its token rows cannot
-- conflict, and ON CONFLICT's speculative insertion is dropped from the insert triggers.
CREATE OR REPLACE FUNCTION alarm_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO alarm_search_tokens (company_id, token, alarm_id)
  SELECT r.company_id, w, r.id FROM new_rows r
    LEFT JOIN sites s ON s.company_id = r.company_id AND s.id = r.site_id
    LEFT JOIN cameras c ON c.company_id = r.company_id AND c.id = r.camera_id
   CROSS JOIN unnest(alarm_words(r.title, r.description, r.location, s.name, c.name)) w;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO audit_search_tokens (company_id, token, entry_id)
  SELECT r.company_id, w, r.id FROM new_rows r
    LEFT JOIN users u ON u.company_id = r.company_id AND u.id = r.actor_user_id
   CROSS JOIN unnest(audit_words(r.action, r.entity, r.entity_id, r.details, u.name)) w;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION access_log_tokens_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO access_log_search_tokens (company_id, token, log_id)
  SELECT r.company_id, w, r.id FROM new_rows r
   CROSS JOIN unnest(vigie_tokens(concat_ws(' ', r.person_name, r.badge_number, r.department))) w;
  RETURN NULL;
END $$;
