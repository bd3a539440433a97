// SQL fragments the planning module offers to modules that compose one query (the dashboard).
import { sql } from 'drizzle-orm';

/**
 * Agents for the dashboard, as one json object: `online` (clocked in on a shift now), `total`, and
 * for system health the shifts that should be running now and how many of them were taken. A shift
 * is expected once taken, or once its 15 minutes of grace are over ('Agent absent'): a service
 * taken early counts at once, one not yet due does not count against the company.
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
       and s.starts_at > now() - interval '1 day' and s.ends_at > now()
       and (s.status in ('En cours', 'Terminé') or s.starts_at <= now() - interval '15 minutes')
  ) e)`;
