import { and, asc, count, eq, getTableColumns, gt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cameras } from '../../db/schema';
import { likePattern } from '../../plugins/pagination';
import { siteNameOf } from '../sites/sites.sql';

export type NewCamera = typeof cameras.$inferInsert;

export interface CameraListFilter {
  siteId?: string | undefined;
  status?: 'En ligne' | 'Hors ligne' | undefined;
  search?: string | undefined;
}

const { searchText: _searchText, ...cameraColumns } = getTableColumns(cameras);
// Fully qualified: Drizzle renders a single-table select's columns bare, which the subquery would capture.
const withSite = {
  ...cameraColumns,
  siteName: siteNameOf(sql`"cameras"."company_id"`, sql`"cameras"."site_id"`),
};

function filterWhere(companyId: string, f: CameraListFilter) {
  return and(
    eq(cameras.companyId, companyId),
    f.siteId ? eq(cameras.siteId, f.siteId) : undefined,
    f.status ? eq(cameras.status, f.status) : undefined,
    // Same fold on both sides: search ignores case and accents.
    f.search ? sql`${cameras.searchText} like vigie_fold(${likePattern(f.search)})` : undefined,
  );
}

export async function listCameras(
  tx: Tx,
  companyId: string,
  f: CameraListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? or(gt(cameras.name, page.after[0]), and(eq(cameras.name, page.after[0]), gt(cameras.id, page.after[1])))
    : undefined;
  return tx
    .select(withSite)
    .from(cameras)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(asc(cameras.name), asc(cameras.id))
    .limit(page.limit + 1);
}

export async function countCameras(tx: Tx, companyId: string, f: CameraListFilter = {}) {
  const [row] = await tx.select({ n: count() }).from(cameras).where(filterWhere(companyId, f));
  return Number(row?.n ?? 0);
}

export async function findCamera(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withSite)
    .from(cameras)
    .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)));
  return row;
}

/** Serialises creations within one company so that two requests cannot both pass the plan limit. */
export async function lockCameraCreation(tx: Tx, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cameras:${companyId}`}, 0))`);
}

export async function insertCamera(tx: Tx, values: NewCamera) {
  const [row] = await tx.insert(cameras).values(values).returning({ id: cameras.id });
  if (!row) throw new Error('camera insert returned nothing');
  return row.id;
}

export async function updateCamera(tx: Tx, companyId: string, id: string, values: Partial<NewCamera>) {
  const rows = await tx
    .update(cameras)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)))
    .returning({ id: cameras.id });
  return rows.length > 0;
}

export async function deleteCamera(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(cameras)
    .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)))
    .returning({ id: cameras.id });
  return rows.length > 0;
}
