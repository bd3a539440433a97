// Interventions: the control room proposes an agent on duty (ranked by distance from the site) from an
// alarm or on its own; the agent's phone rings and the agent moves the intervention along its steps
// (steps.service.ts); the clock re-proposes and warns (interventions.jobs.ts). Administrators and
// operators read every intervention of the company with the agent's track; an agent reads only his
// own, without a track, and never another agent's (404).
import type {
  candidatesQuery,
  createInterventionBody,
  InterventionDetail,
  listInterventionsQuery,
} from '@vigie/contract/interventions.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { getAlarm } from '../alarms/alarms.service';
import { findAgent, findAgentByUser } from '../planning/agents.service';
import { shiftInProgressOf, trackOf } from '../planning/duty-positions.service';
import {
  getSiteInstructions,
  responseTargetsOf,
  withoutPasswords,
} from '../site-instructions/site-instructions.service';
import { siteForPlanning } from '../sites/sites.service';
import { rankCandidates } from './candidates';
import { stateLabel, transitions } from './intervention-states';
import { interventionErrors as errors } from './interventions.errors';
import { type InterventionRow, type SiteInfo, toDetailDto, toInterventionDto } from './interventions.models';
import * as repo from './interventions.repository';
import { type Actor, recordStep, warn } from './record.service';

export const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw errors.managersOnly();
};

export const actorOf = (auth: AuthContext): Actor => ({ userId: auth.userId, name: auth.user.name });

/** The signed-in agent's record; 403 for the control room or an account without one. */
export async function requireAgent(tx: Tx, auth: AuthContext) {
  if (auth.role !== 'agent') throw errors.agentsOnly();
  const agent = await findAgentByUser(tx, auth.companyId, auth.userId);
  if (!agent) throw errors.noAgentRecord();
  return agent;
}

/** An intervention the caller may read: any of the company's for the control room, his own for an agent. */
export async function readable(tx: Tx, auth: AuthContext, id: string, lock = false) {
  const row = await repo.findIntervention(tx, auth.companyId, id, lock);
  if (!row) throw errors.notFound();
  if (auth.role === 'agent') {
    const agent = await findAgentByUser(tx, auth.companyId, auth.userId);
    if (!agent || agent.id !== row.agentId) throw errors.notFound();
  }
  return row;
}

async function siteOf(tx: Tx, companyId: string, siteId: string): Promise<SiteInfo | null> {
  const s = await siteForPlanning(tx, companyId, siteId);
  return s
    ? {
        name: s.name,
        address: s.address ?? null,
        latitude: s.latitude,
        longitude: s.longitude,
        geofenceRadiusM: s.geofenceRadiusM,
      }
    : null;
}

async function instructionsOf(tx: Tx, siteId: string) {
  try {
    return withoutPasswords(await getSiteInstructions(tx, siteId));
  } catch {
    return null;
  }
}

/** The full answer: steps, the site's instructions, the report's photos, and the track (control room). */
export async function detailOf(
  tx: Tx,
  companyId: string,
  withTrack: boolean,
  row: InterventionRow,
  now: Date,
) {
  const site = await siteOf(tx, companyId, row.siteId);
  const steps = await repo.stepsOf(tx, companyId, row.id);
  const track =
    withTrack && row.acceptedAt ? await trackOf(tx, companyId, row.agentId, row.acceptedAt, row.endedAt) : [];
  const instructions = (await instructionsOf(tx, row.siteId))?.steps.map((s) => s.text) ?? [];
  const done = steps.find((s) => s.kind === 'done');
  const photoIds = Array.isArray(done?.details.photoIds) ? (done.details.photoIds as string[]) : [];
  return toDetailDto(row, now, {
    site,
    steps,
    track,
    instructions,
    photos: photoIds.map((id) => ({ id, url: `/api/logbook/photos/${id}` })),
  });
}

/** The answer to the caller: the control room sees the track, an agent does not. */
export const detailFor = (tx: Tx, auth: AuthContext, row: InterventionRow, now: Date) =>
  detailOf(tx, auth.companyId, auth.role !== 'agent', row, now);

export async function candidates(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof candidatesQuery>,
  now = new Date(),
) {
  requireManager(auth);
  const siteId = q.alarmId ? (await getAlarm(db, auth, q.alarmId)).siteId : q.siteId;
  return db.withTenant(auth.companyId, async (tx) => {
    let from: { lat: number; lng: number } | null = null;
    if (siteId) {
      const site = await siteForPlanning(tx, auth.companyId, siteId);
      if (!site) throw errors.siteNotFound();
      from =
        site.latitude !== null && site.longitude !== null
          ? { lat: site.latitude, lng: site.longitude }
          : null;
    } else if (q.lat !== undefined && q.lng !== undefined) {
      from = { lat: q.lat, lng: q.lng };
    }
    // The database ranks and keeps the nearest; rankCandidates shapes them (and agrees on the order).
    const nearest = await repo.onDutyAgents(tx, auth.companyId, { from, limit: q.limit });
    return rankCandidates(nearest, from, now, q.limit);
  });
}

