-- Guard-tour scan checks (decision 0019): where each scan's position stands against its site
-- (inside the radius, outside it, no position sent, or a site without coordinates) and its distance
-- from the site's centre. Scans written before this stay null: they were never checked.
-- Nullable columns without a default rewrite no row. The table's RLS policy and grants cover them.
ALTER TABLE "tour_scans" ADD COLUMN "position_check" text;--> statement-breakpoint
ALTER TABLE "tour_scans" ADD COLUMN "distance_m" integer;--> statement-breakpoint
ALTER TABLE "tour_scans" ADD CONSTRAINT "tour_scans_position_check_check" CHECK ("position_check" in ('inside', 'outside', 'missing', 'unchecked'));--> statement-breakpoint
ALTER TABLE "tour_scans" ADD CONSTRAINT "tour_scans_distance_m_check" CHECK ("distance_m" >= 0);
