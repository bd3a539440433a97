import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { purgedRowsOf } from '../../db/batched-purge';
import type { Database, Tx } from '../../db/client';
import { accessLogs } from '../../db/schema';
import { tokenMatch } from '../../db/search-tokens';

export type LogRow = typeof accessLogs.$inferSelect;
export type NewLog = typeof accessLogs.$inferInsert;

export interface LogListFilter {
  search?: string | undefined;
  status?: LogRow['status'] | undefined;
  siteId?: string | undefined;
  /** Instants bounding the lines: from included, to excluded. */
  from?: Date | undefined;
  to?: Date | undefined;
}

const filterWhere = (companyId: string, f: LogListFilter) =>
  and(
    eq(accessLogs.companyId, companyId),
    f.status ? eq(accessLogs.status, f.status) : undefined,
    f.siteId ? eq(accessLogs.siteId, f.siteId) : undefined,
    // Written as (company_id, at) row comparisons: an index condition on the (company_id, at, id)
    // indexes (every access log index leads with the company since migration 0034).
    f.from ? sql`(${accessLogs.companyId}, ${accessLogs.at}) >= (${companyId}::uuid, ${f.from})` : undefined,
    f.to ? sql`(${accessLogs.companyId}, ${accessLogs.at}) < (${companyId}::uuid, ${f.to})` : undefined,
    // Every word starts a word of the person, badge number or department (kept tokens: an index
    // condition under row-level security, db/search-tokens.ts).
    f.search
      ? tokenMatch(
          { table: 'access_log_search_tokens', rowColumn: 'log_id' },
          companyId,
          sql`${accessLogs.id}`,
          f.search,
        )
      : undefined,
  );

// The list's columns under the row's property names (a raw read returns the driver's rows as they are).
const listColumns = sql`${accessLogs.companyId} as "companyId", ${accessLogs.id} as "id", ${accessLogs.at} as "at",
  ${accessLogs.pointId} as "pointId", ${accessLogs.pointName} as "pointName", ${accessLogs.siteId} as "siteId",
  ${accessLogs.siteName} as "siteName", ${accessLogs.badgeId} as "badgeId", ${accessLogs.badgeNumber} as "badgeNumber",
  ${accessLogs.personName} as "personName", ${accessLogs.department} as "department",
  ${accessLogs.accessType} as "accessType", ${accessLogs.status} as "status", ${accessLogs.reason} as "reason"`;

/**
 * The list's statement (exported so that a test can check its plan on seeded data): newest first,
 * up to limit + 1 lines after the cursor (the last line's (at, id)), and the filter's total as an
 * uncorrelated sub-select returned on every row — one statement, one round trip.
 */
export function listLogsSql(
  companyId: string,
  f: LogListFilter,
  page: { limit: number; before?: [string, number] | undefined },
) {
  const before = page.before
    ? sql`(${accessLogs.at}, ${accessLogs.id}) < (${page.before[0]}::timestamptz, ${page.before[1]}::bigint)`
    : undefined;
  return sql`select ${listColumns}, ${totalSql(companyId, f)} as "total"
    from ${accessLogs}
    where ${and(filterWhere(companyId, f), before)}
    order by ${accessLogs.at} desc, ${accessLogs.id} desc
    limit ${page.limit + 1}`;
}

/** One page and its total (`db.readTenant`); only an empty page after a cursor reads the total apart. */
export async function listLogsPage(
  db: Database,
  companyId: string,
  f: LogListFilter,
  page: { limit: number; before?: [string, number] | undefined },
) {
  const rows = await db.readTenant<LogRow & { total: number }>(companyId, listLogsSql(companyId, f, page), {
    // A search is planned with its words (see TenantReadOptions).
    prepare: !f.search,
  });
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page.before
      ? ((
          await db.readTenant<{ n: number }>(companyId, sql`select ${totalSql(companyId, f)} as "n"`, {
            prepare: !f.search,
          })
        )[0]?.n ?? 0)
      : 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => ({ ...row, id: Number(row.id) })), total };
}

