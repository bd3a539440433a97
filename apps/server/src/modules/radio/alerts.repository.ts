import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { radioAlerts } from '../../db/schema';

export type AlertRow = typeof radioAlerts.$inferSelect;
export type NewAlert = typeof radioAlerts.$inferInsert;
export type AlertWithSite = AlertRow & { siteName: string | null };

const withSite = {
  ...getTableColumns(radioAlerts),
  siteName: sql<
    string | null
  >`(select s.name from sites s where s.company_id = ${radioAlerts.companyId} and s.id = ${radioAlerts.siteId})`,
};

export async function listAlertsPage(
  tx: Tx,
  companyId: string,
  f: { status?: AlertRow['status'] | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const where = and(
    eq(radioAlerts.companyId, companyId),
    f.status ? eq(radioAlerts.status, f.status) : undefined,
  );
  const after = page.after
    ? sql`(${radioAlerts.createdAt}, ${radioAlerts.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withSite)
    .from(radioAlerts)
    .where(and(where, after))
    .orderBy(desc(radioAlerts.createdAt), desc(radioAlerts.id))
    .limit(page.limit + 1)) as AlertWithSite[];
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(radioAlerts).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findAlert(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withSite)
    .from(radioAlerts)
    .where(and(eq(radioAlerts.companyId, companyId), eq(radioAlerts.id, id)));
  return row as AlertWithSite | undefined;
}

export async function insertAlert(tx: Tx, values: NewAlert) {
  const [row] = await tx.insert(radioAlerts).values(values).returning({ id: radioAlerts.id });
  if (!row) throw new Error('radio alert insert returned nothing');
  return row.id;
}

export async function updateAlert(tx: Tx, companyId: string, id: string, values: Partial<NewAlert>) {
  await tx
    .update(radioAlerts)
    .set(values)
    .where(and(eq(radioAlerts.companyId, companyId), eq(radioAlerts.id, id)));
}

export async function countOpenAlerts(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(radioAlerts)
    .where(and(eq(radioAlerts.companyId, companyId), eq(radioAlerts.status, 'active')));
  return row?.n ?? 0;
}

/** Mean minutes from an alert to its first handling (acknowledgement or dispatch) since `since`. */
export async function averageResponseMinutes(tx: Tx, companyId: string, since: Date) {
  const [row] = rowsOf<{ minutes: number | string | null }>(
    await tx.execute(sql`
      select avg(extract(epoch from (least(coalesce(acknowledged_at, dispatched_at), coalesce(dispatched_at, acknowledged_at)) - created_at))) / 60 as minutes
        from radio_alerts
       where company_id = ${companyId} and created_at >= ${since.toISOString()}::timestamptz
         and (acknowledged_at is not null or dispatched_at is not null)`),
  );
  return row?.minutes === null || row?.minutes === undefined ? null : Number(row.minutes);
}
