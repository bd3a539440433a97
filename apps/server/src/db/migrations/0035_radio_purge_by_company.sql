-- Issue 18, as migration 0034 for the access logs: the radio communications' index on `at` alone
-- served only the retention purge, and a list planned for a company holding most of the table could
-- walk it across companies. The purge now walks each company's recordings older than its own
-- retention through (company_id, at, id), and every index of the table leads with the company.
DROP INDEX "radio_communications_at_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION radio_communications_purge(p_now timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT x.company_id, x.id, x.audio_file_id FROM companies c
       CROSS JOIN LATERAL (
         SELECT r.company_id, r.id, r.audio_file_id FROM radio_communications r
          WHERE r.company_id = c.id AND r.at < p_now - make_interval(days => c.recording_retention_days)
          LIMIT p_batch
       ) x
       LIMIT p_batch
    ), gone AS (
      DELETE FROM radio_communications r USING doomed d WHERE r.company_id = d.company_id AND r.id = d.id
      RETURNING r.company_id
    ), audio AS (
      DELETE FROM files f USING doomed d WHERE f.company_id = d.company_id AND f.id = d.audio_file_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;
