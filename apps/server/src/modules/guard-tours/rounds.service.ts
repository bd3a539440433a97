// Guard tours: rounds, started by the agent on duty or by the control room for an agent, and what
// reads them (the list, one round with its checkpoints and scans). Every change is audited and pushed.
import type {
  createRoundBody,
  listRoundsQuery,
  Round,
  ScanPositionCheck,
} from '@vigie/contract/guard-tours.contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sites, tourRounds, tourScans, tours } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import {
  type CheckpointRow,
  checkpointsOf,
  findTour,
  isManager,
  iso,
  type RoundRow,
  type ScanRow,
  type TourRow,
} from './guard-tours.common';
import { tourErrors as errors } from './guard-tours.errors';
import { drawOrder } from './guard-tours.models';

interface CheckedScan {
  scan: ScanRow;
  positionCheck: ScanPositionCheck | null;
  distanceM: number | null;
}

interface OnDuty {
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

async function agentById(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ id: string; name: string; user_id: string | null }>(
    await tx.execute(
      sql`select id, name, user_id from agents where company_id = ${companyId} and id = ${agentId}`,
    ),
  );
  return row;
}

async function roundsDto(tx: Tx, companyId: string, rounds: RoundRow[]): Promise<Round[]> {
  if (rounds.length === 0) return [];
  const tourIds = [...new Set(rounds.map((r) => r.tourId))];
  const tourRows = await tx
    .select({ tour: tours, siteName: sites.name })
    .from(tours)
    .innerJoin(sites, and(eq(sites.companyId, tours.companyId), eq(sites.id, tours.siteId)))
    .where(and(eq(tours.companyId, companyId), inArray(tours.id, tourIds)));
  const byTour = new Map(tourRows.map((t) => [t.tour.id, t]));
  const cps = await checkpointsOf(tx, companyId, tourIds);
  // The check's columns (migration 0040) are outside the drizzle schema: read by name.
  const scans = await tx
    .select({
      scan: tourScans,
      positionCheck: sql<ScanPositionCheck | null>`"tour_scans"."position_check"`,
      distanceM: sql<number | null>`"tour_scans"."distance_m"`,
    })
    .from(tourScans)
    .where(
      and(
        eq(tourScans.companyId, companyId),
        inArray(
          tourScans.roundId,
          rounds.map((r) => r.id),
        ),
      ),
    );
  return rounds.map((r) => {
    const t = byTour.get(r.tourId);
    const own = cps.filter((c) => c.tourId === r.tourId);
    const byId = new Map(own.map((c) => [c.id, c]));
    const ordered =
      r.checkpointOrder.length > 0
        ? [
            ...r.checkpointOrder.map((id) => byId.get(id)).filter((c): c is CheckpointRow => Boolean(c)),
            ...own.filter((c) => !r.checkpointOrder.includes(c.id)),
          ]
        : own;
    const mine = new Map(scans.filter((s) => s.scan.roundId === r.id).map((s) => [s.scan.checkpointId, s]));
    const scanDto = (found: CheckedScan | undefined) => {
      if (!found) return null;
      const { scan: s, positionCheck, distanceM } = found;
      return {
        scannedAt: iso(s.scannedAt),
        latitude: s.latitude,
        longitude: s.longitude,
        note: s.note,
        hasPhoto: s.photoFileId !== null,
        anomaly: s.anomaly,
        positionCheck,
        distanceM: distanceM === null ? null : Number(distanceM),
      };
    };
    const list = ordered.map((c) => ({
      checkpointId: c.id,
      name: c.name,
      instructions: c.instructions,
      kind: c.kind,
      scan: scanDto(mine.get(c.id)),
    }));
    return {
      id: r.id,
      tourId: r.tourId,
      tourName: t?.tour.name ?? '',
      siteId: r.siteId,
      siteName: t?.siteName ?? '',
      agentId: r.agentId,
      agentName: r.agentName,
      status: r.status,
      orderMode: t?.tour.orderMode ?? 'fixed',
      expectedMinutes: t?.tour.expectedMinutes ?? 0,
      plannedAt: iso(r.plannedAt),
      startedAt: r.startedAt ? iso(r.startedAt) : null,
      finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
      total: list.length,
      scanned: list.filter((c) => c.scan).length,
      anomalies: list.filter((c) => c.scan?.anomaly).length,
      checkpoints: list,
    };
  });
}

