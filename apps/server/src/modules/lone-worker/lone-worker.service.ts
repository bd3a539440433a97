// The agent's own protection: turned on during a shift in progress, checked in at its interval,
// fed with the phone's positions while it runs, stopped by the agent or closed at the shift's end.
// Administrators and operators do not run it for an agent (403): it is the agent's phone that asks.

import type { listQuery } from '@vigie/contract/common';
import type { LoneWorkerPositionInput, startLoneWorkerBody } from '@vigie/contract/lone-worker.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { positionRetentionDays } from '../companies/companies.service';
import { publishEvent } from '../events/events.service';
import { findAgentByUser } from '../planning/agents.service';
import * as alerts from './alerts.repository';
import { loneWorkerErrors as errors } from './lone-worker.errors';
import { toPositionDto, toSessionDto } from './lone-worker.models';
import * as repo from './lone-worker.repository';

export interface Clock {
  graceMs: number;
  now?: Date;
}

/** The signed-in agent's record; 403 for the control room, or an account without an agent record. */
export async function requireAgent(tx: Tx, auth: AuthContext, refusal = errors.agentsOnly) {
  if (auth.role !== 'agent') throw refusal();
  const agent = await findAgentByUser(tx, auth.companyId, auth.userId);
  if (!agent) throw errors.noAgentRecord();
  return agent;
}

/**
 * A protection addressed by id: unknown to the company → 404; the control room → 403; another
 * agent's → 404 (an agent does not learn of a colleague's protection).
 */
async function ownSession(tx: Tx, auth: AuthContext, id: string) {
  const session = await repo.findSession(tx, auth.companyId, id);
  if (!session) throw errors.sessionNotFound();
  const agent = await requireAgent(tx, auth);
  if (session.agentId !== agent.id) throw errors.sessionNotFound();
  return { session, agent };
}

/** `name`: the protected agent's, so that the journal's « Objet » names the protection by it. */
async function audit(
  tx: Tx,
  auth: AuthContext,
  action: string,
  id: string,
  agent: { name: string },
  details = {},
) {
  await recordAudit(tx, {
    companyId: auth.companyId,
    actorUserId: auth.userId,
    action: `lone_worker.${action}`,
    entity: 'lone_worker_session',
    entityId: id,
    details: { name: agent.name, ...details },
  });
}

async function record(
  tx: Tx,
  auth: AuthContext,
  ids: { agentId: string; shiftId: string | null },
  kind: 'lone_worker' | 'sos',
  p: LoneWorkerPositionInput,
  now: Date,
) {
  await repo.insertPosition(tx, auth.companyId, {
    ...ids,
    kind,
    lat: p.lat,
    lng: p.lng,
    accuracy: p.accuracy,
    now,
  });
}

/**
 * Refuses a protection that has ended, or whose shift is over (the answer rolls back, so the
 * periodic pass is what closes the latter: within ATTENDANCE_CHECK_INTERVAL_MS).
 */
async function stillOnDuty(tx: Tx, auth: AuthContext, session: repo.SessionRow) {
  if (session.endedAt) throw errors.ended();
  if (!(await repo.isShiftInProgress(tx, auth.companyId, session.shiftId))) throw errors.shiftOver();
}

export async function start(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof startLoneWorkerBody>,
  clock: Clock,
) {
  const now = clock.now ?? new Date();
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const shift = await repo.shiftInProgress(tx, auth.companyId, agent.id);
    if (!shift) throw errors.notOnDuty();
    const id = await repo.insertSession(tx, auth.companyId, {
      agentId: agent.id,
      userId: auth.userId,
      shiftId: shift.id,
      siteId: shift.siteId,
      intervalMinutes: body.intervalMinutes,
      now,
    });
    if (!id) throw errors.alreadyActive();
    if (body.position)
      await record(tx, auth, { agentId: agent.id, shiftId: shift.id }, 'lone_worker', body.position, now);
    await audit(tx, auth, 'started', id, agent, {
      intervalMinutes: body.intervalMinutes,
      position: !!body.position,
    });
    const session = await repo.findSession(tx, auth.companyId, id);
    if (!session) throw errors.sessionNotFound();
    return toSessionDto(session, clock.graceMs);
  });
}

export async function current(db: Database, auth: AuthContext, clock: Clock) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const session = await repo.activeSessionOf(tx, auth.companyId, agent.id);
    return { session: session ? toSessionDto(session, clock.graceMs) : null };
  });
}

export async function checkIn(
  db: Database,
  auth: AuthContext,
  id: string,
  position: LoneWorkerPositionInput | null,
  clock: Clock,
) {
  const now = clock.now ?? new Date();
  return db.withTenant(auth.companyId, async (tx) => {
    const { session, agent } = await ownSession(tx, auth, id);
    await stillOnDuty(tx, auth, session);
    if (!(await repo.checkIn(tx, auth.companyId, id, now))) throw errors.ended();
    if (position)
      await record(tx, auth, { agentId: agent.id, shiftId: session.shiftId }, 'lone_worker', position, now);
    await audit(tx, auth, 'check_in', id, agent, { position: !!position });
    // A late answer: the control room sees that the agent answered (and still acknowledges).
    for (const a of await alerts.markAnswered(tx, auth.companyId, id, now)) {
      await publishEvent(tx, auth.companyId, 'lone_worker.alert', {
        id: a.id,
        change: 'answered',
        status: 'active',
        siteId: a.site_id,
        agentName: a.agent_name,
        dueAt: new Date(a.due_at).toISOString(),
      });
    }
    const updated = await repo.findSession(tx, auth.companyId, id);
    if (!updated) throw errors.sessionNotFound();
    return toSessionDto(updated, clock.graceMs);
  });
}

export async function reportPosition(
  db: Database,
  auth: AuthContext,
  id: string,
  position: LoneWorkerPositionInput,
  clock: Clock,
) {
  const now = clock.now ?? new Date();
  await db.withTenant(auth.companyId, async (tx) => {
    const { session, agent } = await ownSession(tx, auth, id);
    await stillOnDuty(tx, auth, session);
    await record(tx, auth, { agentId: agent.id, shiftId: session.shiftId }, 'lone_worker', position, now);
    await audit(tx, auth, 'position', id, agent);
  });
}

export async function stop(db: Database, auth: AuthContext, id: string, clock: Clock) {
  const now = clock.now ?? new Date();
  return db.withTenant(auth.companyId, async (tx) => {
    const { session, agent } = await ownSession(tx, auth, id);
    if (session.endedAt || !(await repo.endSession(tx, auth.companyId, id, 'stopped', now)))
      throw errors.ended();
    await audit(tx, auth, 'stopped', id, agent, { reason: 'stopped' });
    const ended = await repo.findSession(tx, auth.companyId, id);
    if (!ended) throw errors.sessionNotFound();
    return toSessionDto(ended, clock.graceMs);
  });
}

/** What is recorded about the agent's whereabouts, within the company's retention (2 months). */
export async function myPositions(db: Database, auth: AuthContext, q: z.output<typeof listQuery>) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const days = await positionRetentionDays(tx, auth.companyId);
    const since = new Date(Date.now() - days * 86_400_000);
    const { rows, total } = await repo.positionsPage(tx, auth.companyId, agent.id, since, {
      limit: q.limit,
      after,
    });
    return { rows: rows.map(toPositionDto), total };
  });
}
