ALTER TABLE "report_schedules" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_language_check" CHECK ("report_schedules"."language" in ('fr', 'en', 'es'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_language_check" CHECK ("reports"."language" in ('fr', 'en', 'es'));