export async function findRound(tx: Tx, companyId: string, id: string, forUpdate = false) {
  const q = tx
    .select()
    .from(tourRounds)
    .where(and(eq(tourRounds.companyId, companyId), eq(tourRounds.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function oneRound(tx: Tx, companyId: string, id: string) {
  const row = await findRound(tx, companyId, id);
  if (!row) throw errors.roundNotFound();
  const [dto] = await roundsDto(tx, companyId, [row]);
  if (!dto) throw errors.roundNotFound();
  return dto;
}

/** The drawn (random) or fixed order of a tour's checkpoints, for a round starting now. */
async function startOrder(tx: Tx, companyId: string, tour: TourRow) {
  const ids = (await checkpointsOf(tx, companyId, [tour.id])).map((c) => c.id);
  return tour.orderMode === 'random' ? drawOrder(ids) : ids;
}

export async function createRound(
  db: Database,
  auth: AuthContext,
  tourId: string,
  body: z.infer<typeof createRoundBody>,
  now = new Date(),
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const tour = await findTour(tx, auth.companyId, tourId);
    if (!tour) throw errors.notFound();
    const onDuty = await agentsOnDuty(tx, auth.companyId, tour.siteId);
    let agent: { id: string; name: string } | undefined;
    if (auth.role === 'agent') {
      const me = onDuty.find((a) => a.userId === auth.userId);
      if (!me) throw errors.notOnDuty();
      agent = { id: me.agentId, name: me.agentName };
    } else if (body.agentId) {
      const found = await agentById(tx, auth.companyId, body.agentId);
      if (!found) throw errors.agentNotFound();
      agent = { id: found.id, name: found.name };
    } else {
      const first = onDuty[0];
      if (!first) throw errors.agentRequired();
      agent = { id: first.agentId, name: first.agentName };
    }
    const start = body.start;
    const [row] = await tx
      .insert(tourRounds)
      .values({
        companyId: auth.companyId,
        tourId,
        siteId: tour.siteId,
        agentId: agent.id,
        agentName: agent.name,
        status: start ? 'in_progress' : 'planned',
        plannedAt: now,
        startedAt: start ? now : null,
        checkpointOrder: start ? await startOrder(tx, auth.companyId, tour) : [],
      })
      .returning();
    if (!row) throw new Error('round insert returned nothing');
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'round.created',
      entity: 'tour_round',
      entityId: row.id,
      details: { tour: tour.name, agent: agent.name, started: start },
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { roundId: row.id, status: row.status });
    return oneRound(tx, auth.companyId, row.id);
  });
}

/** The agent may act on his own round only (or an unassigned one, which becomes his). */
export async function checkRoundActor(tx: Tx, auth: AuthContext, round: RoundRow) {
  if (isManager(auth)) return null;
  if (round.agentId) {
    const agent = await agentById(tx, auth.companyId, round.agentId);
    if (agent?.user_id !== auth.userId) throw errors.notYourRound();
    return null;
  }
  const me = (await agentsOnDuty(tx, auth.companyId, round.siteId)).find((a) => a.userId === auth.userId);
  if (!me) throw errors.notOnDuty();
  return me;
}

export async function startRound(db: Database, auth: AuthContext, id: string, now = new Date()) {
  return db.withTenant(auth.companyId, async (tx) => {
    const round = await findRound(tx, auth.companyId, id, true);
    if (!round) throw errors.roundNotFound();
    const claimed = await checkRoundActor(tx, auth, round);
    if (round.status !== 'planned') throw errors.alreadyStarted();
    const tour = await findTour(tx, auth.companyId, round.tourId);
    if (!tour) throw errors.roundNotFound();
    await tx
      .update(tourRounds)
      .set({
        status: 'in_progress',
        startedAt: now,
        checkpointOrder: await startOrder(tx, auth.companyId, tour),
        ...(claimed ? { agentId: claimed.agentId, agentName: claimed.agentName } : {}),
      })
      .where(and(eq(tourRounds.companyId, auth.companyId), eq(tourRounds.id, id)));
    await publishEvent(tx, auth.companyId, 'tour.changed', { roundId: id, status: 'in_progress' });
    return oneRound(tx, auth.companyId, id);
  });
}

export async function listRounds(db: Database, auth: AuthContext, q: z.infer<typeof listRoundsQuery>) {
  const after = q.cursor ? decodeCursor(q.cursor, ['timestamp', 'uuid']) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const where = and(
      eq(tourRounds.companyId, auth.companyId),
      q.siteId ? eq(tourRounds.siteId, q.siteId) : undefined,
      q.tourId ? eq(tourRounds.tourId, q.tourId) : undefined,
      q.status ? eq(tourRounds.status, q.status) : undefined,
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
      .limit(q.limit + 1);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(tourRounds).where(where);
    return { rows: await roundsDto(tx, auth.companyId, rows), total: count?.n ?? 0 };
  });
}

export async function getRound(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => oneRound(tx, auth.companyId, id));
}
