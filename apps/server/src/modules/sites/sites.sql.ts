// SQL fragments the sites module offers to modules that compose one query across modules (camera
// lists, dashboard), so that no other module names the sites table and a screen stays one round trip.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A count of what a site holds, as a sub-select on the outer query's company and site columns. */
export type CountOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) => SQL<number>;

/** The name of a site; `companyId` and `siteId` are columns of the outer query. */
export const siteNameOf = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<string>`(select s.name from sites s where s.company_id = ${companyId} and s.id = ${siteId})`;

/**
 * The company's sites (id, name) as a derived table to join: for thousands of rows a hash join on
 * the few sites costs half of one `siteNameOf` look-up per row (week grid: 9.3 → 4.7 ms for 2,500).
 */
export const siteNamesOf = (companyId: string) =>
  sql`(select s.id, s.name from sites s where s.company_id = ${companyId})`;

/** What the planning rules read of a site, as json ({ name, requiredQualifications }), or null. */
export const siteRulesOf = (companyId: string, siteId: string) =>
  sql`(select json_build_object('name', s.name, 'requiredQualifications', s.required_qualifications)
         from sites s where s.company_id = ${companyId} and s.id = ${siteId})`;

/**
 * Site figures for the dashboard, as one json object: total, created since the start of the month
 * in `timezone`, and the 5 most recently updated active sites with their camera and access point
 * counts. The counts are the cameras and access modules' fragments, passed in by the module that
 * composes the overview, so that sites depends on neither.
 */
export const siteOverviewSql = (
  companyId: string,
  timezone: string,
  counts: { cameras: CountOfSite; accessPoints: CountOfSite },
) => sql`(
  select json_build_object(
    'total', n.total,
    'newThisMonth', n.new_this_month,
    'active', coalesce((
      select json_agg(a) from (
        select s.id, s.name, s.address,
               ${counts.cameras(sql`s.company_id`, sql`s.id`)} as cameras,
               ${counts.accessPoints(sql`s.company_id`, sql`s.id`)} as "accessPoints",
               s.updated_at as "lastUpdate"
          from sites s
         where s.company_id = ${companyId} and s.status = 'active'
         order by s.updated_at desc, s.id desc
         limit 5
      ) a), '[]'::json)
  )
  from (
    -- Both counts in one pass over the (company_id, created_at) index.
    select count(*) as total,
           count(*) filter (where s.created_at >= date_trunc('month', now() at time zone ${timezone}) at time zone ${timezone})
             as new_this_month
      from sites s where s.company_id = ${companyId}
  ) n)`;

/**
 * The id of the company's located site nearest to `at`, as a sub-select (ranked by the
 * equirectangular approximation of the distance); null without a position or a located site.
 */
export const nearestSiteIdOf = (companyId: string, at: { lat: number; lng: number } | null) =>
  sql<string | null>`(select st.id from sites st
     where st.company_id = ${companyId} and st.latitude is not null and st.longitude is not null
       and ${at?.lat ?? null}::float8 is not null
     order by (st.latitude - ${at?.lat ?? 0}::float8) ^ 2
              + ((st.longitude - ${at?.lng ?? 0}::float8) * cos(radians(${at?.lat ?? 0}::float8))) ^ 2
     limit 1)`;

/** How many of the company's sites are active (only `siteId`, when given): the sites monitored. */
export const activeSitesCountOf = (companyId: string, siteId: string | null) =>
  sql<number>`(select count(*)::int from sites st
     where st.company_id = ${companyId} and st.status = 'active' ${siteId ? sql`and st.id = ${siteId}` : sql``})`;

/**
 * The company's sites that have a position, as a derived table to join (id, name, address, lat,
 * lng): the control room's map draws them.
 */
export const locatedSitesOf = (companyId: string) =>
  sql`(select s.id, s.name, s.address, s.latitude as lat, s.longitude as lng from sites s
        where s.company_id = ${companyId} and s.latitude is not null and s.longitude is not null)`;
