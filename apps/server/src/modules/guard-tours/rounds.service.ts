// Guard tours: rounds, started by the agent on duty or by the control room for an agent, and what
// reads them (the list, one round with its checkpoints and scans). Every change is audited and pushed.
import type { createRoundBody, listRoundsQuery, Round } from '@vigie/contract/guard-tours.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAndPublish } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import { tourErrors as errors } from './guard-tours.errors';
import { drawOrder, iso } from './guard-tours.models';
import type { RoundRow } from './rounds.repository';
import * as repo from './rounds.repository';
import { type CheckedScan, scansOfRounds } from './scans.repository';
import { isManager } from './tour-roles';
import {
  type CheckpointRow,
  checkpointsOf,
  findTour,
  type TourRow,
  toursWithSiteNames,
} from './tours.repository';

async function roundsDto(tx: Tx, companyId: string, rounds: RoundRow[]): Promise<Round[]> {
  if (rounds.length === 0) return [];
  const tourIds = [...new Set(rounds.map((r) => r.tourId))];
  const tourRows = await toursWithSiteNames(tx, companyId, tourIds);
  const byTour = new Map(tourRows.map((t) => [t.tour.id, t]));
  const cps = await checkpointsOf(tx, companyId, tourIds);
  const scans = await scansOfRounds(
    tx,
    companyId,
    rounds.map((r) => r.id),
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

/** One round as the API answers it. */
export async function oneRound(tx: Tx, companyId: string, id: string) {
  const row = await repo.findRound(tx, companyId, id);
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
    const onDuty = await repo.agentsOnDuty(tx, auth.companyId, tour.siteId);
    let agent: { id: string; name: string } | undefined;
    if (auth.role === 'agent') {
      const me = onDuty.find((a) => a.userId === auth.userId);
      if (!me) throw errors.notOnDuty();
      agent = { id: me.agentId, name: me.agentName };
    } else if (body.agentId) {
      const found = await repo.agentById(tx, auth.companyId, body.agentId);
      if (!found) throw errors.agentNotFound();
      agent = { id: found.id, name: found.name };
    } else {
      const first = onDuty[0];
      if (!first) throw errors.agentRequired();
      agent = { id: first.agentId, name: first.agentName };
    }
    const start = body.start;
    const row = await repo.insertRound(tx, {
      companyId: auth.companyId,
      tourId,
      siteId: tour.siteId,
      agentId: agent.id,
      agentName: agent.name,
      status: start ? 'in_progress' : 'planned',
      plannedAt: now,
      startedAt: start ? now : null,
      checkpointOrder: start ? await startOrder(tx, auth.companyId, tour) : [],
    });
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'round.created',
        entity: 'tour_round',
        entityId: row.id,
        details: { tour: tour.name, agent: agent.name, started: start },
      },
      { type: 'tour.changed', payload: { roundId: row.id, status: row.status } },
    );
    return oneRound(tx, auth.companyId, row.id);
  });
}

/** The agent may act on his own round only (or an unassigned one, which becomes his). */
export async function checkRoundActor(tx: Tx, auth: AuthContext, round: RoundRow) {
  if (isManager(auth)) return null;
  if (round.agentId) {
    const agent = await repo.agentById(tx, auth.companyId, round.agentId);
    if (agent?.user_id !== auth.userId) throw errors.notYourRound();
    return null;
  }
  const me = (await repo.agentsOnDuty(tx, auth.companyId, round.siteId)).find(
    (a) => a.userId === auth.userId,
  );
  if (!me) throw errors.notOnDuty();
  return me;
}

export async function startRound(db: Database, auth: AuthContext, id: string, now = new Date()) {
  return db.withTenant(auth.companyId, async (tx) => {
    const round = await repo.findRound(tx, auth.companyId, id, true);
    if (!round) throw errors.roundNotFound();
    const claimed = await checkRoundActor(tx, auth, round);
    if (round.status !== 'planned') throw errors.alreadyStarted();
    const tour = await findTour(tx, auth.companyId, round.tourId);
    if (!tour) throw errors.roundNotFound();
    await repo.markRoundStarted(tx, auth.companyId, id, {
      startedAt: now,
      checkpointOrder: await startOrder(tx, auth.companyId, tour),
      claimedBy: claimed,
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { roundId: id, status: 'in_progress' });
    return oneRound(tx, auth.companyId, id);
  });
}

export async function listRounds(db: Database, auth: AuthContext, q: z.infer<typeof listRoundsQuery>) {
  const after = (q.cursor ? decodeCursor(q.cursor, ['timestamp', 'uuid']) : undefined) as
    | [string, string]
    | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listRoundsPage(
      tx,
      auth.companyId,
      { siteId: q.siteId, tourId: q.tourId, status: q.status },
      { limit: q.limit, after },
    );
    return { rows: await roundsDto(tx, auth.companyId, rows), total };
  });
}

export async function getRound(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => oneRound(tx, auth.companyId, id));
}
