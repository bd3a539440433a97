CREATE TABLE "camera_events" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "camera_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"camera_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "camera_probe_totals" (
	"company_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"probes" integer NOT NULL,
	"ok_probes" integer NOT NULL,
	CONSTRAINT "camera_probe_totals_company_id_bucket_pk" PRIMARY KEY("company_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "camera_probes" (
	"company_id" uuid NOT NULL,
	"camera_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"probes" integer NOT NULL,
	"ok_probes" integer NOT NULL,
	"latency_ms_sum" bigint NOT NULL,
	"last_probed_at" timestamp with time zone NOT NULL,
	"last_ok" boolean NOT NULL,
	"last_latency_ms" integer,
	CONSTRAINT "camera_probes_company_id_camera_id_bucket_pk" PRIMARY KEY("company_id","camera_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "cameras" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"type" text DEFAULT 'fixed' NOT NULL,
	"resolution" text DEFAULT '1080p' NOT NULL,
	"ip_address" text,
	"rtsp_url" text,
	"snapshot_url" text,
	"stream_username" text,
	"stream_password" text,
	"night_vision" boolean DEFAULT false NOT NULL,
	"motion_detection" boolean DEFAULT false NOT NULL,
	"recording" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Hors ligne' NOT NULL,
	"last_ping" timestamp with time zone,
	"probe_host" text,
	"probe_port" integer,
	"search_text" text GENERATED ALWAYS AS (vigie_fold(name || ' ' || location)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cameras_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "cameras_type_check" CHECK ("cameras"."type" in ('fixed', 'ptz')),
	CONSTRAINT "cameras_resolution_check" CHECK ("cameras"."resolution" in ('720p', '1080p', '4K')),
	CONSTRAINT "cameras_status_check" CHECK ("cameras"."status" in ('En ligne', 'Hors ligne'))
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"type" text DEFAULT 'commercial' NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"status" text DEFAULT 'active' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"search_text" text GENERATED ALWAYS AS (vigie_fold(name || ' ' || address)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "sites_type_check" CHECK ("sites"."type" in ('commercial', 'industriel', 'residentiel', 'public')),
	CONSTRAINT "sites_status_check" CHECK ("sites"."status" in ('active', 'inactive')),
	CONSTRAINT "sites_latitude_check" CHECK ("sites"."latitude" between -90 and 90),
	CONSTRAINT "sites_longitude_check" CHECK ("sites"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "camera_events" ADD CONSTRAINT "camera_events_company_id_camera_id_cameras_company_id_id_fk" FOREIGN KEY ("company_id","camera_id") REFERENCES "public"."cameras"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_probe_totals" ADD CONSTRAINT "camera_probe_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_probes" ADD CONSTRAINT "camera_probes_company_id_camera_id_cameras_company_id_id_fk" FOREIGN KEY ("company_id","camera_id") REFERENCES "public"."cameras"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_events_company_camera_idx" ON "camera_events" USING btree ("company_id","camera_id","occurred_at");--> statement-breakpoint
CREATE INDEX "camera_probes_company_bucket_idx" ON "camera_probes" USING btree ("company_id","bucket");--> statement-breakpoint
CREATE INDEX "cameras_company_name_idx" ON "cameras" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "cameras_company_site_name_idx" ON "cameras" USING btree ("company_id","site_id","name","id");--> statement-breakpoint
CREATE INDEX "cameras_company_status_idx" ON "cameras" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "sites_company_name_idx" ON "sites" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "sites_company_status_updated_idx" ON "sites" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "sites_company_created_idx" ON "sites" USING btree ("company_id","created_at");