-- The main courante's system entries also record guard tour alerts (a round not started on time,
-- overdue, or ended with checkpoints missed: `tour.alert`, site from the round) and lone-worker
-- alerts (a missed check-in: `lone_worker.alert` created, site from the payload checked against the
-- company's sites). Same signature and grants as in 0022; the other kinds are unchanged, but every
-- lookup now compares uuids (an index condition) instead of `id::text` (a scan per event), and an
-- alarm's severity is written in French (« gravité moyenne », not « gravité medium »).
CREATE OR REPLACE FUNCTION logbook_payload_uuid(v text) RETURNS uuid
  LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN v ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN v::uuid END
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION logbook_pending_events(p_after bigint, p_before timestamptz, p_limit integer)
  RETURNS TABLE (event_id bigint, company_id uuid, site_id uuid, at timestamptz, kind text, label text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    WITH ev AS (
      SELECT e.company_id, e.id, e.type, e.payload, e.created_at FROM events e
       WHERE e.id > p_after AND e.created_at < p_before
       ORDER BY e.id LIMIT p_limit
    )
    SELECT ev.id, ev.company_id,
           CASE
             WHEN ev.type IN ('alarm.created', 'access.logged', 'lone_worker.alert') THEN (SELECT s.id FROM sites s WHERE s.company_id = ev.company_id AND s.id = logbook_payload_uuid(ev.payload->>'siteId'))
             WHEN ev.type = 'radio.alert' THEN (SELECT ra.site_id FROM radio_alerts ra WHERE ra.company_id = ev.company_id AND ra.id = logbook_payload_uuid(ev.payload->>'id'))
             WHEN ev.type = 'shift.changed' THEN (SELECT sh.site_id FROM shifts sh WHERE sh.company_id = ev.company_id AND sh.id = logbook_payload_uuid(ev.payload->>'id'))
             WHEN ev.type = 'tour.alert' THEN (SELECT r.site_id FROM tour_rounds r WHERE r.company_id = ev.company_id AND r.id = logbook_payload_uuid(ev.payload->>'roundId'))
           END,
           ev.created_at,
           CASE
             WHEN ev.type = 'alarm.created' THEN 'alarm'
             WHEN ev.type = 'access.logged' AND ev.payload->>'status' = 'Refusé' THEN 'access'
             WHEN ev.type = 'radio.alert' AND ev.payload->>'change' = 'created' THEN 'radio'
             WHEN ev.type = 'shift.changed' AND ev.payload->>'change' = 'clock_in' THEN 'clock_in'
             WHEN ev.type = 'tour.alert' THEN 'tour'
             WHEN ev.type = 'lone_worker.alert' AND ev.payload->>'change' = 'created' THEN 'lone_worker'
           END,
           CASE
             WHEN ev.type = 'alarm.created' THEN concat_ws(' — ', ev.payload->>'title', ev.payload->>'location', 'gravité ' || CASE ev.payload->>'severity' WHEN 'low' THEN 'faible' WHEN 'medium' THEN 'moyenne' WHEN 'high' THEN 'importante' WHEN 'critical' THEN 'critique' ELSE ev.payload->>'severity' END)
             WHEN ev.type = 'access.logged' THEN concat_ws(' — ', ev.payload->>'personName', ev.payload->>'location', ev.payload->>'reason')
             WHEN ev.type = 'radio.alert' THEN (SELECT concat_ws(' — ', upper(ra.type), ra.agent_name, ra.description) FROM radio_alerts ra WHERE ra.company_id = ev.company_id AND ra.id = logbook_payload_uuid(ev.payload->>'id'))
             WHEN ev.type = 'shift.changed' THEN (SELECT a.name FROM shifts sh JOIN agents a ON a.company_id = sh.company_id AND a.id = sh.agent_id WHERE sh.company_id = ev.company_id AND sh.id = logbook_payload_uuid(ev.payload->>'id'))
             -- The alert's body names the tour, the site, the agent and, for a round ended short, the
             -- checkpoints not scanned (guard-tours.jobs.ts).
             WHEN ev.type = 'tour.alert' THEN coalesce(nullif(ev.payload->>'body', ''), ev.payload->>'title')
             WHEN ev.type = 'lone_worker.alert' THEN coalesce(nullif(ev.payload->>'agentName', ''), 'agent inconnu')
           END
      FROM ev ORDER BY ev.id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION logbook_pending_events(bigint, timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION logbook_pending_events(bigint, timestamptz, integer) TO vigie_app;--> statement-breakpoint
-- Reports: the main courante of a period (an addition to the specification's six types).
ALTER TABLE "reports" DROP CONSTRAINT "reports_type_check";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_type_check" CHECK ("reports"."type" in ('security', 'incidents', 'attendance', 'access', 'cameras', 'alarms', 'logbook'));--> statement-breakpoint
ALTER TABLE "report_schedules" DROP CONSTRAINT "report_schedules_type_check";--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_type_check" CHECK ("report_schedules"."type" in ('security', 'incidents', 'attendance', 'access', 'cameras', 'alarms', 'logbook'));--> statement-breakpoint
-- A period of a site (the list's from/to, the main courante report): the day of a 100,000-entry
-- register read by its own rows, not by walking the numbers back from the newest (bench/logbook.ts).
CREATE INDEX "logbook_entries_site_occurred_idx" ON "logbook_entries" USING btree ("company_id","site_id","occurred_at");--> statement-breakpoint
-- One statement numbers, seals and writes an entry (logbook.service.ts appendEntry): the counter row
-- also keeps the hash before its last one, so that statement can answer the new entry's prev_hash.
ALTER TABLE "logbook_counters" ADD COLUMN "prev_hash" text;