/** Totals of searches are counted up to this (+1); beyond, the list says "more than". */
export const SEARCH_COUNT_CAP = 500;
const HOUR = 3_600_000;

/**
 * The filtered total without counting a million rows. Without a period it adds up the per-site
 * totals (access_log_site_totals); with one, whole UTC hours come from the hourly counts
 * (access_log_counts) and only the part of an hour at each end of the period is counted in the log
 * itself (none when the period starts and ends on the hour, as local days of whole-hour timezones
 * do). A search has no kept count: it is counted up to SEARCH_COUNT_CAP + 1.
 */
function totalSql(companyId: string, f: LogListFilter): SQL {
  if (f.search) {
    return sql`(select count(*)::int from (
      select 1 from ${accessLogs} where ${filterWhere(companyId, f)} limit ${SEARCH_COUNT_CAP + 1}) x)`;
  }
  const fromHour = f.from ? new Date(Math.ceil(f.from.getTime() / HOUR) * HOUR) : undefined;
  const toHour = f.to ? new Date(Math.floor(f.to.getTime() / HOUR) * HOUR) : undefined;
  if (!fromHour && !toHour) {
    // Kept totals and their deltas not yet folded (migration 0038), in the same statement.
    return sql`(select coalesce(sum(t.n), 0)::int from (
        select company_id, site_id, status, n from access_log_site_totals
        union all select company_id, site_id, status, n from access_log_site_total_deltas) t
      where ${and(
        sql`t.company_id = ${companyId}`,
        f.status ? sql`t.status = ${f.status}` : undefined,
        f.siteId ? sql`t.site_id = ${f.siteId}` : undefined,
      )})`;
  }
  // A period within one hour: count its lines.
  if (fromHour && toHour && fromHour >= toHour) {
    return sql`(select count(*)::int from ${accessLogs} where ${filterWhere(companyId, f)})`;
  }
  const counted = and(
    sql`c.company_id = ${companyId}`,
    f.status ? sql`c.status = ${f.status}` : undefined,
    f.siteId ? sql`c.site_id = ${f.siteId}` : undefined,
    fromHour ? sql`c.hour >= ${fromHour}` : undefined,
    toHour ? sql`c.hour < ${toHour}` : undefined,
  );
  const edge = (lo: Date, hi: Date) =>
    sql`(select count(*) from ${accessLogs} where ${filterWhere(companyId, { ...f, from: lo, to: hi })})`;
  return sql`(
      coalesce((select sum(c.n) from (
        select company_id, hour, site_id, status, n from access_log_counts
        union all select company_id, hour, site_id, status, n from access_log_count_deltas) c where ${counted}), 0)
      + ${f.from && fromHour && fromHour > f.from ? edge(f.from, fromHour) : sql`0`}
      + ${f.to && toHour && toHour < f.to ? edge(toHour, f.to) : sql`0`})::int`;
}

/** The filtered lines for an export, newest first, at most `limit`. */
export async function logsForExport(tx: Tx, companyId: string, f: LogListFilter, limit: number) {
  return tx
    .select()
    .from(accessLogs)
    .where(filterWhere(companyId, f))
    .orderBy(desc(accessLogs.at), desc(accessLogs.id))
    .limit(limit);
}

/** The statuses of the point's last `n` lines since `since`, newest first. */
export async function recentStatuses(tx: Tx, companyId: string, pointId: string, since: Date, n: number) {
  const rows = await tx
    .select({ status: accessLogs.status })
    .from(accessLogs)
    .where(
      and(
        eq(accessLogs.companyId, companyId),
        eq(accessLogs.pointId, pointId),
        sql`${accessLogs.at} >= ${since}`,
      ),
    )
    .orderBy(desc(accessLogs.at), desc(accessLogs.id))
    .limit(n);
  return rows.map((r) => r.status);
}

/** Removes up to `batch` lines past their company's retention (owner-run, migration 0014). */
export async function purgeExpiredLogs(db: Database, now: Date, batch: number) {
  return purgedRowsOf(
    await db.direct.execute(
      sql`select company_id, removed from access_logs_purge(${now.toISOString()}::timestamptz, ${batch})`,
    ),
  );
}
