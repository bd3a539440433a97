-- A trigram index for the alarm search (pg_trgm: shipped with PostgreSQL and trusted, so the
-- database owner may create it; PGlite loads it in db/client.ts and db/backup.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "alarms_search_trgm_idx" ON "alarms" USING gin ("search_text" gin_trgm_ops);