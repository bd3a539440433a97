import { communicationCountCap } from '@vigie/contract/radio-traffic.contract';
import { and, eq, sql } from 'drizzle-orm';
import { purgedRowsOf } from '../../../db/batched-purge';
import type { Database, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { companies, radioCommunications } from '../../../db/schema';

export type CommunicationRow = typeof radioCommunications.$inferSelect;
export type NewCommunication = typeof radioCommunications.$inferInsert;

/** What a list row carries: the columns the journal's DTO reads (db.readTenant answers them as named). */
export type CommunicationListRow = Pick<
  CommunicationRow,
  | 'id'
  | 'fromName'
  | 'channelId'
  | 'channelName'
  | 'radioId'
  | 'source'
  | 'at'
  | 'durationMs'
  | 'transcript'
  | 'transcriptStatus'
  | 'emergencyDetected'
  | 'aiAnalysis'
  | 'audioFileId'
>;

const c = radioCommunications;
const listColumns = sql`${c.id} as "id", ${c.fromName} as "fromName", ${c.channelId} as "channelId",
  ${c.channelName} as "channelName", ${c.radioId} as "radioId", ${c.source} as "source", ${c.at} as "at",
  ${c.durationMs} as "durationMs", ${c.transcript} as "transcript", ${c.transcriptStatus} as "transcriptStatus",
  ${c.emergencyDetected} as "emergencyDetected", ${c.aiAnalysis} as "aiAnalysis", ${c.audioFileId} as "audioFileId"`;

/**
 * One page, newest first (limit + 1 rows: the extra one says there is more), and its total counted
 * up to the bound, in one statement and one round trip (`db.readTenant`): the log grows without end,
 * so the count walks the company's index in the list's order and stops at the bound. Only an empty
 * page after a cursor reads the total apart.
 */
export async function listPage(
  db: Database,
  companyId: string,
  f: { channelId?: string | undefined; emergency?: boolean | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const where = and(
    eq(c.companyId, companyId),
    f.channelId ? eq(c.channelId, f.channelId) : undefined,
    f.emergency !== undefined ? eq(c.emergencyDetected, f.emergency) : undefined,
  );
  const after = page.after
    ? sql`(${c.at}, ${c.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const total = sql`(select count(*)::int from (select 1 from ${c} where ${where}
    order by ${c.at} desc, ${c.id} desc limit ${COUNT_BOUND + 1}) counted)`;
  const rows = await db.readTenant<CommunicationListRow & { total: number }>(
    companyId,
    sql`select ${listColumns}, ${total} as "total" from ${c}
      where ${and(where, after)}
      order by ${c.at} desc, ${c.id} desc
      limit ${page.limit + 1}`,
  );
  let count = rows[0]?.total;
  if (count === undefined) {
    count = page.after
      ? ((await db.readTenant<{ n: number }>(companyId, sql`select ${total} as "n"`))[0]?.n ?? 0)
      : 0;
  }
  return { rows, total: count };
}

export const COUNT_BOUND = communicationCountCap;

export async function findCommunication(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(radioCommunications)
    .where(and(eq(radioCommunications.companyId, companyId), eq(radioCommunications.id, id)));
  return row;
}

export async function insertCommunication(tx: Tx, values: NewCommunication) {
  const [row] = await tx.insert(radioCommunications).values(values).returning();
  if (!row) throw new Error('communication insert returned nothing');
  return row;
}

export async function updateCommunication(
  tx: Tx,
  companyId: string,
  id: string,
  values: Partial<NewCommunication>,
) {
  const [row] = await tx
    .update(radioCommunications)
    .set(values)
    .where(and(eq(radioCommunications.companyId, companyId), eq(radioCommunications.id, id)))
    .returning();
  return row;
}

/** Today's communications and emergencies (the summary card), from the company's midnight. */
export async function countSince(tx: Tx, companyId: string, since: Date) {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      emergencies: sql<number>`(count(*) filter (where ${radioCommunications.emergencyDetected}))::int`,
    })
    .from(radioCommunications)
    .where(
      and(
        eq(radioCommunications.companyId, companyId),
        sql`${radioCommunications.at} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return row ?? { all: 0, emergencies: 0 };
}

/** Recordings waiting for the speech-to-text service, any company (owner-run, migration 0017). */
export async function pendingTranscriptions(db: Database, limit: number) {
  return rowsOf<{ company_id: string; id: string }>(
    await db.direct.execute(sql`select company_id, id from radio_pending_transcriptions(${limit})`),
  ).map((r) => ({ companyId: r.company_id, id: r.id }));
}

/**
 * Claims a pending recording for one more attempt: the attempt counter moves only if it still reads
 * `attempts`, so two instances never send the same recording. False when another instance took it.
 */
export async function claimTranscription(tx: Tx, companyId: string, id: string, attempts: number) {
  const claimed = await tx
    .update(radioCommunications)
    .set({ transcribeAttempts: sql`${radioCommunications.transcribeAttempts} + 1` })
    .where(
      and(
        eq(radioCommunications.companyId, companyId),
        eq(radioCommunications.id, id),
        eq(radioCommunications.transcribeAttempts, attempts),
      ),
    )
    .returning({ id: radioCommunications.id });
  return claimed.length > 0;
}

/** Removes up to `batch` communications past their company's retention, with their audio. */
export async function purgeExpired(db: Database, now: Date, batch: number) {
  return purgedRowsOf(
    await db.direct.execute(
      sql`select company_id, removed from radio_communications_purge(${now.toISOString()}::timestamptz, ${batch})`,
    ),
  );
}

/** The company's retention of recordings, in days (undefined: no such company). */
export async function recordingRetentionDays(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ days: companies.recordingRetentionDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.days;
}

export async function setRecordingRetentionDays(tx: Tx, companyId: string, days: number) {
  await tx
    .update(companies)
    .set({ recordingRetentionDays: days, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}
