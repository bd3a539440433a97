import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { sites } from '../../db/schema';
import { tokenCandidates, tokenMatch } from '../../db/search-tokens';
import { alarmsHistoryOfSite } from '../alarms/alarms.sql';
import type { SiteWithCounts } from './sites.models';

export type NewSite = typeof sites.$inferInsert;

export interface SiteListFilter {
  search?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
  type?: 'commercial' | 'industriel' | 'residentiel' | 'public' | undefined;
}

// Every column but the search helper, plus the site's cameras and open alarms, read from the counts
// kept by triggers on cameras and alarms (site_counts, migration 0028; no row means none) instead of
// counting them at each read. The outer columns are written fully qualified: Drizzle renders a
// single-table select's columns bare, which the subquery would capture.
const { searchText: _searchText, ...siteColumns } = getTableColumns(sites);
// With the deltas not yet folded into them (migration 0038, docs/decisions/0020), in the same statement.
const keptCount = (column: 'cameras' | 'open_alarms') =>
  sql<number>`coalesce((select sum(sc.${sql.raw(column)}) from (
      select k.${sql.raw(column)} from site_counts k where k.company_id = "sites"."company_id" and k.site_id = "sites"."id"
      union all
      select d.${sql.raw(column)} from site_count_deltas d where d.company_id = "sites"."company_id" and d.site_id = "sites"."id"
    ) sc), 0)`;
/**
 * The listed site's kept counts, pending deltas included: one primary-key look-up and one probe of
 * the deltas' (company_id, site_id) index per listed site. Always one row (sums of nothing are null).
 */
const keptCountsJoin = sql`left join lateral (
    select sum(k.cameras) as cameras, sum(k.open_alarms) as open_alarms from (
      select c.cameras, c.open_alarms from site_counts c where c.company_id = "sites"."company_id" and c.site_id = "sites"."id"
      union all
      select d.cameras, d.open_alarms from site_count_deltas d where d.company_id = "sites"."company_id" and d.site_id = "sites"."id"
    ) k
  ) sc on true`;
const withCounts = {
  ...siteColumns,
  camerasCount: keptCount('cameras').mapWith(Number),
  alarmsCount: keptCount('open_alarms').mapWith(Number),
};

function filterWhere(companyId: string, f: SiteListFilter) {
  return and(
    eq(sites.companyId, companyId),
    f.status ? eq(sites.status, f.status) : undefined,
    f.type ? eq(sites.type, f.type) : undefined,
    // Every word starts a word of the name or address, ignoring case and accents: "resid" finds
    // "Résidence Les Pins" (kept tokens: an index condition under row-level security).
    f.search
      ? tokenMatch(
          { table: 'site_search_tokens', rowColumn: 'site_id' },
          companyId,
          sql`${sites.id}`,
          f.search,
        )
      : undefined,
  );
}

// The list's columns under their API names (a raw read returns the driver's rows as they are).
const listColumns = sql`${sites.id} as "id", ${sites.name} as "name", ${sites.address} as "address",
  ${sites.type} as "type", ${sites.contactName} as "contactName", ${sites.contactPhone} as "contactPhone",
  ${sites.contactEmail} as "contactEmail", ${sites.status} as "status", ${sites.latitude} as "latitude",
  ${sites.longitude} as "longitude", ${sites.geofenceRadiusM} as "geofenceRadiusM",
  ${sites.requiredQualifications} as "requiredQualifications", ${sites.createdAt} as "createdAt", ${sites.updatedAt} as "updatedAt",
  coalesce(sc.cameras, 0)::int as "camerasCount", coalesce(sc.open_alarms, 0)::int as "alarmsCount"`;

/**
 * One page (up to limit + 1 rows, in `(name, id)` order: the `(company_id, name, id)` index) and
 * the filter's total, in one statement and one round trip: the total is an uncorrelated sub-select,
 * computed once. Only an empty page after a cursor needs a second statement for the total.
 */
