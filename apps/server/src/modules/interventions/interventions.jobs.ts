// The interventions' clock, every 5 s (or ATTENDANCE_CHECK_INTERVAL_MS if shorter) on one instance
// (a lease), over every company (interventions_due):
//  - a proposal not accepted within the site's acceptSeconds passes to the next nearest free agent on
//    duty not yet asked (his phone rings) and the control room is warned; with no one left, it comes
//    back to the control room as refused;
//  - an agent not on site within arriveMinutes of accepting: a warning to the control room, then an
//    alert at 1.5 times the target (critical).
// And daily, the positions stamped on old steps are cleared after the position retention.
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { acquireLease } from '../../db/leases';
import { every } from '../../plugins/periodic';
import { recordAudit } from '../audit/audit.service';
import { findAgent } from '../planning/agents.service';
import { siteForPlanning } from '../sites/sites.service';
import { nextCandidate, rankCandidates } from './candidates';
import { lateness } from './intervention-states';
import * as repo from './interventions.repository';
import { ringAgent } from './interventions.service';
import { clockActor, recordStep, warn } from './record.service';

const link = (alarmId: string | null) =>
  alarmId ? `/dashboard/alarms?alarm=${alarmId}` : '/dashboard/alarms';

async function acceptTimeout(tx: Tx, companyId: string, id: string, now: Date) {
  const row = await repo.findIntervention(tx, companyId, id, true);
  if (row?.state !== 'proposed' || !row.acceptDueAt || row.acceptDueAt > now) return false;
  await recordStep(tx, companyId, row, {
    kind: 'accept_timeout',
    actor: clockActor,
    agentId: row.agentId,
    at: now,
    position: null,
    details: { agentName: row.agentName, seconds: row.acceptSeconds },
  });
  const site = await siteForPlanning(tx, companyId, row.siteId);
  const from =
    site && site.latitude !== null && site.longitude !== null
      ? { lat: site.latitude, lng: site.longitude }
      : null;
  const agents = (await repo.onDutyAgents(tx, companyId)).filter((a) => a.userId !== null);
  const next = nextCandidate(rankCandidates(agents, from, now, agents.length), row.askedAgentIds);
  const nextUser = next ? agents.find((a) => a.agentId === next.agentId)?.userId : null;
  if (next && nextUser) {
    await repo.move(tx, companyId, id, ['proposed'], { to: 'proposed', agentId: next.agentId }, now);
    const after = (await repo.findIntervention(tx, companyId, id)) ?? row;
    await recordStep(tx, companyId, after, {
      kind: 'proposed',
      actor: clockActor,
      agentId: next.agentId,
      at: now,
      position: null,
      details: { automatic: true, previousAgentName: row.agentName, distanceM: next.distanceM },
    });
    await ringAgent(tx, companyId, after, nextUser, now);
    await warn(
      tx,
      companyId,
      {
        kind: 'intervention.reassigned',
        severity: 'warning',
        audience: { roles: ['admin', 'operator'] },
        title: 'Intervention sans réponse — {site}',
        titleValues: { site: row.siteName.slice(0, 150) },
        body: "{agent} n'a pas accepté dans les {seconds} s : l'intervention est proposée à {next}.",
        bodyValues: {
          agent: row.agentName.slice(0, 150),
          seconds: row.acceptSeconds,
          next: next.name.slice(0, 150),
        },
        link: link(row.alarmId),
      },
      now,
    );
  } else {
    const reason = "Pas de réponse dans le délai, et aucun autre agent en service n'est disponible";
    await repo.move(tx, companyId, id, ['proposed'], { to: 'refused', reason }, now);
    const after = (await repo.findIntervention(tx, companyId, id)) ?? row;
    await recordStep(tx, companyId, after, {
      kind: 'refused',
      actor: clockActor,
      agentId: row.agentId,
      at: now,
      position: null,
      details: { reason, automatic: true },
    });
    await warn(
      tx,
      companyId,
      {
        kind: 'intervention.unanswered',
        severity: 'critical',
        audience: { roles: ['admin', 'operator'] },
        title: 'Intervention sans agent — {site}',
        titleValues: { site: row.siteName.slice(0, 150) },
        body: "{agent} n'a pas accepté dans les {seconds} s et aucun autre agent en service n'est libre : envoyez quelqu'un.",
        bodyValues: { agent: row.agentName.slice(0, 150), seconds: row.acceptSeconds },
        link: link(row.alarmId),
      },
      now,
    );
  }
  // The agent who did not answer is told that it went to someone else.
  const previous = await findAgent(tx, companyId, row.agentId);
  if (previous?.userId) {
    await warn(
      tx,
      companyId,
      {
        kind: 'intervention.withdrawn',
        severity: 'info',
        audience: { userIds: [previous.userId] },
        title: 'Intervention retirée — {site}',
        titleValues: { site: row.siteName.slice(0, 150) },
        body: "Sans réponse de votre part dans le délai, l'intervention a été retirée.",
        link: '/agent',
      },
      now,
    );
  }
  return true;
}

