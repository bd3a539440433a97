// SQL fragments the interventions module offers to modules that compose one statement (the map):
// which agents are busy, and the running interventions as JSON.
import { sql } from 'drizzle-orm';
import { agentNameOf } from '../planning/planning.sql';

const RUNNING = sql`('proposed', 'accepted', 'en_route', 'on_site')`;

/** The agents with a running intervention, as a relation of one column `agent_id`. */
export const busyAgentsOf = (companyId: string) =>
  sql`(select i.agent_id from interventions i where i.company_id = ${companyId} and i.state in ${RUNNING})`;

/**
 * The running interventions as a JSON array (for `json_to_recordset`): `id`, `state`, `alarmId`,
 * `siteId`, `agentId`, `agentName`, `acceptedAt`, `proposedAt`, `onSiteAt`, `late` ('warning' past
 * the arrival target, 'alert' past 1.5 times it, else null), oldest first.
 */
export const runningInterventionsJson = (companyId: string) =>
  sql`(select coalesce(json_agg(json_build_object(
        'id', i.id, 'state', i.state, 'alarmId', i.alarm_id, 'siteId', i.site_id, 'agentId', i.agent_id,
        'agentName', ${agentNameOf(sql`i.company_id`, sql`i.agent_id`)}, 'acceptedAt', i.accepted_at,
        'proposedAt', i.proposed_at, 'onSiteAt', i.on_site_at,
        'late', case when i.state in ('accepted', 'en_route') and i.accepted_at is not null then
                  case when now() >= i.accepted_at + make_interval(secs => i.arrive_minutes * 90) then 'alert'
                       when now() >= i.arrive_due_at then 'warning' end end)
        order by i.proposed_at), '[]'::json)
      from interventions i where i.company_id = ${companyId} and i.state in ${RUNNING})`;
