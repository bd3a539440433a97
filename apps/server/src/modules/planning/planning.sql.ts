// SQL fragments the planning module offers to modules that compose one query (the dashboard).
import { sql } from 'drizzle-orm';

/**
 * Agents for the dashboard, as one json object: `online` (clocked in on a shift now), `total`, and
 * for system health the shifts that should be running now (started 15 minutes ago or more, not
 * ended, not cancelled) and how many of them were taken.
 */
export const agentsOverviewSql = (companyId: string) => sql`(
  select json_build_object(
    'online', (select count(distinct s.agent_id) from shifts s
                where s.company_id = ${companyId} and s.status = 'En cours'),
    'total', (select count(*) from agents a where a.company_id = ${companyId}),
    'expected', e.expected,
    'present', e.present)
  from (
    select count(*) as expected, count(*) filter (where s.status in ('En cours', 'Terminé')) as present
      from shifts s
     where s.company_id = ${companyId} and s.status <> 'Annulé'
       and s.starts_at <= now() - interval '15 minutes' and s.starts_at > now() - interval '1 day'
       and s.ends_at > now()
  ) e)`;