async function arrivalCheck(tx: Tx, companyId: string, id: string, now: Date) {
  const row = await repo.findIntervention(tx, companyId, id, true);
  if (!row) return false;
  const level = lateness(row, now);
  if (!level) return false;
  const minutes = row.acceptedAt ? Math.floor((now.getTime() - row.acceptedAt.getTime()) / 60_000) : 0;
  let moved = false;
  if (!row.arriveWarnedAt && (await repo.markLate(tx, companyId, id, 'warning', now))) {
    moved = true;
    await recordStep(tx, companyId, row, {
      kind: 'arrive_warning',
      actor: clockActor,
      agentId: row.agentId,
      at: now,
      position: null,
      details: { minutes, targetMinutes: row.arriveMinutes },
    });
    await warn(
      tx,
      companyId,
      {
        kind: 'intervention.late',
        severity: 'warning',
        audience: { roles: ['admin', 'operator'] },
        title: 'Agent pas encore sur place — {site}',
        titleValues: { site: row.siteName.slice(0, 150) },
        body: "{agent} a accepté il y a {minutes} min (objectif : {target} min) et n'est pas encore sur place.",
        bodyValues: { agent: row.agentName.slice(0, 150), minutes, target: row.arriveMinutes },
        link: link(row.alarmId),
      },
      now,
    );
  }
  if (level === 'alert' && (await repo.markLate(tx, companyId, id, 'alert', now))) {
    moved = true;
    await recordStep(tx, companyId, row, {
      kind: 'arrive_alert',
      actor: clockActor,
      agentId: row.agentId,
      at: now,
      position: null,
      details: { minutes, targetMinutes: row.arriveMinutes },
    });
    await warn(
      tx,
      companyId,
      {
        kind: 'intervention.late_alert',
        severity: 'critical',
        audience: { roles: ['admin', 'operator'] },
        title: 'Alerte : agent toujours pas sur place — {site}',
        titleValues: { site: row.siteName.slice(0, 150) },
        body: "{agent} a accepté il y a {minutes} min (objectif : {target} min). Appelez l'agent et envoyez du renfort si besoin.",
        bodyValues: { agent: row.agentName.slice(0, 150), minutes, target: row.arriveMinutes },
        link: link(row.alarmId),
      },
      now,
    );
  }
  return moved;
}

/** One pass over every company; answers how many proposals passed on and how many delays were told. */
export async function runInterventionsPass(db: Database, now = new Date()) {
  let reproposed = 0;
  let late = 0;
  for (const due of await repo.dueInterventions(db, now)) {
    if (due.kind === 'accept') {
      if (
        await db.withTenant(due.company_id, (tx) =>
          acceptTimeout(tx, due.company_id, due.intervention_id, now),
        )
      )
        reproposed += 1;
    } else if (
      await db.withTenant(due.company_id, (tx) => arrivalCheck(tx, due.company_id, due.intervention_id, now))
    ) {
      late += 1;
    }
  }
  return { reproposed, late };
}

/** Clears the positions on steps past each company's position retention; counts go to the audit log. */
export async function purgeInterventionPositions(db: Database, now = new Date()) {
  const gone = await repo.purgeStepPositions(db, now);
  for (const g of gone) {
    await db.withTenant(g.company_id, (tx) =>
      recordAudit(tx, {
        companyId: g.company_id,
        actorUserId: null,
        action: 'retention.agent_positions_purged',
        entity: 'intervention',
        entityId: null,
        details: { removed: Number(g.removed) },
      }),
    );
  }
  return gone.reduce((n, g) => n + Number(g.removed), 0);
}

/** At most this long between passes: the shortest acceptance delay is 10 s. */
export const INTERVENTIONS_PASS_MAX_INTERVAL_MS = 5_000;

export function registerInterventionJobs(app: FastifyInstance) {
  // ATTENDANCE_CHECK_INTERVAL_MS = 0 disables the background passes (tests run them by hand).
  const interval = Math.min(app.config.attendanceCheckIntervalMs, INTERVENTIONS_PASS_MAX_INTERVAL_MS);
  every(
    app,
    'interventions',
    interval,
    async () => {
      if (!(await acquireLease(app.db, 'interventions', Math.max(interval * 3, 30_000)))) return;
      await runInterventionsPass(app.db, new Date());
    },
    false,
  );
  every(
    app,
    'interventions retention',
    app.config.dailyJobsIntervalMs,
    () => purgeInterventionPositions(app.db),
    true,
  );
}