/** An agent who can be sent: the company's, with an account (his phone), on duty, not busy. */
async function sendable(tx: Tx, companyId: string, agentId: string) {
  const agent = await findAgent(tx, companyId, agentId);
  if (!agent) throw errors.agentNotFound();
  if (!agent.userId) throw errors.agentWithoutAccount();
  if (!(await shiftInProgressOf(tx, companyId, agentId))) throw errors.agentNotOnDuty();
  if (await repo.runningOfAgent(tx, companyId, agentId)) throw errors.agentBusy();
  return { ...agent, userId: agent.userId };
}

/** The agent's phone rings: a critical notification (in-app bell and Web Push) to his account. */
export async function ringAgent(tx: Tx, companyId: string, row: InterventionRow, userId: string, now: Date) {
  await warn(
    tx,
    companyId,
    {
      kind: 'intervention.proposed',
      severity: 'critical',
      audience: { userIds: [userId] },
      title: 'Intervention — {site}',
      titleValues: { site: row.siteName.slice(0, 150) },
      body: "{alarmState, select, none {Intervention demandée} other {{alarm}}}. Répondez dans les {seconds} s : Accepter ou Refuser dans l'espace agent.",
      bodyValues: {
        alarmState: row.alarmTitle ? 'alarm' : 'none',
        alarm: (row.alarmTitle ?? '').slice(0, 300),
        seconds: row.acceptSeconds,
      },
      link: '/agent',
    },
    now,
  );
}

export async function create(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof createInterventionBody>,
  now = new Date(),
): Promise<InterventionDetail> {
  requireManager(auth);
  const alarm = body.alarmId ? await getAlarm(db, auth, body.alarmId) : null;
  if (alarm?.status === 'resolved') throw errors.alarmResolved();
  const siteId = alarm ? alarm.siteId : (body.siteId as string);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await siteForPlanning(tx, auth.companyId, siteId))) throw errors.siteNotFound();
    const agent = await sendable(tx, auth.companyId, body.agentId);
    const severity = alarm?.severity ?? 'medium';
    const instructions = await getSiteInstructions(tx, siteId);
    const targets = responseTargetsOf(instructions, severity);
    const id = await repo.insertIntervention(tx, auth.companyId, {
      alarmId: alarm?.id ?? null,
      siteId,
      agentId: agent.id,
      severity,
      note: body.note ?? null,
      acceptSeconds: targets.acceptSeconds,
      arriveMinutes: targets.arriveMinutes,
      createdBy: auth.userId,
      now,
    });
    if (!id) throw errors.agentBusy();
    const row = await repo.findIntervention(tx, auth.companyId, id);
    if (!row) throw errors.notFound();
    await recordStep(tx, auth.companyId, row, {
      kind: 'proposed',
      actor: actorOf(auth),
      agentId: agent.id,
      at: now,
      position: null,
      details: { alarmTitle: alarm?.title ?? null, note: body.note ?? null },
    });
    const fresh = { ...row, alarmTitle: alarm?.title ?? null };
    await ringAgent(tx, auth.companyId, fresh, agent.userId, now);
    return detailFor(tx, auth, fresh, now);
  });
}

export async function list(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof listInterventionsQuery>,
  now = new Date(),
) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    let agentId: string | undefined;
    if (auth.role === 'agent') agentId = (await requireAgent(tx, auth)).id;
    const { rows, total } = await repo.listPage(
      tx,
      auth.companyId,
      { state: q.state, alarmId: q.alarmId, siteId: q.siteId, agentId },
      { limit: q.limit, ...(after ? { after } : {}) },
    );
    return {
      rows: rows.map((r) => ({ ...toInterventionDto(r, now), createdAt: r.createdAt.toISOString() })),
      total,
    };
  });
}

export async function get(db: Database, auth: AuthContext, id: string, now = new Date()) {
  return db.withTenant(auth.companyId, async (tx) => detailFor(tx, auth, await readable(tx, auth, id), now));
}

