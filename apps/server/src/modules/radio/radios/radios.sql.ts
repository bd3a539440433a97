// SQL fragments the radio module offers to modules that compose one statement (the control room's map).
import { sql } from 'drizzle-orm';

/**
 * The company's radios that reported a position (id, serial_number, agent_id, lat, lng, at) as a
 * derived table to join. Radio positions follow the positions' two-month retention: older ones are
 * not drawn.
 */
export const locatedRadiosOf = (companyId: string) =>
  sql`(select r.id, r.serial_number, r.agent_id, r.last_lat as lat, r.last_lng as lng,
              r.last_accuracy_m as accuracy_m, r.last_position_at as at
         from radios r
        where r.company_id = ${companyId} and r.status <> 'inactive'
          and r.last_lat is not null and r.last_lng is not null
          and r.last_position_at >= now() - interval '2 months')`;
