// SQL fragments the access module offers to modules that compose one query (the dashboard).
import { type SQLWrapper, sql } from 'drizzle-orm';
import { RESPONDING_WINDOW_MS } from './access.models';

/** Access points of a site; `companyId` and `siteId` are columns of the outer query. */
export const accessPointsCountOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<number>`(select count(*)::int from access_points p where p.company_id = ${companyId} and p.site_id = ${siteId})`;

/**
 * `{ points, responding, availability }`: points marked Actif, those that sent a check in the last
 * 10 minutes, and the share responding (percent; null when no point is Actif).
 */
export const accessOverviewSql = (companyId: string) => sql`(
  select json_build_object(
    'points', n.points,
    'responding', n.responding,
    'availability', case when n.points = 0 then null else round(100.0 * n.responding / n.points, 1) end)
  from (
    select count(*) as points,
           count(*) filter (where p.last_activity_at > now() - make_interval(secs => ${RESPONDING_WINDOW_MS / 1000}))
             as responding
      from access_points p where p.company_id = ${companyId} and p.status = 'Actif'
  ) n)`;
