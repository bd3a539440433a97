-- Offline replay: the agent's phone names each write it queues (a main courante entry, a checkpoint
-- scan) with a uuid of its own, so that sending it again after a lost answer finds the first one
-- instead of writing it twice. Unique per company; older rows and writes without one stay null.
-- Adding a nullable column rewrites no row, so the register's append-only trigger is not involved.
ALTER TABLE "logbook_entries" ADD COLUMN "client_ref" uuid;--> statement-breakpoint
ALTER TABLE "tour_scans" ADD COLUMN "client_ref" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_client_ref_key" ON "logbook_entries" USING btree ("company_id","client_ref") WHERE "logbook_entries"."client_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_scans_client_ref_key" ON "tour_scans" USING btree ("company_id","client_ref") WHERE "tour_scans"."client_ref" is not null;
