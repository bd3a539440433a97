// SQL fragments the planning module offers to modules that compose one query (the dashboard).
import { type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * The agents on duty now (a service in progress: clocked in, not out) as a relation, one row per
 * agent: `agent_id`, `name`, `user_id`, `shift_id`, `site_id` (their service's site). Read by the
 * shifts_in_progress_idx partial index: as cheap among 1,000 agents as among ten.
 */
export const agentsOnDutyOf = (companyId: string) => sql`(
  select distinct on (s.agent_id) s.agent_id, a.name, a.user_id, s.id as shift_id, s.site_id
    from shifts s join agents a on a.company_id = s.company_id and a.id = s.agent_id
   where s.company_id = ${companyId} and s.status = 'En cours'
     and s.clock_in_at is not null and s.clock_out_at is null
   order by s.agent_id, s.starts_at desc)`;

/**
 * The latest position a phone recorded for one agent (`lat`, `lng`, `at`), for a lateral join
 * (`left join lateral ${lastPhonePositionOf(…)} p on true`); `agentId` is a column of the outer query.
 */
export const lastPhonePositionOf = (companyId: string, agentId: SQLWrapper) => sql`(
  select p.latitude as lat, p.longitude as lng, p.recorded_at as at from agent_positions p
   where p.company_id = ${companyId} and p.agent_id = ${agentId}
   order by p.recorded_at desc limit 1)`;

/**
 * Each agent's latest phone position (`agent_id`, `lat`, `lng`, `at`) as a relation to join: one row
 * per agent, kept by a trigger on every position written (migration 0049), so that a thousand agents
 * cost one hash join rather than a thousand index probes.
 */
export const lastPhonePositionsOf = (companyId: string) => sql`(
  select l.agent_id, l.latitude as lat, l.longitude as lng, l.recorded_at as at from agent_last_positions l
   where l.company_id = ${companyId})`;

/** One agent's name, as a sub-select; `agentId` is a column of the outer query. */
export const agentNameOf = (companyId: SQLWrapper, agentId: SQLWrapper) =>
  sql<string>`(select ag.name from agents ag where ag.company_id = ${companyId} and ag.id = ${agentId})`;
