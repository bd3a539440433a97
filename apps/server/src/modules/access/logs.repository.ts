import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accessLogs } from '../../db/schema';
import { likePattern } from '../../plugins/pagination';

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
    f.from ? sql`${accessLogs.at} >= ${f.from}` : undefined,
    f.to ? sql`${accessLogs.at} < ${f.to}` : undefined,
    f.search ? sql`${accessLogs.searchText} like vigie_fold(${likePattern(f.search)})` : undefined,
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
  const rows = await tx
    .select()
    .from(accessLogs)
    .where(and(filterWhere(companyId, f), before))
    .orderBy(desc(accessLogs.at), desc(accessLogs.id))
    .limit(page.limit + 1);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(accessLogs)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
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
