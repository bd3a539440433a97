ALTER TABLE "alarms" DROP CONSTRAINT "alarms_company_id_site_id_sites_company_id_id_fk";
--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_company_id_site_id_sites_company_id_id_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;