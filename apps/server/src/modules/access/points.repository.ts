import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accessPoints } from '../../db/schema';
import { siteNameOf } from '../sites/sites.sql';

export type PointRow = typeof accessPoints.$inferSelect;
export type NewPoint = typeof accessPoints.$inferInsert;
export type PointWithSite = PointRow & { siteName: string };

const withSite = {
  ...getTableColumns(accessPoints),
  siteName: siteNameOf(sql`"access_points"."company_id"`, sql`"access_points"."site_id"`),
};

export interface PointListFilter {
  siteId?: string | undefined;
  status?: PointRow['status'] | undefined;
}

const filterWhere = (companyId: string, f: PointListFilter) =>
  and(
    eq(accessPoints.companyId, companyId),
    f.siteId ? eq(accessPoints.siteId, f.siteId) : undefined,
    f.status ? eq(accessPoints.status, f.status) : undefined,
  );

export async function listPointsPage(
  tx: Tx,
  companyId: string,
  f: PointListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${accessPoints.name}, ${accessPoints.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withSite)
    .from(accessPoints)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(accessPoints.name, accessPoints.id)
    .limit(page.limit + 1)) as PointWithSite[];
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(accessPoints)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
}

export async function findPoint(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withSite)
    .from(accessPoints)
    .where(and(eq(accessPoints.companyId, companyId), eq(accessPoints.id, id)));
  return row as PointWithSite | undefined;
}

/** Ids of this company's points among `ids` (a badge may only list its own company's). */
export async function existingPointIds(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: accessPoints.id })
    .from(accessPoints)
    .where(and(eq(accessPoints.companyId, companyId), inArray(accessPoints.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertPoint(tx: Tx, values: NewPoint) {
  const [row] = await tx.insert(accessPoints).values(values).returning({ id: accessPoints.id });
  if (!row) throw new Error('access point insert returned nothing');
  return row.id;
}

export async function updatePoint(tx: Tx, companyId: string, id: string, values: Partial<NewPoint>) {
  const rows = await tx
    .update(accessPoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accessPoints.companyId, companyId), eq(accessPoints.id, id)))
    .returning({ id: accessPoints.id });
  return rows.length > 0;
}

export async function deletePoint(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(accessPoints)
    .where(and(eq(accessPoints.companyId, companyId), eq(accessPoints.id, id)))
    .returning({ id: accessPoints.id, name: accessPoints.name });
  return rows[0];
}

/** Claims the point's burst alarm: true for the one caller that sets it (none in the last 2 min). */
export async function claimDeniedAlarm(tx: Tx, companyId: string, id: string, at: Date) {
  const rows = await tx
    .update(accessPoints)
    .set({ deniedAlarmAt: at })
    .where(
      and(
        eq(accessPoints.companyId, companyId),
        eq(accessPoints.id, id),
        sql`(${accessPoints.deniedAlarmAt} is null or ${accessPoints.deniedAlarmAt} < ${at}::timestamptz - interval '2 minutes')`,
      ),
    )
    .returning({ id: accessPoints.id });
  return rows.length > 0;
}
