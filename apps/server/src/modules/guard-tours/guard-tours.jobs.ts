// The guard tour pass, every ATTENDANCE_CHECK_INTERVAL_MS on one instance (a lease): schedules
// create the round of their current slot (once: a unique index on the slot), and rounds not
// started on time, overdue, or ended with checkpoints missed raise one alert each to the control
// room (a notification and a `tour.alert` event). Each alert is claimed by an UPDATE only one wins.
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { acquireLease } from '../../db/leases';
import { every } from '../../plugins/periodic';
import { companyTimezone } from '../companies/companies.service';
import { publishEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { localTime } from '../planning/rules/shift-time';
import {
  type AlertKind,
  alertCandidates,
  alertSubject,
  claimAlert,
  missedCheckpointNames,
} from './alerts.repository';
import { currentSlot, LATE_MINUTES, OVERDUE_MARGIN_MINUTES } from './guard-tours.models';
import { agentsOnDuty, insertScheduledRound } from './rounds.repository';
import { scheduleCandidates, tourSchedule } from './tours.repository';

async function scheduleOne(tx: Tx, companyId: string, tourId: string, now: Date) {
  const tour = await tourSchedule(tx, companyId, tourId);
  if (!tour?.schedule) return false;
  const slot = currentSlot(tour.schedule, now, await companyTimezone(tx, companyId));
  if (!slot) return false;
  const agent = (await agentsOnDuty(tx, companyId, tour.site_id))[0];
  const roundId = await insertScheduledRound(tx, {
    companyId,
    tourId,
    siteId: tour.site_id,
    agentId: agent?.agentId ?? null,
    agentName: agent?.agentName ?? null,
    plannedAt: slot,
  });
  if (!roundId) return false;
  await publishEvent(tx, companyId, 'tour.changed', { roundId, status: 'planned' });
  return true;
}

async function alertOne(tx: Tx, companyId: string, roundId: string, kind: AlertKind, now: Date) {
  if (!(await claimAlert(tx, companyId, roundId, kind, now))) return false;
  if (kind === 'close') {
    await publishEvent(tx, companyId, 'tour.changed', { roundId, status: 'missed' });
    return alertOne(tx, companyId, roundId, 'missed', now);
  }
  const r = await alertSubject(tx, companyId, roundId);
  if (!r) return false;
  const tz = await companyTimezone(tx, companyId);
  const who = r.agent_name ?? 'aucun agent en service';
  let title: string;
  let body: string;
  let missed: string[] = [];
  if (kind === 'late') {
    title = `Ronde non démarrée : ${r.tour_name}`;
    body = `La ronde « ${r.tour_name} » prévue à ${localTime(new Date(r.planned_at), tz)} sur ${r.site_name} n'a pas été démarrée (${who}).`;
  } else if (kind === 'overdue') {
    title = `Ronde en retard : ${r.tour_name}`;
    body = `La ronde « ${r.tour_name} » sur ${r.site_name} dépasse sa durée prévue de ${r.expected_minutes} min (${who}).`;
  } else {
    missed = await missedCheckpointNames(tx, companyId, roundId);
    title = `Points de contrôle manqués : ${r.tour_name}`;
    body = `La ronde « ${r.tour_name} » sur ${r.site_name} s'est terminée avec ${missed.length} point(s) non scanné(s) : ${missed.join(', ')} (${who}).`;
  }
  await notify(
    tx,
    companyId,
    {
      kind: `tour.${kind}`,
      severity: kind === 'missed' ? 'critical' : 'warning',
      title,
      body,
      link: '/dashboard/tours',
      dedupeKey: `tour.${kind}.${roundId}`,
      audience: { roles: ['admin', 'operator'] },
    },
    { now },
  );
  await publishEvent(tx, companyId, 'tour.alert', { roundId, kind, title, body, missed });
  return true;
}

/** One pass over every company; answers what this instance created and raised. */
export async function runGuardTourPass(db: Database, now = new Date()) {
  const tours = await scheduleCandidates(db);
  let created = 0;
  for (const t of tours) {
    if (await db.withTenant(t.company_id, (tx) => scheduleOne(tx, t.company_id, t.tour_id, now)))
      created += 1;
  }
  const candidates = await alertCandidates(db, now, LATE_MINUTES, OVERDUE_MARGIN_MINUTES);
  let alerts = 0;
  for (const c of candidates) {
    if (await db.withTenant(c.company_id, (tx) => alertOne(tx, c.company_id, c.round_id, c.kind, now)))
      alerts += 1;
  }
  return { created, alerts };
}

export function registerGuardTourJobs(app: FastifyInstance) {
  const interval = app.config.attendanceCheckIntervalMs;
  every(
    app,
    'guard tours',
    interval,
    async () => {
      if (!(await acquireLease(app.db, 'guard-tours', Math.max(interval * 3, 60_000)))) return;
      await runGuardTourPass(app.db);
    },
    false,
  );
}