export async function listSitesPage(
  db: Database,
  companyId: string,
  f: SiteListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  // A row comparison, so that the cursor is an index condition (a seek), not a filter.
  const after = page.after
    ? sql`(${sites.name}, ${sites.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await db.readTenant<SiteWithCounts & { total: number }>(
    companyId,
    f.search
      ? searchPage(companyId, f, page)
      : sql`select ${listColumns}, ${keptTotal(companyId, f)} as "total"
        from ${sites}
        -- One primary-key look-up per listed site for its kept counts.
        ${keptCountsJoin}
        where ${and(filterWhere(companyId, f), after)}
        order by ${sites.name}, ${sites.id}
        limit ${page.limit + 1}`,
    // A search is planned with its pattern (see TenantReadOptions).
    { prepare: !f.search },
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page.after ? await countSitesRead(db, companyId, f) : 0;
  }
  return { rows, total };
}

/**
 * A search's matches, one pass: their ids come from the search's tokens alone (the longest word's
 * range in the (company_id, token, site) index, the other words probed), and each match's name from
 * one look-up in the `(company_id, id) INCLUDE (name)` index — never the sites table read whole,
 * which a join from the tokens became (a hash join over every company's sites) when one company
 * holds most of them (search-plans.test.ts). The total counts the matches and the page is the first
 * `limit` after the cursor in (name, id) order, joined back by primary key (as the camera search).
 */
function searchPage(
  companyId: string,
  f: SiteListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const found = tokenCandidates(
    { table: 'site_search_tokens', rowColumn: 'site_id' },
    companyId,
    f.search ?? '',
  );
  const after = page.after
    ? sql`where (m.name, m.id) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : sql``;
  return sql`with m as materialized (
        select s.name, s.id from (${found ?? sql`select null::uuid as id where false`}) x
        -- \`offset 0\`: one look-up per match, never turned into a join over the table.
        cross join lateral (
          select ${sites.name} as name, ${sites.id} as id from ${sites}
           where ${filterWhere(companyId, { ...f, search: undefined })} and ${sites.id} = x.id offset 0
        ) s
      ), p as (
        select m.name, m.id from m ${after} order by m.name, m.id limit ${page.limit + 1}
      )
      select ${listColumns}, (select count(*)::int from m) as "total"
        from p
        -- One primary-key look-up per listed site: \`offset 0\` keeps the planner from turning it
        -- into a hash join over every site of the table (a small table makes that look cheaper).
        cross join lateral (
          select * from ${sites} where ${sites.companyId} = ${companyId} and ${sites.id} = p.id offset 0
        ) as "sites"
        ${keptCountsJoin}
       order by p.name, p.id`;
}

/**
 * The total of a filter without a search, from the counts kept per status and type (site_totals,
 * migration 0032): at most eight rows, where counting read every site of the company (0.7 of the
 * list's 1.5 ms on 2,000 sites).
 */
const keptTotal = (companyId: string, f: SiteListFilter) =>
  sql`(select coalesce(sum(t.n), 0)::int from (
          select company_id, status, type, n from site_totals
          union all select company_id, status, type, n from site_total_deltas) t
        where ${and(
          sql`t.company_id = ${companyId}`,
          f.status ? sql`t.status = ${f.status}` : undefined,
          f.type ? sql`t.type = ${f.type}` : undefined,
        )})`;

async function countSitesRead(db: Database, companyId: string, f: SiteListFilter) {
  const [row] = await db.readTenant<{ n: number }>(
    companyId,
    f.search
      ? sql`select count(*)::int as "n" from ${sites} where ${filterWhere(companyId, f)}`
      : sql`select ${keptTotal(companyId, f)} as "n"`,
  );
  return row?.n ?? 0;
}

export async function countSites(tx: Tx, companyId: string, f: SiteListFilter = {}) {
  const [row] = await tx.select({ n: count() }).from(sites).where(filterWhere(companyId, f));
  return Number(row?.n ?? 0);
}

export async function findSite(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withCounts)
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row;
}

/** Serialises creations within one company so that two requests cannot both pass the plan limit. */
export async function lockSiteCreation(tx: Tx, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sites:${companyId}`}, 0))`);
}

export async function insertSite(tx: Tx, values: NewSite) {
  const [row] = await tx.insert(sites).values(values).returning({ id: sites.id });
  if (!row) throw new Error('site insert returned nothing');
  return row.id;
}

export async function updateSite(tx: Tx, companyId: string, id: string, values: Partial<NewSite>) {
  const rows = await tx
    .update(sites)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)))
    .returning({ id: sites.id });
  return rows.length > 0;
}

export async function deleteSite(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)))
    .returning({ id: sites.id });
  return rows.length > 0;
}

/** How many alarms, resolved ones included, the site's history holds. */
export async function alarmHistoryCount(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({ n: alarmsHistoryOfSite(sql`"sites"."company_id"`, sql`"sites"."id"`).mapWith(Number) })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row?.n ?? 0;
}

/** What planning needs of a site: its name, where it is and what it requires. */
export async function findSiteForPlanning(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({
      id: sites.id,
      name: sites.name,
      address: sites.address,
      latitude: sites.latitude,
      longitude: sites.longitude,
      geofenceRadiusM: sites.geofenceRadiusM,
      requiredQualifications: sites.requiredQualifications,
    })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row;
}
