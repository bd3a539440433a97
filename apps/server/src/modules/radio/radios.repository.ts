import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { radios } from '../../db/schema';

export type RadioRow = typeof radios.$inferSelect;
export type NewRadio = typeof radios.$inferInsert;
export type RadioWithNames = RadioRow & { agentName: string | null; channelName: string | null };

const withNames = {
  ...getTableColumns(radios),
  agentName: sql<
    string | null
  >`(select a.name from agents a where a.company_id = ${radios.companyId} and a.id = ${radios.agentId})`,
  channelName: sql<
    string | null
  >`(select c.name from radio_channels c where c.company_id = ${radios.companyId} and c.id = ${radios.currentChannelId})`,
};

export async function listRadiosPage(
  tx: Tx,
  companyId: string,
  f: { status?: RadioRow['status'] | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const where = and(eq(radios.companyId, companyId), f.status ? eq(radios.status, f.status) : undefined);
  const after = page.after
    ? sql`(${radios.imei}, ${radios.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withNames)
    .from(radios)
    .where(and(where, after))
    .orderBy(asc(radios.imei), asc(radios.id))
    .limit(page.limit + 1)) as RadioWithNames[];
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(radios).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findRadio(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withNames)
    .from(radios)
    .where(and(eq(radios.companyId, companyId), eq(radios.id, id)));
  return row as RadioWithNames | undefined;
}

export async function findRadioByImei(tx: Tx, companyId: string, imei: string) {
  const [row] = await tx
    .select(withNames)
    .from(radios)
    .where(and(eq(radios.companyId, companyId), eq(radios.imei, imei)));
  return row as RadioWithNames | undefined;
}

export async function existingRadioIds(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: radios.id })
    .from(radios)
    .where(and(eq(radios.companyId, companyId), inArray(radios.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertRadio(tx: Tx, values: NewRadio) {
  const [row] = await tx.insert(radios).values(values).returning({ id: radios.id });
  if (!row) throw new Error('radio insert returned nothing');
  return row.id;
}

export async function updateRadio(tx: Tx, companyId: string, id: string, values: Partial<NewRadio>) {
  const rows = await tx
    .update(radios)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(radios.companyId, companyId), eq(radios.id, id)))
    .returning({ id: radios.id });
  return rows.length > 0;
}

export async function deleteRadio(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .delete(radios)
    .where(and(eq(radios.companyId, companyId), eq(radios.id, id)))
    .returning({ imei: radios.imei });
  return row;
}

/** Counts for the summary card: all, active or assigned, and online within the window. */
export async function radioCounts(tx: Tx, companyId: string, onlineSince: Date) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${radios.status} in ('active', 'assigned')))::int`,
      online: sql<number>`(count(*) filter (where ${radios.lastSeenAt} >= ${onlineSince.toISOString()}::timestamptz))::int`,
    })
    .from(radios)
    .where(eq(radios.companyId, companyId));
  return row ?? { total: 0, active: 0, online: 0 };
}
