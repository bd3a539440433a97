-- Issue 18: the access log list of a company that holds most of the table walked the purge's index
-- on `at` alone — every company's lines, newest first — for a search (search-plans.test.ts), reading
-- other companies' lines that row-level security then hid. The purge was that index's only reason:
-- it now walks each company's lines older than its own retention through (company_id, at, id), and
-- no list can read access logs other than by company.
DROP INDEX "access_logs_at_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION access_logs_purge(p_now timestamptz, p_batch integer)
  RETURNS TABLE (company_id uuid, removed bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH doomed AS (
      SELECT x.company_id, x.id FROM companies c
       CROSS JOIN LATERAL (
         SELECT l.company_id, l.id FROM access_logs l
          WHERE l.company_id = c.id AND l.at < p_now - make_interval(days => c.access_log_retention_days)
          LIMIT p_batch
       ) x
       LIMIT p_batch
    ), gone AS (
      DELETE FROM access_logs l USING doomed d WHERE l.company_id = d.company_id AND l.id = d.id
      RETURNING l.company_id
    )
    SELECT g.company_id, count(*) FROM gone g GROUP BY g.company_id
  $$;
