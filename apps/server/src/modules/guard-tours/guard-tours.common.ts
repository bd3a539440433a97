// Guard tours: what the tours, rounds and scans services share (row types, the manager check, the
// lookups of a tour and of its checkpoints).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tourCheckpoints, type tourRounds, type tourScans, tours } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { tourErrors as errors } from './guard-tours.errors';

export type TourRow = typeof tours.$inferSelect;
export type CheckpointRow = typeof tourCheckpoints.$inferSelect;
export type RoundRow = typeof tourRounds.$inferSelect;
export type ScanRow = typeof tourScans.$inferSelect;

export const iso = (d: Date) => d.toISOString();
export const isManager = (auth: AuthContext) => auth.role !== 'agent';
export const requireManager = (auth: AuthContext) => {
  if (!isManager(auth)) throw errors.readOnly();
};

export async function checkpointsOf(tx: Tx, companyId: string, tourIds: string[]) {
  if (tourIds.length === 0) return [];
  return tx
    .select()
    .from(tourCheckpoints)
    .where(and(eq(tourCheckpoints.companyId, companyId), inArray(tourCheckpoints.tourId, tourIds)))
    .orderBy(asc(tourCheckpoints.position));
}

export async function findTour(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(tours)
    .where(and(eq(tours.companyId, companyId), eq(tours.id, id)));
  return row;
}
