// Guard tours: the SQL of rounds, and of the agents a round can be given to (those on duty on the
// tour's site).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { tourRounds } from '../../db/schema';

export type RoundRow = typeof tourRounds.$inferSelect;
export type NewRound = typeof tourRounds.$inferInsert;

export interface RoundListFilter {
  siteId?: string | undefined;
  tourId?: string | undefined;
  status?: RoundRow['status'] | undefined;
}

/** An agent clocked in on a site. */
export interface OnDuty {
  agentId: string;
  agentName: string;
  userId: string | null;
}

/** Agents clocked in (shift 'En cours') on a site now, earliest start first. */
export async function agentsOnDuty(tx: Tx, companyId: string, siteId: string) {
  return rowsOf<{ agent_id: string; agent_name: string; user_id: string | null }>(
    await tx.execute(sql`select a.id as agent_id, a.name as agent_name, a.user_id from shifts s
      join agents a on a.company_id = s.company_id and a.id = s.agent_id
      where s.company_id = ${companyId} and s.site_id = ${siteId} and s.status = 'En cours'
      order by s.starts_at, a.id`),
  ).map((r): OnDuty => ({ agentId: r.agent_id, agentName: r.agent_name, userId: r.user_id }));
}

export async function agentById(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ id: string; name: string; user_id: string | null }>(
    await tx.execute(
      sql`select id, name, user_id from agents where company_id = ${companyId} and id = ${agentId}`,
    ),
  );
  return row;
}

/** The round, locked for the rest of the transaction when `forUpdate`. */
export async function findRound(tx: Tx, companyId: string, id: string, forUpdate = false) {
  const q = tx
    .select()
    .from(tourRounds)
    .where(and(eq(tourRounds.companyId, companyId), eq(tourRounds.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/**
 * One page of rounds (up to limit + 1, the latest planned first) and the filter's total.
 */
export async function listRoundsPage(
  tx: Tx,
  companyId: string,
  filter: RoundListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const { after } = page;
  const where = and(
    eq(tourRounds.companyId, companyId),
    filter.siteId ? eq(tourRounds.siteId, filter.siteId) : undefined,
    filter.tourId ? eq(tourRounds.tourId, filter.tourId) : undefined,
    filter.status ? eq(tourRounds.status, filter.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(tourRounds)
    .where(
      and(
        where,
        after
          ? sql`(${tourRounds.plannedAt}, ${tourRounds.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(tourRounds.plannedAt), desc(tourRounds.id))
    .limit(page.limit + 1);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(tourRounds).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertRound(tx: Tx, values: NewRound) {
  const [row] = await tx.insert(tourRounds).values(values).returning();
  if (!row) throw new Error('round insert returned nothing');
  return row;
}

/** The round started now in this checkpoint order, given to `claimedBy` when set. */
export async function markRoundStarted(
  tx: Tx,
  companyId: string,
  id: string,
  start: { startedAt: Date; checkpointOrder: string[]; claimedBy?: OnDuty | null },
) {
  const { claimedBy } = start;
  await tx
    .update(tourRounds)
    .set({
      status: 'in_progress',
      startedAt: start.startedAt,
      checkpointOrder: start.checkpointOrder,
      ...(claimedBy ? { agentId: claimedBy.agentId, agentName: claimedBy.agentName } : {}),
    })
    .where(and(eq(tourRounds.companyId, companyId), eq(tourRounds.id, id)));
}

export async function markRoundDone(tx: Tx, companyId: string, id: string, finishedAt: Date) {
  await tx
    .update(tourRounds)
    .set({ status: 'done', finishedAt })
    .where(and(eq(tourRounds.companyId, companyId), eq(tourRounds.id, id)));
}

/**
 * The planned round of a schedule's slot, once: the id of the round created, or undefined when the
 * slot already has its round (the unique index on the slot).
 */
export async function insertScheduledRound(
  tx: Tx,
  r: {
    companyId: string;
    tourId: string;
    siteId: string;
    agentId: string | null;
    agentName: string | null;
    plannedAt: Date;
  },
) {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into tour_rounds (company_id, tour_id, site_id, agent_id, agent_name, status, planned_at)
      values (${r.companyId}, ${r.tourId}, ${r.siteId}, ${r.agentId}, ${r.agentName}, 'planned', ${r.plannedAt.toISOString()}::timestamptz)
      on conflict (company_id, tour_id, planned_at) do nothing returning id`),
  );
  return row?.id;
}
