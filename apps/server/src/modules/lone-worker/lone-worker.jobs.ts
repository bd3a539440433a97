// The lone-worker pass, every 15 s (or ATTENDANCE_CHECK_INTERVAL_MS if shorter) on one instance (a lease): protections
// whose shift is over are closed, and a check-in not answered LONE_WORKER_GRACE_MS after its due
// time raises one alert (unique per session and due time) with the agent's last position: a
// critical notification to the control room and a `lone_worker.alert` event. And the daily
// retention of ended protections, like the positions (the company's retention, 2 months).
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { acquireLease } from '../../db/leases';
import { every } from '../../plugins/periodic';
import { recordAudit } from '../audit/audit.service';
import { companyTimezone } from '../companies/companies.service';
import { publishEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { findAgent } from '../planning/agents.service';
import { localTime } from '../planning/rules/shift-time';
import * as alerts from './alerts.repository';
import { formatPosition } from './lone-worker.models';
import * as repo from './lone-worker.repository';

/** The protected agent's name, which the journal shows as the protection's « Objet ». */
async function agentNameOf(tx: Tx, companyId: string, agentId: string) {
  return (await findAgent(tx, companyId, agentId))?.name ?? 'Agent';
}

async function closeOne(tx: Tx, companyId: string, sessionId: string, now: Date) {
  if (!(await repo.endSession(tx, companyId, sessionId, 'shift_end', now))) return false;
  const session = await repo.findSession(tx, companyId, sessionId);
  await recordAudit(tx, {
    companyId,
    actorUserId: null,
    action: 'lone_worker.ended',
    entity: 'lone_worker_session',
    entityId: sessionId,
    details: {
      ...(session ? { name: await agentNameOf(tx, companyId, session.agentId) } : {}),
      reason: 'shift_end',
    },
  });
  return true;
}

async function alertOne(tx: Tx, companyId: string, sessionId: string, now: Date, graceMs: number) {
  const s = await repo.findSession(tx, companyId, sessionId);
  if (!s || s.endedAt || s.nextDueAt.getTime() + graceMs >= now.getTime()) return false;
  // A shift that ended meanwhile closes the protection instead (the candidates were read before).
  if (!(await repo.isShiftInProgress(tx, companyId, s.shiftId))) {
    await closeOne(tx, companyId, s.id, now);
    return false;
  }
  const agentName = await agentNameOf(tx, companyId, s.agentId);
  const position = await repo.lastPositionOfSession(tx, companyId, s);
  const id = await alerts.insertAlert(tx, companyId, {
    sessionId: s.id,
    agentId: s.agentId,
    agentName,
    siteId: s.siteId,
    dueAt: s.nextDueAt,
    now,
    position,
  });
  if (!id) return false;
  const tz = await companyTimezone(tx, companyId);
  // A French message and its values (names bounded as the texts were): each reader gets it in
  // his language.
  const agent = agentName.slice(0, 150);
  await notify(
    tx,
    companyId,
    {
      kind: 'lone_worker.missed',
      severity: 'critical',
      audience: { roles: ['admin', 'operator'] },
      title: 'Travailleur isolé sans réponse — {agent}',
      titleValues: { agent },
      body:
        "{agent} ({siteState, select, unknown {site inconnu} other {{site}}}) n'a pas répondu à la vérification de {time}. " +
        '{positionState, select, known {Dernière position : {position} à {positionTime}.} other {Aucune position connue.}} ' +
        "Appelez l'agent et envoyez du renfort si besoin.",
      bodyValues: {
        agent,
        siteState: s.siteName ? 'known' : 'unknown',
        site: (s.siteName ?? '').slice(0, 150),
        time: localTime(s.nextDueAt, tz),
        positionState: position ? 'known' : 'unknown',
        position: position ? formatPosition(position) : '',
        positionTime: position ? localTime(position.at, tz) : '',
      },
      link: '/dashboard',
      dedupeKey: `lone_worker.${id}`,
    },
    { now },
  );
  await publishEvent(tx, companyId, 'lone_worker.alert', {
    id,
    change: 'created',
    status: 'active',
    siteId: s.siteId,
    agentName,
    dueAt: s.nextDueAt.toISOString(),
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: null,
    action: 'lone_worker_alert.raised',
    entity: 'lone_worker_alert',
    entityId: id,
    details: {
      name: agentName,
      sessionId: s.id,
      agentId: s.agentId,
      dueAt: s.nextDueAt.toISOString(),
      position: !!position,
    },
  });
  return true;
}

/** One pass over every company; answers how many protections it closed and alerts it raised. */
export async function runLoneWorkerPass(db: Database, now = new Date(), graceMs = 120_000) {
  const candidates = await repo.passCandidates(db, now, graceMs);
  let closed = 0;
  let raised = 0;
  // Closes first: a protection whose shift is over raises no alert.
  for (const c of [...candidates].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'close' ? -1 : 1))) {
    if (c.kind === 'close') {
      if (await db.withTenant(c.company_id, (tx) => closeOne(tx, c.company_id, c.session_id, now)))
        closed += 1;
    } else if (
      await db.withTenant(c.company_id, (tx) => alertOne(tx, c.company_id, c.session_id, now, graceMs))
    ) {
      raised += 1;
    }
  }
  return { closed, raised };
}

/** Removes ended protections past each company's position retention; the counts go to the audit log. */
export async function purgeLoneWorker(db: Database, now = new Date()) {
  const gone = await repo.purgeEndedSessions(db, now);
  for (const g of gone) {
    await db.withTenant(g.company_id, (tx) =>
      recordAudit(tx, {
        companyId: g.company_id,
        actorUserId: null,
        action: 'retention.lone_worker_purged',
        entity: 'lone_worker_session',
        entityId: null,
        details: { removed: Number(g.removed) },
      }),
    );
  }
  return gone.reduce((n, g) => n + Number(g.removed), 0);
}

/**
 * At most this long between passes: an alert's delay is the grace plus up to one interval, and a
 * person may be hurt. The pass reads only running protections (a partial index), so it is cheap.
 */
export const LONE_WORKER_PASS_MAX_INTERVAL_MS = 15_000;

export function registerLoneWorkerJobs(app: FastifyInstance) {
  // ATTENDANCE_CHECK_INTERVAL_MS = 0 disables the background passes (tests run them by hand).
  const interval = Math.min(app.config.attendanceCheckIntervalMs, LONE_WORKER_PASS_MAX_INTERVAL_MS);
  every(
    app,
    'lone worker',
    interval,
    async () => {
      if (!(await acquireLease(app.db, 'lone-worker', Math.max(interval * 3, 60_000)))) return;
      await runLoneWorkerPass(app.db, new Date(), app.config.loneWorkerGraceMs);
    },
    false,
  );
  every(app, 'lone worker retention', app.config.dailyJobsIntervalMs, () => purgeLoneWorker(app.db), true);
}
