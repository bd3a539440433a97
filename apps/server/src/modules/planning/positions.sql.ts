// SQL fragments over the agents on duty and their positions (agent_positions), for modules that
// compose one statement (the control room's map). Positions are readable only by the control room:
// the module composing them checks the role.
import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The agents clocked in on a shift in progress, as a derived table (agent_id, name, site_id,
 * clock_in_at, lat, lng, accuracy_m, at), with the last position their phone sent since they
 * clocked in (null columns when none: nothing is kept off duty).
 */
export const agentsOnDutyOf = (companyId: string) =>
  sql`(select d.agent_id, a.name, d.site_id, d.clock_in_at,
              p.latitude as lat, p.longitude as lng, p.accuracy_m, p.recorded_at as at
         from (select distinct on (s.agent_id) s.agent_id, s.site_id, s.clock_in_at from shifts s
                where s.company_id = ${companyId} and s.status = 'En cours'
                  and s.clock_in_at is not null and s.clock_out_at is null
                order by s.agent_id, s.starts_at desc) d
         join agents a on a.company_id = ${companyId} and a.id = d.agent_id
         left join lateral (
           select p.latitude, p.longitude, p.accuracy_m, p.recorded_at from agent_positions p
            where p.company_id = ${companyId} and p.agent_id = d.agent_id
              and p.recorded_at >= d.clock_in_at - interval '1 minute'
            order by p.recorded_at desc limit 1) p on true)`;

/** The company's agents (id, name) as a derived table to join. */
export const agentNamesOf = (companyId: string) =>
  sql`(select a.id, a.name from agents a where a.company_id = ${companyId})`;

/**
 * One agent's positions since `since` (oldest first, the last 500 at most) as a json array of
 * { lat, lng, at }; `companyId`, `agentId` and `since` are of the outer query.
 */
export const agentTrackJson = (companyId: SQLWrapper, agentId: SQLWrapper, since: SQLWrapper) =>
  sql`coalesce((select json_agg(json_build_object('lat', t.latitude, 'lng', t.longitude, 'at', t.recorded_at)
                                order by t.recorded_at)
                  from (select p.latitude, p.longitude, p.recorded_at from agent_positions p
                         where p.company_id = ${companyId} and p.agent_id = ${agentId}
                           and p.recorded_at >= ${since}
                         order by p.recorded_at desc limit 500) t), '[]'::json)`;
