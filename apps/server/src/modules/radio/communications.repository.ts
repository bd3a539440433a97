import { communicationCountCap } from '@vigie/contract/radio-traffic.contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { radioCommunications } from '../../db/schema';

export type CommunicationRow = typeof radioCommunications.$inferSelect;
export type NewCommunication = typeof radioCommunications.$inferInsert;

export async function listPage(
  tx: Tx,
  companyId: string,
  f: { channelId?: string | undefined; emergency?: boolean | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const where = and(
    eq(radioCommunications.companyId, companyId),
    f.channelId ? eq(radioCommunications.channelId, f.channelId) : undefined,
    f.emergency !== undefined ? eq(radioCommunications.emergencyDetected, f.emergency) : undefined,
  );
  const after = page.after
    ? sql`(${radioCommunications.at}, ${radioCommunications.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await tx
    .select()
    .from(radioCommunications)
    .where(and(where, after))
    .orderBy(desc(radioCommunications.at), desc(radioCommunications.id))
    .limit(page.limit + 1);
  // The log grows without end: its total is counted up to a bound (the list pages by cursor).
  const [count] = rowsOf<{ n: number }>(
    await tx.execute(
      // In the list's order, so that the count walks the company's index up to the bound.
      sql`select count(*)::int as n from (select 1 from radio_communications where ${where}
        order by at desc, id desc limit ${COUNT_BOUND + 1}) c`,
    ),
  );
  return { rows, total: count?.n ?? 0 };
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

/** Removes up to `batch` communications past their company's retention, with their audio. */
export async function purgeExpired(db: Database, now: Date, batch: number) {
  return rowsOf<{ company_id: string; removed: string | number }>(
    await db.direct.execute(
      sql`select company_id, removed from radio_communications_purge(${now.toISOString()}::timestamptz, ${batch})`,
    ),
  ).map((r) => ({ companyId: r.company_id, removed: Number(r.removed) }));
}
