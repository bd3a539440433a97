-- Renames move search tokens faster (docs/decisions/0014): checking whether an alarm's other texts
-- still hold a word called alarm_search_words() per alarm — a SECURITY DEFINER function with two
-- look-ups, about 0.5 ms each — and a site of 25,000 alarms took 15.7 s to rename. The names are
-- now joined once and the words computed inline.
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
  IF p_site IS NOT NULL THEN
    ids := ARRAY(SELECT a.id FROM alarms a WHERE a.company_id = p_company AND a.site_id = p_site);
  ELSE
    ids := ARRAY(SELECT a.id FROM alarms a WHERE a.company_id = p_company AND a.camera_id = p_camera);
  END IF;
  IF cardinality(gone) > 0 THEN
    -- The trigger runs after the change: the joined name is already the new one (or gone).
    DELETE FROM alarm_search_tokens t USING alarms a
      LEFT JOIN sites s ON s.company_id = a.company_id AND s.id = a.site_id
      LEFT JOIN cameras c ON c.company_id = a.company_id AND c.id = a.camera_id
     WHERE a.company_id = p_company AND a.id = ANY(ids)
       AND t.company_id = a.company_id AND t.alarm_id = a.id AND t.token = ANY(gone)
       AND NOT t.token = ANY(vigie_tokens(concat_ws(' ', a.title, a.description, a.location, s.name, c.name)));
  END IF;
  IF cardinality(added) > 0 THEN
    INSERT INTO alarm_search_tokens (company_id, token, alarm_id)
    SELECT p_company, w, i FROM unnest(ids) i CROSS JOIN unnest(added) w
    ON CONFLICT DO NOTHING;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION camera_tokens_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM camera_search_tokens t USING old_rows o WHERE t.company_id = o.company_id AND t.camera_id = o.id;
  DELETE FROM alarm_search_tokens t USING alarms a
      JOIN old_rows o ON o.company_id = a.company_id AND o.id = a.camera_id
      LEFT JOIN sites s ON s.company_id = a.company_id AND s.id = a.site_id
   WHERE t.company_id = a.company_id AND t.alarm_id = a.id AND t.token = ANY(vigie_tokens(o.name))
     AND NOT t.token = ANY(vigie_tokens(concat_ws(' ', a.title, a.description, a.location, s.name)));
  RETURN NULL;
END $$;--> statement-breakpoint
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
       AND NOT t.token = ANY(vigie_tokens(concat_ws(' ', e.action, e.entity, e.entity_id, e.details::text, NEW.name)));
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
     AND NOT t.token = ANY(vigie_tokens(concat_ws(' ', e.action, e.entity, e.entity_id, e.details::text)));
  RETURN NULL;
END $$;
