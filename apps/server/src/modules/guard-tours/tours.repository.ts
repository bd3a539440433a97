// Guard tours: the SQL of tours and their checkpoints, and the schedules the guard tour pass reads.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type StoredTourSchedule, tourCheckpoints, tours } from '../../db/schema';
import { siteNameOf } from '../sites/sites.sql';

export type TourRow = typeof tours.$inferSelect;
export type CheckpointRow = typeof tourCheckpoints.$inferSelect;
export type NewTour = typeof tours.$inferInsert;
export type TourFields = Partial<
  Pick<NewTour, 'siteId' | 'name' | 'expectedMinutes' | 'orderMode' | 'schedule'>
>;
export type CheckpointValues = Pick<
  typeof tourCheckpoints.$inferInsert,
  'position' | 'name' | 'instructions' | 'kind' | 'nfcUid'
>;

/**
 * The name of the tour's site. A tour's site always exists (a foreign key), so the look-up finds
 * what an inner join on the site did. The columns are written fully qualified: Drizzle renders a
 * single-table select's columns bare, which the sub-select would capture.
 */
const siteNameOfTour = siteNameOf(sql`"tours"."company_id"`, sql`"tours"."site_id"`);

export async function findTour(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(tours)
    .where(and(eq(tours.companyId, companyId), eq(tours.id, id)));
  return row;
}

/** The checkpoints of these tours, in their order on the tour. */
export async function checkpointsOf(tx: Tx, companyId: string, tourIds: string[]) {
  if (tourIds.length === 0) return [];
  return tx
    .select()
    .from(tourCheckpoints)
    .where(and(eq(tourCheckpoints.companyId, companyId), inArray(tourCheckpoints.tourId, tourIds)))
    .orderBy(asc(tourCheckpoints.position));
}

/** The name of a site of the company, or undefined when there is no such site. */
export async function siteNameById(tx: Tx, companyId: string, siteId: string) {
  const [row] = rowsOf<{ name: string | null }>(
    await tx.execute(sql`select ${siteNameOf(sql`${companyId}::uuid`, sql`${siteId}::uuid`)} as name`),
  );
  return row?.name ?? undefined;
}

/**
 * One page of tours (up to limit + 1, in `(name, id)` order) with their site's name, and the
 * filter's total.
 */
export async function listToursPage(
  tx: Tx,
  companyId: string,
  filter: { siteId?: string | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const { after } = page;
  const where = and(
    eq(tours.companyId, companyId),
    filter.siteId ? eq(tours.siteId, filter.siteId) : undefined,
  );
  const rows = await tx
    .select({ tour: tours, siteName: siteNameOfTour })
    .from(tours)
    .where(
      and(
        where,
        after ? sql`(${tours.name}, ${tours.id}) > (${after[0]}::text, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(tours.name), asc(tours.id))
    .limit(page.limit + 1);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(tours).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** These tours of the company with their site's name. */
export async function toursWithSiteNames(tx: Tx, companyId: string, tourIds: string[]) {
  return tx
    .select({ tour: tours, siteName: siteNameOfTour })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), inArray(tours.id, tourIds)));
}

export async function insertTour(tx: Tx, values: NewTour) {
  const [created] = await tx.insert(tours).values(values).returning();
  if (!created) throw new Error('tour insert returned nothing');
  return created;
}

export async function updateTour(tx: Tx, companyId: string, id: string, fields: TourFields) {
  await tx
    .update(tours)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(tours.companyId, companyId), eq(tours.id, id)));
}

/** The deleted tour, or undefined when there was none. */
export async function deleteTour(tx: Tx, companyId: string, id: string) {
  const [gone] = await tx
    .delete(tours)
    .where(and(eq(tours.companyId, companyId), eq(tours.id, id)))
    .returning();
  return gone;
}

export async function findCheckpoint(tx: Tx, companyId: string, tourId: string, checkpointId: string) {
  const [cp] = await tx
    .select()
    .from(tourCheckpoints)
    .where(
      and(
        eq(tourCheckpoints.companyId, companyId),
        eq(tourCheckpoints.tourId, tourId),
        eq(tourCheckpoints.id, checkpointId),
      ),
    );
  return cp;
}

export async function deleteCheckpoints(tx: Tx, companyId: string, ids: string[]) {
  await tx
    .delete(tourCheckpoints)
    .where(and(eq(tourCheckpoints.companyId, companyId), inArray(tourCheckpoints.id, ids)));
}

/** Every checkpoint of the tour back to a QR label, its NFC UID freed. */
export async function freeNfcUids(tx: Tx, companyId: string, tourId: string) {
  await tx
    .update(tourCheckpoints)
    .set({ nfcUid: null, kind: 'qr' })
    .where(and(eq(tourCheckpoints.companyId, companyId), eq(tourCheckpoints.tourId, tourId)));
}

export async function updateCheckpoint(tx: Tx, companyId: string, id: string, values: CheckpointValues) {
  await tx
    .update(tourCheckpoints)
    .set(values)
    .where(and(eq(tourCheckpoints.companyId, companyId), eq(tourCheckpoints.id, id)));
}

export async function insertCheckpoint(tx: Tx, companyId: string, tourId: string, values: CheckpointValues) {
  await tx.insert(tourCheckpoints).values({ companyId, tourId, ...values });
}

export async function setLabelVersion(tx: Tx, companyId: string, checkpointId: string, version: number) {
  await tx
    .update(tourCheckpoints)
    .set({ labelVersion: version })
    .where(and(eq(tourCheckpoints.companyId, companyId), eq(tourCheckpoints.id, checkpointId)));
}

/** What a schedule needs of its tour: the site and the schedule itself (null when unscheduled). */
export async function tourSchedule(tx: Tx, companyId: string, tourId: string) {
  const [tour] = rowsOf<{ site_id: string; schedule: StoredTourSchedule | null }>(
    await tx.execute(
      sql`select site_id, schedule from tours where company_id = ${companyId} and id = ${tourId}`,
    ),
  );
  return tour;
}

/** The scheduled tours of every company (a function of the database, read outside any tenant). */
export async function scheduleCandidates(db: Database) {
  return rowsOf<{ company_id: string; tour_id: string }>(
    await db.direct.execute(sql`select company_id, tour_id from tour_schedule_candidates()`),
  );
}
