import { and, asc, eq, getTableColumns, gt, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { agents, shifts } from '../../db/schema';
import { siteNameOf } from '../sites/sites.sql';

export type ShiftRow = typeof shifts.$inferSelect;
export type NewShift = typeof shifts.$inferInsert;
export type ShiftWithNames = ShiftRow & { agentName: string; siteName: string };

const agentNameOf = sql<string>`(select a.name from agents a where a.company_id = "shifts"."company_id" and a.id = "shifts"."agent_id")`;
const withNames = {
  ...getTableColumns(shifts),
  agentName: agentNameOf,
  siteName: siteNameOf(sql`"shifts"."company_id"`, sql`"shifts"."site_id"`),
};

export interface ShiftListFilter {
  /** Shifts that end after `from` and start before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
  siteId?: string | undefined;
  agentId?: string | undefined;
  status?: ShiftRow['status'] | undefined;
}

function filterWhere(companyId: string, f: ShiftListFilter) {
  return and(
    eq(shifts.companyId, companyId),
    // A shift starts at most 24 h before it ends: the lower bound on starts_at keeps the index seek.
    f.from
      ? and(gt(shifts.endsAt, f.from), gt(shifts.startsAt, new Date(f.from.getTime() - 86_400_000)))
      : undefined,
    f.to ? lt(shifts.startsAt, f.to) : undefined,
    f.siteId ? eq(shifts.siteId, f.siteId) : undefined,
    f.agentId ? eq(shifts.agentId, f.agentId) : undefined,
    f.status ? eq(shifts.status, f.status) : undefined,
  );
}

export async function listShiftsPage(
  tx: Tx,
  companyId: string,
  f: ShiftListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${shifts.startsAt}, ${shifts.id}) > (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withNames)
    .from(shifts)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(asc(shifts.startsAt), asc(shifts.id))
    .limit(page.limit + 1)) as ShiftWithNames[];
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shifts)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
}

/** Every shift of a period (week view, exports), in start order. */
export async function shiftsInPeriod(tx: Tx, companyId: string, f: ShiftListFilter) {
  return (await tx
    .select(withNames)
    .from(shifts)
    .where(filterWhere(companyId, f))
    .orderBy(asc(shifts.startsAt), asc(shifts.id))) as ShiftWithNames[];
}

export async function findShift(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withNames)
    .from(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id)));
  return row as ShiftWithNames | undefined;
}

/** The agent's other non-cancelled services around a period: what the working-time rules read. */
export async function servicesAround(tx: Tx, companyId: string, agentId: string, from: Date, to: Date) {
  return tx
    .select({
      id: shifts.id,
      start: shifts.startsAt,
      end: shifts.endsAt,
      breakStart: shifts.breakStartAt,
      breakEnd: shifts.breakEndAt,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.companyId, companyId),
        eq(shifts.agentId, agentId),
        ne(shifts.status, 'Annulé'),
        gt(shifts.endsAt, from),
        lt(shifts.startsAt, to),
      ),
    )
    .orderBy(asc(shifts.startsAt));
}

/** Serialises plan changes of one agent, so that two requests cannot both pass the rules. */
export async function lockAgentPlan(tx: Tx, companyId: string, agentId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`shifts:${companyId}:${agentId}`}, 0))`,
  );
}

export async function insertShift(tx: Tx, values: NewShift) {
  const [row] = await tx.insert(shifts).values(values).returning({ id: shifts.id });
  if (!row) throw new Error('shift insert returned nothing');
  return row.id;
}

export async function updateShift(
  tx: Tx,
  companyId: string,
  id: string,
  values: Partial<NewShift>,
  onlyIfStatus?: ShiftRow['status'],
) {
  const rows = await tx
    .update(shifts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(shifts.companyId, companyId),
        eq(shifts.id, id),
        onlyIfStatus ? eq(shifts.status, onlyIfStatus) : undefined,
      ),
    )
    .returning({ id: shifts.id });
  return rows.length > 0;
}

export async function deleteShift(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id), eq(shifts.status, 'Programmé')))
    .returning({ id: shifts.id });
  return rows.length > 0;
}

/** An agent's licences and name for the rules. */
export async function agentForRules(tx: Tx, companyId: string, agentId: string) {
  const [row] = await tx
    .select({
      id: agents.id,
      name: agents.name,
      userId: agents.userId,
      cnapsNumber: agents.cnapsNumber,
      cnapsExpiresOn: agents.cnapsExpiresOn,
      qualifications: agents.qualifications,
    })
    .from(agents)
    .where(and(eq(agents.companyId, companyId), eq(agents.id, agentId)));
  return row;
}
