// SQL fragments the integrations module offers to modules that compose one query (the dashboard).
import { sql } from 'drizzle-orm';

/**
 * `{ panels, live, availability }` of the company's alarm panels (live alarm keys that sent a
 * heartbeat at least once): how many, how many were heard in the current or previous five-minute
 * slot (within the last 10 minutes), and the share of five-minute slots heard over the last 24 hours
 * (percent; null without panels). A panel counts from its first heartbeat when that is less than a
 * day old; the current slot counts only once heard (a panel beats every few minutes at most).
 */
export const panelsOverviewSql = (companyId: string) => sql`(
  select json_build_object(
    'panels', count(*),
    'live', count(*) filter (where p.last_bucket >= p.cur - interval '5 minutes'),
    'availability', case when count(*) = 0 then null
                         else round(100.0 * sum(p.heard) / greatest(sum(p.expected), 1), 1) end)
  from (
    select s.cur, s.last_bucket,
           (select count(*) from alarm_panel_heartbeats h
             where h.company_id = ${companyId} and h.key_id = s.key_id and h.bucket >= s.since) as heard,
           (extract(epoch from s.cur - s.since)::bigint / 300) + (s.last_bucket = s.cur)::int as expected
      from (
        select h.key_id, c.cur, max(h.bucket) as last_bucket,
               greatest(min(h.bucket), c.cur - interval '1435 minutes') as since
          from alarm_panel_heartbeats h
          join integration_keys k on k.company_id = h.company_id and k.id = h.key_id and k.revoked_at is null
         cross join (select date_bin('5 minutes', now(), timestamptz '2000-01-01') as cur) c
         where h.company_id = ${companyId}
         group by h.key_id, c.cur
      ) s
  ) p)`;
