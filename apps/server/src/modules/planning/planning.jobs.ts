// Background work of the planning module, started with the app and stopped with it: the attendance
// watch every ATTENDANCE_CHECK_INTERVAL_MS, and the daily passes (licence alerts, retention of
// agent positions) after start and every DAILY_JOBS_INTERVAL_MS.
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { every } from '../../plugins/periodic';
import { insertAlarm } from '../alarms/alarms.service';
import { recordAudit } from '../audit/audit.service';
import { companyTimezone } from '../companies/companies.service';
import { notify } from '../notifications/notifications.service';
import { qualificationsOf } from './agents.models';
import { allAgentLicences, companiesWithAgents } from './agents.repository';
import { todayOf } from './agents.service';
import { purgeExpiredPositions } from './positions.repository';
import { type LicenceAlert, licenceAlerts, licenceAlertValues } from './rules/licence-rules';
import { licenceMessages } from './rules/messages';
import { localTime } from './rules/shift-time';
import * as repo from './shifts.repository';

// The attendance watch: a shift not started 15 minutes after its start raises 'Agent absent', and
// one still running 30 minutes after its end 'Garde non terminée' — real alarms, so the control
// room sees them in recent alerts, the bell and the real-time stream. Safe with several instances:
// the flag is set by an UPDATE that only one of them wins.

type Kind = 'absent' | 'overrun';

async function alertOne(tx: Tx, companyId: string, shiftId: string, kind: Kind, now: Date) {
  if (!(await repo.markAttendanceAlerted(tx, companyId, shiftId, kind, now))) return false;
  const shift = await repo.findShift(tx, companyId, shiftId);
  if (!shift) return false;
  const tz = await companyTimezone(tx, companyId);
  const absent = kind === 'absent';
  await insertAlarm(
    tx,
    { companyId, userId: null, name: 'Vigie', role: null, source: 'system', timezone: tz },
    {
      siteId: shift.siteId,
      cameraId: null,
      type: absent ? 'agent_absent' : 'shift_overrun',
      severity: 'high',
      title: absent ? `Agent absent : ${shift.agentName}` : `Garde non terminée : ${shift.agentName}`,
      description: absent
        ? `${shift.agentName} n'a pas pris son service prévu à ${localTime(shift.startsAt, tz)} sur ${shift.siteName}.`
        : `${shift.agentName} n'a pas terminé son service prévu jusqu'à ${localTime(shift.endsAt, tz)} sur ${shift.siteName}.`,
      location: shift.siteName,
      triggeredBy: null,
    },
  );
  return true;
}

/** One pass over every company; answers the alarms raised by this instance. */
export async function checkAttendance(db: Database, now = new Date()) {
  const candidates = await repo.attendanceCandidates(db, now);
  let raised = 0;
  for (const c of candidates) {
    const ok = await db.withTenant(c.company_id, (tx) => alertOne(tx, c.company_id, c.shift_id, c.kind, now));
    if (ok) raised += 1;
  }
  return raised;
}

/**
 * A licence alert's text as its French message with values, stored so that each recipient reads it
 * in his own language (the date is written the French way, which en-GB and es-ES share).
 */
const licenceBody = (alert: LicenceAlert) => ({
  body: licenceMessages[alert.kind],
  bodyValues: licenceAlertValues(alert),
});

/**
 * The daily licence check: a CNAPS card expiring within 3 months, a qualification within 30 days,
 * anything expired — one notification per agent, alert and day of expiry for each administrator
 * (the dedupe key keeps the next days' passes from repeating it).
 */
export async function checkLicences(db: Database) {
  let sent = 0;
  for (const companyId of await companiesWithAgents(db)) {
    sent += await db.withTenant(companyId, async (tx) => {
      const { today } = await todayOf(tx, companyId);
      let n = 0;
      for (const agent of await allAgentLicences(tx, companyId)) {
        const alerts = licenceAlerts(
          {
            cnapsNumber: agent.cnapsNumber,
            cnapsExpiresOn: agent.cnapsExpiresOn,
            qualifications: qualificationsOf(agent),
          },
          today,
        );
        for (const alert of alerts) {
          const expired = alert.kind.endsWith('expired') || alert.kind === 'cnaps_missing';
          n += await notify(tx, companyId, {
            kind: `licence.${alert.kind}`,
            severity: expired ? 'critical' : 'warning',
            audience: { roles: ['admin'] },
            title: expired ? '{agent} : habilitation non valide' : '{agent} : habilitation bientôt expirée',
            titleValues: { agent: agent.name },
            ...licenceBody(alert),
            link: `/dashboard/planning?agent=${agent.id}`,
            dedupeKey: `licence:${agent.id}:${alert.kind}:${alert.qualification ?? 'cnaps'}:${alert.expiresOn ?? ''}`,
          });
        }
      }
      return n;
    });
  }
  return sent;
}

/** Deletes agent positions past each company's retention and writes the counts to the audit log. */
export async function purgeAgentPositions(db: Database, now = new Date()) {
  const gone = await purgeExpiredPositions(db, now);
  for (const g of gone) {
    await db.withTenant(g.company_id, (tx) =>
      recordAudit(tx, {
        companyId: g.company_id,
        actorUserId: null,
        action: 'retention.agent_positions_purged',
        entity: 'agent_position',
        entityId: null,
        details: { removed: Number(g.removed) },
      }),
    );
  }
  return gone.reduce((n, g) => n + Number(g.removed), 0);
}

export function registerPlanningJobs(app: FastifyInstance) {
  every(app, 'attendance check', app.config.attendanceCheckIntervalMs, () => checkAttendance(app.db), false);
  every(
    app,
    'daily planning jobs',
    app.config.dailyJobsIntervalMs,
    async () => {
      await checkLicences(app.db);
      await purgeAgentPositions(app.db);
    },
    true,
  );
}
