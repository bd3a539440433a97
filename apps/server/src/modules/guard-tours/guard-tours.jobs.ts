// The guard tour pass, every ATTENDANCE_CHECK_INTERVAL_MS on one instance (a lease): schedules
// create the round of their current slot (once: a unique index on the slot), and rounds not
// started on time, overdue, or ended with checkpoints missed raise one alert each to the control
// room (a notification and a `tour.alert` event). Each alert is claimed by an UPDATE only one wins.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { acquireLease } from '../../db/leases';
import { rowsOf } from '../../db/rows';
import { every } from '../../plugins/periodic';
import { companyTimezone } from '../companies/companies.service';
import { publishEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { localTime } from '../planning/rules/shift-time';
import { currentSlot, LATE_MINUTES, OVERDUE_MARGIN_MINUTES } from './guard-tours.models';
import { agentsOnDuty } from './rounds.service';

type Kind = 'late' | 'overdue' | 'close' | 'missed';

async function scheduleOne(tx: Tx, companyId: string, tourId: string, now: Date) {
  const [tour] = rowsOf<{
    site_id: string;
    schedule: { everyMinutes: number; start: string; end: string; days: number[] } | null;
  }>(
    await tx.execute(
      sql`select site_id, schedule from tours where company_id = ${companyId} and id = ${tourId}`,
    ),
  );
  if (!tour?.schedule) return false;
  const slot = currentSlot(tour.schedule, now, await companyTimezone(tx, companyId));
  if (!slot) return false;
  const agent = (await agentsOnDuty(tx, companyId, tour.site_id))[0];
  const created = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into tour_rounds (company_id, tour_id, site_id, agent_id, agent_name, status, planned_at)
      values (${companyId}, ${tourId}, ${tour.site_id}, ${agent?.agentId ?? null}, ${agent?.agentName ?? null}, 'planned', ${slot.toISOString()}::timestamptz)
      on conflict (company_id, tour_id, planned_at) do nothing returning id`),
  );
  const [row] = created;
  if (!row) return false;
  await publishEvent(tx, companyId, 'tour.changed', { roundId: row.id, status: 'planned' });
  return true;
}

async function alertOne(tx: Tx, companyId: string, roundId: string, kind: Kind, now: Date) {
  const at = now.toISOString();
  const claim = {
    late: sql`update tour_rounds set late_alerted_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status = 'planned' and late_alerted_at is null returning id`,
    overdue: sql`update tour_rounds set overdue_alerted_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status = 'in_progress' and overdue_alerted_at is null returning id`,
    close: sql`update tour_rounds set status = 'missed', finished_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status in ('planned', 'in_progress') returning id`,
    missed: sql`update tour_rounds set missed_alerted_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status = 'missed' and missed_alerted_at is null returning id`,
  }[kind];
  if (rowsOf(await tx.execute(claim)).length === 0) return false;
  if (kind === 'close') {
    await publishEvent(tx, companyId, 'tour.changed', { roundId, status: 'missed' });
    return alertOne(tx, companyId, roundId, 'missed', now);
  }
  const [r] = rowsOf<{
    tour_name: string;
    site_name: string;
    agent_name: string | null;
    planned_at: Date | string;
    expected_minutes: number;
  }>(
    await tx.execute(sql`select t.name as tour_name, s.name as site_name, r.agent_name, r.planned_at, t.expected_minutes
      from tour_rounds r join tours t on t.company_id = r.company_id and t.id = r.tour_id
      join sites s on s.company_id = t.company_id and s.id = t.site_id
      where r.company_id = ${companyId} and r.id = ${roundId}`),
  );
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
    missed = rowsOf<{ name: string }>(
      await tx.execute(sql`select c.name from tour_checkpoints c join tour_rounds r on r.company_id = c.company_id and r.tour_id = c.tour_id
        where r.company_id = ${companyId} and r.id = ${roundId}
          and not exists (select 1 from tour_scans x where x.company_id = c.company_id and x.round_id = r.id and x.checkpoint_id = c.id)
        order by c.position`),
    ).map((m) => m.name);
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
  const tours = rowsOf<{ company_id: string; tour_id: string }>(
    await db.direct.execute(sql`select company_id, tour_id from tour_schedule_candidates()`),
  );
  let created = 0;
  for (const t of tours) {
    if (await db.withTenant(t.company_id, (tx) => scheduleOne(tx, t.company_id, t.tour_id, now)))
      created += 1;
  }
  const candidates = rowsOf<{ company_id: string; round_id: string; kind: Kind }>(
    await db.direct.execute(
      sql`select company_id, round_id, kind from tour_alert_candidates(${now.toISOString()}::timestamptz, ${LATE_MINUTES}, ${OVERDUE_MARGIN_MINUTES})`,
    ),
  );
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
