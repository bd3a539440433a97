import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
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
    // indexes only, so that a period is never read through the purge's (at) index across companies.
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

/** Newest first; the cursor is the last line's (at, id). */
export async function listLogsPage(
  tx: Tx,
  companyId: string,
  f: LogListFilter,
  page: { limit: number; before?: [string, number] | undefined },
) {
  const before = page.before
    ? sql`(${accessLogs.at}, ${accessLogs.id}) < (${page.before[0]}::timestamptz, ${page.before[1]}::bigint)`
    : undefined;
  const total = await countLogs(tx, companyId, f);
  // Nothing matches (the kept counts say so): no page to look for, line by line.
  if (total === 0) return { rows: [], total };
  const rows = await tx
    .select()
    .from(accessLogs)
    .where(and(filterWhere(companyId, f), before))
    .orderBy(desc(accessLogs.at), desc(accessLogs.id))
    .limit(page.limit + 1);
  return { rows, total };
}

/** Totals of searches are counted up to this (+1); beyond, the list says "more than". */
export const SEARCH_COUNT_CAP = 500;
const HOUR = 3_600_000;

/**
 * The filtered total without counting a million rows: whole UTC hours come from the kept counts
 * (access_log_counts), and only the part of an hour at each end of the period is counted in the
 * log itself (none when the period starts and ends on the hour, as local days of whole-hour
 * timezones do). A search has no kept count: it is counted up to SEARCH_COUNT_CAP + 1.
 */
async function countLogs(tx: Tx, companyId: string, f: LogListFilter): Promise<number> {
  if (f.search) {
    const res = await tx.execute(sql`select count(*)::int as n from (
      select 1 from ${accessLogs} where ${filterWhere(companyId, f)} limit ${SEARCH_COUNT_CAP + 1}) x`);
    return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
  }
  const fromHour = f.from ? new Date(Math.ceil(f.from.getTime() / HOUR) * HOUR) : undefined;
  const toHour = f.to ? new Date(Math.floor(f.to.getTime() / HOUR) * HOUR) : undefined;
  // A period within one hour: count its lines.
  if (fromHour && toHour && fromHour >= toHour) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(accessLogs)
      .where(filterWhere(companyId, f));
    return row?.n ?? 0;
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
  const res = await tx.execute(sql`select (
      coalesce((select sum(c.n) from access_log_counts c where ${counted}), 0)
      + ${f.from && fromHour && fromHour > f.from ? edge(f.from, fromHour) : sql`0`}
      + ${f.to && toHour && toHour < f.to ? edge(toHour, f.to) : sql`0`})::int as n`);
  return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
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
  return rowsOf<{ company_id: string; removed: string | number }>(
    await db.direct.execute(
      sql`select company_id, removed from access_logs_purge(${now.toISOString()}::timestamptz, ${batch})`,
    ),
  ).map((r) => ({ companyId: r.company_id, removed: Number(r.removed) }));
}
