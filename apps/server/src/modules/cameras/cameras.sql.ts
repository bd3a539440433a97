// SQL fragments the cameras module offers to modules that compose one query across several modules
// (site lists, dashboard), so that no other module names the camera tables itself and a screen still
// costs one round trip.
import { type SQLWrapper, sql } from 'drizzle-orm';

/** Number of cameras of one site; `companyId` and `siteId` are columns of the outer query. */
export const camerasCountOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<number>`(select count(*)::int from cameras c where c.company_id = ${companyId} and c.site_id = ${siteId})`;

/**
 * Camera figures for the dashboard, as one json object: online and total cameras, and the
 * availability over the last 24 hourly buckets of probe totals (the current hour and the 23
 * before it).
 */
export const cameraOverviewSql = (companyId: string) => sql`(
  select json_build_object('online', n.online, 'total', n.total, 'probes', p.probes, 'okProbes', p.ok_probes)
    from (
      -- Both counts in one pass over the (company_id, status) index, not one pass each.
      select count(*) filter (where c.status = 'En ligne') as online, count(*) as total
        from cameras c where c.company_id = ${companyId}
    ) n, (
      select coalesce(sum(t.probes), 0) as probes, coalesce(sum(t.ok_probes), 0) as ok_probes
        from camera_probe_totals t
       where t.company_id = ${companyId} and t.bucket >= date_trunc('hour', now()) - interval '23 hours'
    ) p
  )`;
