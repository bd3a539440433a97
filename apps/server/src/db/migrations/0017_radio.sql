CREATE TABLE "radio_alerts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"radio_id" uuid,
	"imei" text,
	"agent_id" uuid,
	"agent_name" text,
	"description" text NOT NULL,
	"ai_recommendation" text NOT NULL,
	"category" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"location_source" text NOT NULL,
	"communication_id" uuid,
	"alarm_id" uuid,
	"site_id" uuid,
	"dispatched_agent_id" uuid,
	"dispatched_agent_name" text,
	"dispatched_distance_m" integer,
	"dispatched_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_alerts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "radio_alerts_type_check" CHECK ("radio_alerts"."type" in ('sos', 'emergency')),
	CONSTRAINT "radio_alerts_status_check" CHECK ("radio_alerts"."status" in ('active', 'acknowledged', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "radio_channel_members" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"agent_id" uuid,
	"radio_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_channel_members_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "radio_channel_members_one_check" CHECK (("radio_channel_members"."agent_id" is null) <> ("radio_channel_members"."radio_id" is null))
);
--> statement-breakpoint
CREATE TABLE "radio_channels" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"priority" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_channels_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "radio_channels_type_check" CHECK ("radio_channels"."type" in ('site', 'emergency', 'general', 'team')),
	CONSTRAINT "radio_channels_priority_check" CHECK ("radio_channels"."priority" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "radio_communications" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid,
	"channel_name" text NOT NULL,
	"radio_id" uuid,
	"speaker_agent_id" uuid,
	"speaker_user_id" uuid,
	"from_name" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer,
	"transcript" text,
	"transcript_status" text DEFAULT 'none' NOT NULL,
	"transcribe_attempts" smallint DEFAULT 0 NOT NULL,
	"emergency_detected" boolean DEFAULT false NOT NULL,
	"ai_analysis" jsonb,
	"audio_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_communications_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "radio_communications_source_check" CHECK ("radio_communications"."source" in ('device', 'browser')),
	CONSTRAINT "radio_communications_transcript_status_check" CHECK ("radio_communications"."transcript_status" in ('none', 'pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "radios" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"imei" text NOT NULL,
	"serial_number" text NOT NULL,
	"agent_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"battery" smallint,
	"signal_strength" smallint,
	"current_channel_id" uuid,
	"last_lat" double precision,
	"last_lng" double precision,
	"last_accuracy_m" double precision,
	"last_position_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radios_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "radios_status_check" CHECK ("radios"."status" in ('active', 'assigned', 'inactive')),
	CONSTRAINT "radios_imei_check" CHECK ("radios"."imei" ~ '^[0-9]{15}$')
);
--> statement-breakpoint
ALTER TABLE "integration_keys" DROP CONSTRAINT "integration_keys_scope_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "recording_retention_days" integer DEFAULT 183 NOT NULL;--> statement-breakpoint
ALTER TABLE "radio_alerts" ADD CONSTRAINT "radio_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_channel_members" ADD CONSTRAINT "radio_channel_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_channel_members" ADD CONSTRAINT "radio_channel_members_company_id_channel_id_radio_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."radio_channels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_channel_members" ADD CONSTRAINT "radio_channel_members_company_id_agent_id_agents_company_id_id_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_channel_members" ADD CONSTRAINT "radio_channel_members_company_id_radio_id_radios_company_id_id_fk" FOREIGN KEY ("company_id","radio_id") REFERENCES "public"."radios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_channels" ADD CONSTRAINT "radio_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_communications" ADD CONSTRAINT "radio_communications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_communications" ADD CONSTRAINT "radio_communications_company_id_audio_file_id_files_company_id_id_fk" FOREIGN KEY ("company_id","audio_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radios" ADD CONSTRAINT "radios_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "radio_alerts_company_created_idx" ON "radio_alerts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "radio_alerts_company_open_idx" ON "radio_alerts" USING btree ("company_id","created_at") WHERE status <> 'resolved';--> statement-breakpoint
CREATE UNIQUE INDEX "radio_channel_members_agent_key" ON "radio_channel_members" USING btree ("company_id","channel_id","agent_id") WHERE agent_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "radio_channel_members_radio_key" ON "radio_channel_members" USING btree ("company_id","channel_id","radio_id") WHERE radio_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "radio_channels_company_name_key" ON "radio_channels" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "radio_communications_company_at_idx" ON "radio_communications" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "radio_communications_company_channel_at_idx" ON "radio_communications" USING btree ("company_id","channel_id","at");--> statement-breakpoint
CREATE INDEX "radio_communications_at_idx" ON "radio_communications" USING btree ("at");--> statement-breakpoint
CREATE INDEX "radio_communications_pending_idx" ON "radio_communications" USING btree ("created_at") WHERE transcript_status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "radios_company_imei_key" ON "radios" USING btree ("company_id","imei");--> statement-breakpoint
CREATE INDEX "radios_company_agent_idx" ON "radios" USING btree ("company_id","agent_id");--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_scope_check" CHECK ("integration_keys"."scope" in ('alarms', 'access_point', 'radio'));--> statement-breakpoint
-- References that outlive their target: SET NULL on the one column, so company_id stays (PG 15+).
ALTER TABLE "radios" ADD CONSTRAINT "radios_agent_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."agents"("company_id","id") ON DELETE SET NULL ("agent_id");--> statement-breakpoint
ALTER TABLE "radios" ADD CONSTRAINT "radios_current_channel_fk" FOREIGN KEY ("company_id","current_channel_id") REFERENCES "public"."radio_channels"("company_id","id") ON DELETE SET NULL ("current_channel_id");--> statement-breakpoint
ALTER TABLE "radio_communications" ADD CONSTRAINT "radio_communications_channel_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."radio_channels"("company_id","id") ON DELETE SET NULL ("channel_id");--> statement-breakpoint
ALTER TABLE "radio_communications" ADD CONSTRAINT "radio_communications_radio_fk" FOREIGN KEY ("company_id","radio_id") REFERENCES "public"."radios"("company_id","id") ON DELETE SET NULL ("radio_id");--> statement-breakpoint
ALTER TABLE "radio_alerts" ADD CONSTRAINT "radio_alerts_radio_fk" FOREIGN KEY ("company_id","radio_id") REFERENCES "public"."radios"("company_id","id") ON DELETE SET NULL ("radio_id");--> statement-breakpoint
ALTER TABLE "radio_alerts" ADD CONSTRAINT "radio_alerts_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE SET NULL ("site_id");--> statement-breakpoint
-- Row-level security on the new tenant tables. None is watched by the change feed: the radio
-- lists are not kept in the answer cache, and 200 status reports a second must not wake it.
ALTER TABLE radio_channels ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE radio_channels FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON radio_channels USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE radios ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE radios FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON radios USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE radio_channel_members ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE radio_channel_members FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON radio_channel_members USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE radio_communications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE radio_communications FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON radio_communications USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
ALTER TABLE radio_alerts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE radio_alerts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON radio_alerts USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
-- Retention of radio recordings (personal data): communications older than each company's setting,
-- removed with their audio in batches of p_batch; answers what it removed per company.
CREATE OR REPLACE FUNCTION radio_communications_purge(p_now timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT r.company_id, r.id, r.audio_file_id FROM radio_communications r JOIN companies c ON c.id = r.company_id
       WHERE r.at < p_now - make_interval(days => c.recording_retention_days)
       LIMIT p_batch
    ), gone AS (
      DELETE FROM radio_communications r USING doomed d WHERE r.company_id = d.company_id AND r.id = d.id
      RETURNING r.company_id
    ), audio AS (
      DELETE FROM files f USING doomed d WHERE f.company_id = d.company_id AND f.id = d.audio_file_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;--> statement-breakpoint
-- Recordings waiting for the speech-to-text service, whatever their company (the worker then reads
-- and writes each under its company's RLS).
CREATE OR REPLACE FUNCTION radio_pending_transcriptions(p_limit integer)
  RETURNS TABLE (company_id uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT r.company_id, r.id FROM radio_communications r
     WHERE r.transcript_status = 'pending' ORDER BY r.created_at LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION radio_communications_purge(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION radio_pending_transcriptions(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION radio_communications_purge(timestamptz, integer) TO vigie_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION radio_pending_transcriptions(integer) TO vigie_app;
