-- Main courante électronique: an append-only register per site. Each entry has a number per site
-- with no gap (the counter row, updated in the insert's transaction, also orders the chain) and
-- stores the hash of the previous entry, so that altering a row in the database shows.
CREATE TABLE "logbook_entries" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"site_name" text NOT NULL,
	"number" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"shift_id" uuid,
	"corrects_id" uuid,
	"source" text NOT NULL,
	"source_event_id" bigint,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_entries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "logbook_entries_category_check" CHECK ("logbook_entries"."category" in ('ronde', 'incident', 'passage', 'consigne', 'relève', 'appel', 'intervention', 'autre')),
	CONSTRAINT "logbook_entries_source_check" CHECK ("logbook_entries"."source" in ('user', 'system'))
);
--> statement-breakpoint
CREATE TABLE "logbook_counters" (
	"company_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"last" integer NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "logbook_counters_company_id_site_id_pk" PRIMARY KEY("company_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "logbook_copier_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_counters" ADD CONSTRAINT "logbook_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_company_id_corrects_id_fk" FOREIGN KEY ("company_id","corrects_id") REFERENCES "public"."logbook_entries"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_site_number_key" ON "logbook_entries" USING btree ("company_id","site_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_source_event_key" ON "logbook_entries" USING btree ("company_id","source_event_id") WHERE "logbook_entries"."source_event_id" is not null;--> statement-breakpoint
CREATE INDEX "logbook_entries_corrects_idx" ON "logbook_entries" USING btree ("company_id","corrects_id") WHERE "logbook_entries"."corrects_id" is not null;--> statement-breakpoint
CREATE INDEX "logbook_entries_site_category_idx" ON "logbook_entries" USING btree ("company_id","site_id","category","number");--> statement-breakpoint
ALTER TABLE logbook_entries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE logbook_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON logbook_entries USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE logbook_counters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE logbook_counters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON logbook_counters USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- The register is append-only: the application's role can neither edit nor remove an entry (the
-- API has no such route either). The owner (migrations, retention by company deletion) can.
CREATE OR REPLACE FUNCTION logbook_entries_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'vigie_app' THEN
    RAISE EXCEPTION 'logbook entries are append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER logbook_entries_append_only BEFORE UPDATE OR DELETE ON logbook_entries
  FOR EACH ROW EXECUTE FUNCTION logbook_entries_append_only();--> statement-breakpoint
-- The system entries' source: alarms, access refusals, radio SOS and clock-ins after p_after, of
-- every company, in id order, with their site (owner-run; the copier then writes each entry under
-- its company's RLS). Answers also the last event id looked at, so skipped events are passed.
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
             WHEN ev.type = 'alarm.created' THEN (SELECT s.id FROM sites s WHERE s.company_id = ev.company_id AND s.id::text = ev.payload->>'siteId')
             WHEN ev.type = 'access.logged' THEN (SELECT s.id FROM sites s WHERE s.company_id = ev.company_id AND s.id::text = ev.payload->>'siteId')
             WHEN ev.type = 'radio.alert' THEN (SELECT ra.site_id FROM radio_alerts ra WHERE ra.company_id = ev.company_id AND ra.id::text = ev.payload->>'id')
             WHEN ev.type = 'shift.changed' THEN (SELECT sh.site_id FROM shifts sh WHERE sh.company_id = ev.company_id AND sh.id::text = ev.payload->>'id')
           END,
           ev.created_at,
           CASE
             WHEN ev.type = 'alarm.created' THEN 'alarm'
             WHEN ev.type = 'access.logged' AND ev.payload->>'status' = 'Refusé' THEN 'access'
             WHEN ev.type = 'radio.alert' AND ev.payload->>'change' = 'created' THEN 'radio'
             WHEN ev.type = 'shift.changed' AND ev.payload->>'change' = 'clock_in' THEN 'clock_in'
           END,
           CASE
             WHEN ev.type = 'alarm.created' THEN concat_ws(' — ', ev.payload->>'title', ev.payload->>'location', 'gravité ' || (ev.payload->>'severity'))
             WHEN ev.type = 'access.logged' THEN concat_ws(' — ', ev.payload->>'personName', ev.payload->>'location', ev.payload->>'reason')
             WHEN ev.type = 'radio.alert' THEN (SELECT concat_ws(' — ', upper(ra.type), ra.agent_name, ra.description) FROM radio_alerts ra WHERE ra.company_id = ev.company_id AND ra.id::text = ev.payload->>'id')
             WHEN ev.type = 'shift.changed' THEN (SELECT a.name FROM shifts sh JOIN agents a ON a.company_id = sh.company_id AND a.id = sh.agent_id WHERE sh.company_id = ev.company_id AND sh.id::text = ev.payload->>'id')
           END
      FROM ev ORDER BY ev.id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION logbook_pending_events(bigint, timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION logbook_pending_events(bigint, timestamptz, integer) TO vigie_app;
