import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { securityReportCounters, securityReports } from '../../db/schema';

export type ReportRow = typeof securityReports.$inferSelect;
export type NewReport = typeof securityReports.$inferInsert;

export interface ReportFilter {
  status?: 'draft' | 'finalized' | 'exported' | undefined;
  siteId?: string | undefined;
}

function filterWhere(companyId: string, f: ReportFilter) {
  return and(
    eq(securityReports.companyId, companyId),
    f.status ? eq(securityReports.status, f.status) : undefined,
    f.siteId ? eq(securityReports.siteId, f.siteId) : undefined,
  );
}

/** Newest first; the cursor is the last row's (created_at, id). */
export async function listReportsPage(
  tx: Tx,
  companyId: string,
  f: ReportFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${securityReports.createdAt}, ${securityReports.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await tx
    .select()
    .from(securityReports)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(desc(securityReports.createdAt), desc(securityReports.id))
    .limit(page.limit + 1);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(securityReports)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
}

export async function findReport(tx: Tx, companyId: string, id: string, forUpdate = false) {
  const q = tx
    .select()
    .from(securityReports)
    .where(and(eq(securityReports.companyId, companyId), eq(securityReports.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The next number of the year, atomically (two reports created at once get two numbers). */
export async function nextNumber(tx: Tx, companyId: string, year: number) {
  const [row] = await tx
    .insert(securityReportCounters)
    .values({ companyId, year, last: 1 })
    .onConflictDoUpdate({
      target: [securityReportCounters.companyId, securityReportCounters.year],
      set: { last: sql`${securityReportCounters.last} + 1` },
    })
    .returning({ last: securityReportCounters.last });
  if (!row) throw new Error('security report counter returned nothing');
  return row.last;
}

export async function insertReport(tx: Tx, values: NewReport) {
  const [row] = await tx.insert(securityReports).values(values).returning();
  if (!row) throw new Error('security report insert returned nothing');
  return row;
}

export async function updateReport(tx: Tx, companyId: string, id: string, values: Partial<NewReport>) {
  const [row] = await tx
    .update(securityReports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(securityReports.companyId, companyId), eq(securityReports.id, id)))
    .returning();
  return row;
}

export async function deleteReport(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(securityReports)
    .where(and(eq(securityReports.companyId, companyId), eq(securityReports.id, id)))
    .returning();
  return rows[0];
}

/** The public look-up (owner-run function, migrations 0021 and 0041): date, company, number, site. */
export async function verifyFingerprint(db: Database, fingerprint: string) {
  const res = await db.direct.execute(
    sql`select finalized_at, company_name, number, site_name from security_report_verify(${fingerprint})`,
  );
  return rowsOf<{ finalized_at: Date | string; company_name: string; number: string; site_name: string }>(
    res,
  )[0];
}
