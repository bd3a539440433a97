// PLUG POINTS of the dashboard for modules that do not exist yet. Each returns a SQL json fragment
// of the final shape, composed into the overview's single query. Until its module lands, each
// answers zero or "no data" — never an invented figure. When the agents, alarms or access module
// arrives, replace the body here with a fragment exported by that module (as sites.sql.ts and
// cameras.sql.ts do), and nothing else changes.
import { sql } from 'drizzle-orm';

/** The alarms module's figures: `{ today, critical, recent, availability, perDay }`. */
export { alarmsOverviewSql } from '../alarms/alarms.sql';
/** The planning module's figures: `{ online, total, expected, present }`. */
export { agentsOverviewSql } from '../planning/planning.sql';

/** PLUG(access): `{ points, availability }`: access points in service and their availability. */
export const accessOverviewSql = (_companyId: string) =>
  sql`json_build_object('points', 0, 'availability', null)`;

/** PLUG(access): access points of one site on the dashboard's active-site list. */
export const accessPointsOfSite = (_siteId: string) => 0;
