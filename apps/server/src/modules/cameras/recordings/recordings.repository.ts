// The cameras' stills and clips (camera_recordings) and their bytes in chunks.
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { purgedRowsOf } from '../../../db/batched-purge';
import type { Database, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { cameraRecordingChunks, cameraRecordings } from '../../../db/schema';
import { alarmExists } from '../../alarms/alarms.sql';

export type RecordingRow = typeof cameraRecordings.$inferSelect;
export type NewRecording = typeof cameraRecordings.$inferInsert;

/** Inserts a recording; null when an alarm's clip of this camera exists already (another instance). */
export async function insertRecording(tx: Tx, values: NewRecording): Promise<RecordingRow | null> {
  const rows = await tx.insert(cameraRecordings).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function insertChunk(tx: Tx, companyId: string, recordingId: string, seq: number, data: Buffer) {
  await tx.insert(cameraRecordingChunks).values({ companyId, recordingId, seq, data });
}

export async function finishRecording(
  tx: Tx,
  companyId: string,
  id: string,
  values: { state: 'ready' | 'failed'; endedAt: Date; sizeBytes: number; sha256: string | null },
) {
  const rows = await tx
    .update(cameraRecordings)
    .set(values)
    .where(and(eq(cameraRecordings.companyId, companyId), eq(cameraRecordings.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function findRecording(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .select()
    .from(cameraRecordings)
    .where(and(eq(cameraRecordings.companyId, companyId), eq(cameraRecordings.id, id)));
  return rows[0] ?? null;
}

export async function listForCamera(tx: Tx, companyId: string, cameraId: string, limit: number) {
  return tx
    .select()
    .from(cameraRecordings)
    .where(and(eq(cameraRecordings.companyId, companyId), eq(cameraRecordings.cameraId, cameraId)))
    .orderBy(desc(cameraRecordings.startedAt), asc(cameraRecordings.id))
    .limit(limit);
}

/** Whether the alarm is the company's (alarms' fragment: the alarm tables stay theirs). */
export async function alarmFound(tx: Tx, companyId: string, alarmId: string) {
  const rows = rowsOf<{ found: boolean }>(
    await tx.execute(sql`select ${alarmExists(sql`${companyId}::uuid`, sql`${alarmId}::uuid`)} as found`),
  );
  return rows[0]?.found === true;
}

export async function listForAlarm(tx: Tx, companyId: string, alarmId: string) {
  return tx
    .select()
    .from(cameraRecordings)
    .where(and(eq(cameraRecordings.companyId, companyId), eq(cameraRecordings.alarmId, alarmId)))
    .orderBy(asc(cameraRecordings.startedAt), asc(cameraRecordings.id));
}

/** Up to `limit` chunks from `fromSeq`, in order: a download streams a clip a few chunks at a time. */
export async function readChunks(
  tx: Tx,
  companyId: string,
  recordingId: string,
  fromSeq: number,
  limit: number,
) {
  return tx
    .select({ seq: cameraRecordingChunks.seq, data: cameraRecordingChunks.data })
    .from(cameraRecordingChunks)
    .where(
      and(
        eq(cameraRecordingChunks.companyId, companyId),
        eq(cameraRecordingChunks.recordingId, recordingId),
        gte(cameraRecordingChunks.seq, fromSeq),
      ),
    )
    .orderBy(asc(cameraRecordingChunks.seq))
    .limit(limit);
}

export async function setHold(tx: Tx, companyId: string, id: string, reason: string | null) {
  const rows = await tx
    .update(cameraRecordings)
    .set({ legalHold: reason !== null, holdReason: reason })
    .where(and(eq(cameraRecordings.companyId, companyId), eq(cameraRecordings.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Recordings left 'recording' by an instance that stopped: marked failed (their bytes stay). */
export async function failStaleRecordings(tx: Tx, companyId: string, before: Date) {
  await tx
    .update(cameraRecordings)
    .set({ state: 'failed', endedAt: sql`now()` })
    .where(
      and(
        eq(cameraRecordings.companyId, companyId),
        eq(cameraRecordings.state, 'recording'),
        sql`${cameraRecordings.startedAt} < ${before.toISOString()}::timestamptz`,
      ),
    );
}

/** One batch of the video retention (migration 0044): recordings started before `before`, not held. */
export async function purgeRecordings(db: Database, before: Date, batch: number) {
  return purgedRowsOf(
    await db.direct.execute(
      sql`select company_id, removed from camera_recordings_purge(${before.toISOString()}::timestamptz, ${batch})`,
    ),
  );
}
