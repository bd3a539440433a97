// The guard tour pass, every ATTENDANCE_CHECK_INTERVAL_MS on one instance (a lease): schedules
// create the round of their current slot (once: a unique index on the slot), and rounds not
// started on time, overdue, or ended with checkpoints missed raise one alert each to the control
// room (a notification and a `tour.alert` event). Each alert is claimed by an UPDATE only one wins.
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { acquireLease } from '../../db/leases';
import { translate } from '../../lib/languages';
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
  // French messages and their values: each reader gets the notification in his language; the
  // event keeps its French text.
  const who = { agentState: r.agent_name ? 'named' : 'none', agent: r.agent_name ?? '' };
  const whoText = '{agentState, select, none {aucun agent en service} other {{agent}}}';
  const titleValues = { tour: r.tour_name };
  let titleMessage: string;
  let bodyMessage: string;
  let bodyValues: Record<string, unknown>;
  let missed: string[] = [];
  if (kind === 'late') {
    titleMessage = 'Ronde non démarrée : {tour}';
    bodyMessage = `La ronde « {tour} » prévue à {time} sur {site} n'a pas été démarrée (${whoText}).`;
    bodyValues = {
      tour: r.tour_name,
      time: localTime(new Date(r.planned_at), tz),
      site: r.site_name,
      ...who,
    };
  } else if (kind === 'overdue') {
    titleMessage = 'Ronde en retard : {tour}';
    bodyMessage = `La ronde « {tour} » sur {site} dépasse sa durée prévue de {minutes} min (${whoText}).`;
    bodyValues = { tour: r.tour_name, site: r.site_name, minutes: r.expected_minutes, ...who };
  } else {
    missed = await missedCheckpointNames(tx, companyId, roundId);
    titleMessage = 'Points de contrôle manqués : {tour}';
    bodyMessage = `La ronde « {tour} » sur {site} s'est terminée avec {count} point(s) non scanné(s) : {checkpoints} (${whoText}).`;
    bodyValues = {
      tour: r.tour_name,
      site: r.site_name,
      count: missed.length,
      checkpoints: missed.join(', '),
      ...who,
    };
  }
  const title = translate('fr', titleMessage, titleValues);
  const body = translate('fr', bodyMessage, bodyValues);
  await notify(
    tx,
    companyId,
    {
      kind: `tour.${kind}`,
      severity: kind === 'missed' ? 'critical' : 'warning',
      title: titleMessage,
      titleValues,
      body: bodyMessage,
      bodyValues,
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