/** The signed-in agent's running intervention (the agent space's card), or null. */
export async function current(db: Database, auth: AuthContext, now = new Date()) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const row = await repo.runningOfAgent(tx, auth.companyId, agent.id);
    return { intervention: row ? await detailFor(tx, auth, row, now) : null };
  });
}

export async function cancel(
  db: Database,
  auth: AuthContext,
  id: string,
  reason: string | undefined,
  now = new Date(),
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await readable(tx, auth, id, true);
    const t = transitions.cancel;
    if (!t.from.includes(row.state)) throw errors.transition(stateLabel(row.state), stateLabel(t.to));
    if (!(await repo.move(tx, auth.companyId, id, t.from, { to: 'cancelled' }, now)))
      throw errors.transition(stateLabel(row.state), stateLabel(t.to));
    await recordStep(tx, auth.companyId, row, {
      kind: 'cancelled',
      actor: actorOf(auth),
      agentId: row.agentId,
      at: now,
      position: null,
      details: reason ? { reason } : {},
    });
    const agent = await findAgent(tx, auth.companyId, row.agentId);
    if (agent?.userId && row.state !== 'refused') {
      await warn(
        tx,
        auth.companyId,
        {
          kind: 'intervention.cancelled',
          severity: 'warning',
          audience: { userIds: [agent.userId] },
          title: 'Intervention annulée — {site}',
          titleValues: { site: row.siteName.slice(0, 150) },
          body: reason ? 'Motif : {reason}' : "Le centre de contrôle a annulé l'intervention.",
          bodyValues: reason ? { reason: reason.slice(0, 490) } : {},
          link: '/agent',
        },
        now,
      );
    }
    const after = await repo.findIntervention(tx, auth.companyId, id);
    return detailFor(tx, auth, after ?? row, now);
  });
}

/** A refused intervention proposed again, to the agent the operator chose. */
export async function propose(
  db: Database,
  auth: AuthContext,
  id: string,
  agentId: string,
  now = new Date(),
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await readable(tx, auth, id, true);
    // The agent first: another company's is unknown here (404) whatever the state.
    const agent = await sendable(tx, auth.companyId, agentId);
    const t = transitions.propose;
    if (!t.from.includes(row.state)) throw errors.transition(stateLabel(row.state), stateLabel(t.to));
    if (!(await repo.move(tx, auth.companyId, id, t.from, { to: 'proposed', agentId: agent.id }, now)))
      throw errors.transition(stateLabel(row.state), stateLabel(t.to));
    const after = await repo.findIntervention(tx, auth.companyId, id);
    if (!after) throw errors.notFound();
    await recordStep(tx, auth.companyId, after, {
      kind: 'proposed',
      actor: actorOf(auth),
      agentId: agent.id,
      at: now,
      position: null,
      details: { previousAgentName: row.agentName },
    });
    await ringAgent(tx, auth.companyId, after, agent.userId, now);
    return detailFor(tx, auth, after, now);
  });
}

// ---- For the map (apps/server/src/modules/map): one call each, in the caller's tenant transaction.

/** Every running intervention of the company with its agent and the agent's track since acceptance. */
export async function listRunningForMap(tx: Tx, companyId: string, now = new Date()) {
  const { rows } = await repo.listPage(tx, companyId, { state: 'running' }, { limit: 500 });
  const out = [];
  for (const r of rows) {
    const site = await siteOf(tx, companyId, r.siteId);
    const track = r.acceptedAt ? await trackOf(tx, companyId, r.agentId, r.acceptedAt, r.endedAt) : [];
    out.push({
      ...toInterventionDto(r, now, site),
      track: track.map((p) => ({ lat: p.lat, lng: p.lng, at: p.at.toISOString() })),
    });
  }
  return out;
}

/**
 * The agents on duty with their last position (phone or radio), its age, and whether they are busy
 * (a running intervention, with its id and state).
 */
export async function listAgentsOnDutyForMap(tx: Tx, companyId: string, now = new Date()) {
  const agents = await repo.onDutyAgents(tx, companyId);
  const byId = new Map(agents.map((a) => [a.agentId, a]));
  return rankCandidates(agents, null, now, agents.length).map((c) => {
    const raw = byId.get(c.agentId);
    const pos = c.positionSource === 'radio' ? raw?.radio : c.positionSource === 'phone' ? raw?.phone : null;
    return {
      agentId: c.agentId,
      name: c.name,
      position: pos
        ? { lat: pos.lat, lng: pos.lng, at: pos.at.toISOString(), source: c.positionSource }
        : null,
      positionAgeSeconds: c.positionAgeSeconds,
      busy: c.busy,
      interventionId: c.interventionId,
      interventionState: raw?.interventionState ?? null,
    };
  });
}
