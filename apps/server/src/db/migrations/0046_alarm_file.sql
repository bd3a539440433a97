CREATE TABLE "alarm_file_counters" (
	"company_id" uuid NOT NULL,
	"alarm_id" uuid NOT NULL,
	"last" integer NOT NULL,
	"prev_hash" text,
	"last_hash" text NOT NULL,
	CONSTRAINT "alarm_file_counters_company_id_alarm_id_pk" PRIMARY KEY("company_id","alarm_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_file_entries" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"alarm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"data" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"amends_id" uuid,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_file_entries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "alarm_file_entries_kind_check" CHECK ("alarm_file_entries"."kind" in ('shown', 'taken', 'video_viewed', 'checklist_step', 'call', 'decision', 'authorities', 'note', 'amendment', 'intervention', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "alarm_file_counters" ADD CONSTRAINT "alarm_file_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_file_counters" ADD CONSTRAINT "alarm_file_counters_alarm_fk" FOREIGN KEY ("company_id","alarm_id") REFERENCES "public"."alarms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_file_entries" ADD CONSTRAINT "alarm_file_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_file_entries" ADD CONSTRAINT "alarm_file_entries_alarm_fk" FOREIGN KEY ("company_id","alarm_id") REFERENCES "public"."alarms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_file_entries" ADD CONSTRAINT "alarm_file_entries_amends_fk" FOREIGN KEY ("company_id","amends_id") REFERENCES "public"."alarm_file_entries"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_file_entries_alarm_number_key" ON "alarm_file_entries" USING btree ("company_id","alarm_id","number");--> statement-breakpoint
CREATE INDEX "alarm_file_entries_alarm_kind_idx" ON "alarm_file_entries" USING btree ("company_id","alarm_id","kind");--> statement-breakpoint
CREATE INDEX "alarm_file_entries_hash_idx" ON "alarm_file_entries" USING btree ("hash");--> statement-breakpoint
ALTER TABLE alarm_file_entries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_file_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_file_entries USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE alarm_file_counters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE alarm_file_counters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON alarm_file_counters USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- The alarm's file is append-only, like the main courante (migration 0022): the application's role
-- can neither edit nor remove an entry (the API has no such route either); a correction is a new
-- entry. The owner (migrations, a company's deletion) can.
CREATE OR REPLACE FUNCTION alarm_file_entries_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'vigie_app' THEN
    RAISE EXCEPTION 'alarm file entries are append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER alarm_file_entries_append_only BEFORE UPDATE OR DELETE ON alarm_file_entries
  FOR EACH ROW EXECUTE FUNCTION alarm_file_entries_append_only();
--> statement-breakpoint
-- The public verification of a printed alarm file by its fingerprint (its last entry's hash, which
-- seals every entry before it): the company, the entry's number and time, and how many entries the
-- file holds now (a file keeps growing after its PDF: notes, amendments); nothing of its content.
CREATE OR REPLACE FUNCTION alarm_file_verify(p_fingerprint text)
  RETURNS TABLE (company_name text, number integer, at timestamptz, entries integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT coalesce(c.legal_name, c.name), e.number, e.created_at,
           (SELECT k.last FROM alarm_file_counters k WHERE k.company_id = e.company_id AND k.alarm_id = e.alarm_id)
      FROM alarm_file_entries e JOIN companies c ON c.id = e.company_id
     WHERE e.hash = p_fingerprint
     LIMIT 1
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION alarm_file_verify(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION alarm_file_verify(text) TO vigie_app;
