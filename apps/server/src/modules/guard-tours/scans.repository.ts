// Guard tours: the SQL of scans. The position check's columns (migration 0040) are outside the
// drizzle schema: the statements name them, every value a bind parameter.
import type { ScanPositionCheck } from '@vigie/contract/guard-tours.contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { tourScans } from '../../db/schema';

export type ScanRow = typeof tourScans.$inferSelect;

/** A scan with its position check (how far from the site it was read). */
export interface CheckedScan {
  scan: ScanRow;
  positionCheck: ScanPositionCheck | null;
  distanceM: number | null;
}

export interface NewScan {
  companyId: string;
  roundId: string;
  checkpointId: string;
  scannedAt: Date;
  latitude: number | null;
  longitude: number | null;
  note: string | null;
  photoFileId: string | null;
  anomaly: boolean;
  createdBy: string;
  clientRef: string | null;
  positionCheck: ScanPositionCheck;
  distanceM: number | null;
}

/** The scans of these rounds. */
export async function scansOfRounds(tx: Tx, companyId: string, roundIds: string[]): Promise<CheckedScan[]> {
  return tx
    .select({
      scan: tourScans,
      positionCheck: sql<ScanPositionCheck | null>`"tour_scans"."position_check"`,
      distanceM: sql<number | null>`"tour_scans"."distance_m"`,
    })
    .from(tourScans)
    .where(and(eq(tourScans.companyId, companyId), inArray(tourScans.roundId, roundIds)));
}

/** Who wrote the scan of this `clientRef`, in which round; undefined when none has it. */
export async function scanByClientRef(tx: Tx, companyId: string, clientRef: string) {
  const [row] = await tx
    .select({ roundId: tourScans.roundId, createdBy: tourScans.createdBy })
    .from(tourScans)
    .where(and(eq(tourScans.companyId, companyId), eq(tourScans.clientRef, clientRef)));
  return row;
}

/** Whether the scan was written: false when its checkpoint of the round was already scanned. */
export async function insertScan(tx: Tx, s: NewScan) {
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into tour_scans (company_id, round_id, checkpoint_id, scanned_at, latitude,
        longitude, note, photo_file_id, anomaly, created_by, client_ref, position_check, distance_m)
      values (${s.companyId}::uuid, ${s.roundId}::uuid, ${s.checkpointId}::uuid, ${s.scannedAt.toISOString()}::timestamptz,
        ${s.latitude}::float8, ${s.longitude}::float8,
        ${s.note}::text, ${s.photoFileId}::uuid,
        ${s.anomaly}::boolean, ${s.createdBy}::uuid,
        ${s.clientRef}::uuid, ${s.positionCheck}::text, ${s.distanceM}::int)
      on conflict do nothing
      returning id`),
  );
  return inserted.length > 0;
}

export async function countScans(tx: Tx, companyId: string, roundId: string) {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tourScans)
    .where(and(eq(tourScans.companyId, companyId), eq(tourScans.roundId, roundId)));
  return count?.n ?? 0;
}
