// The reports table: requests, their status, and the file once built.
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { reports } from '../../db/schema';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;

export async function insertReport(tx: Tx, row: NewReport) {
  const [r] = await tx.insert(reports).values(row).returning();
  if (!r) throw new Error('report insert returned nothing');
  return r;
}

export async function findReport(tx: Tx, companyId: string, id: string) {
  const [r] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.id, id)));
  return r;
}

/** Newest first; `before` is the last row's (createdAt, id) of the previous page. */
export async function listReportsPage(
  tx: Tx,
  companyId: string,
  f: { status?: ReportRow['status']; limit: number; before?: [string, string] },
) {
  const where: SQL[] = [eq(reports.companyId, companyId)];
  if (f.status) where.push(eq(reports.status, f.status));
  if (f.before) {
    const at = new Date(f.before[0]);
    const cond = or(lt(reports.createdAt, at), and(eq(reports.createdAt, at), lt(reports.id, f.before[1])));
    if (cond) where.push(cond);
  }
  return tx
    .select()
    .from(reports)
    .where(and(...where))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(f.limit);
}

export async function countReports(tx: Tx, companyId: string, status?: ReportRow['status']) {
  const rows = await tx.$count(
    reports,
    status
      ? and(eq(reports.companyId, companyId), eq(reports.status, status))
      : eq(reports.companyId, companyId),
  );
  return rows;
}

export async function updateReport(tx: Tx, companyId: string, id: string, set: Partial<NewReport>) {
  const [r] = await tx
    .update(reports)
    .set(set)
    .where(and(eq(reports.companyId, companyId), eq(reports.id, id)))
    .returning();
  return r;
}

export async function deleteReportRow(tx: Tx, companyId: string, id: string) {
  const [r] = await tx
    .delete(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.id, id)))
    .returning();
  return r;
}

/**
 * Removes up to `batch` reports created before `before`, with their files, every company at once
 * (a SECURITY DEFINER function: the purge runs outside any tenant); answers how many per company.
 */
export async function purgeReportsBatch(db: Database, before: Date, batch: number) {
  return rowsOf<{ company_id: string; removed: number | string }>(
    await db.direct.execute(
      sql`select * from reports_purge(${before.toISOString()}::timestamptz, ${batch}::int)`,
    ),
  );
}
