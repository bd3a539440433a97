// The attendance watch: a shift not started 15 minutes after its start raises 'Agent absent', and
// one still running 30 minutes after its end 'Garde non terminée' — real alarms, so the control
// room sees them in recent alerts, the bell and the real-time stream. Safe with several instances:
// the flag is set by an UPDATE that only one of them wins.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { insertAlarm } from '../alarms/alarms.service';
import { companyTimezone } from '../companies/companies.service';
import { localTime } from './rules/shift-time';
import * as repo from './shifts.repository';

type Kind = 'absent' | 'overrun';

async function alertOne(tx: Tx, companyId: string, shiftId: string, kind: Kind, now: Date) {
  const column = kind === 'absent' ? sql`absent_alerted_at` : sql`overrun_alerted_at`;
  const status = kind === 'absent' ? 'Programmé' : 'En cours';
  const won = rowsOf(
    await tx.execute(sql`update shifts set ${column} = ${now} where company_id = ${companyId} and id = ${shiftId}
      and status = ${status} and ${column} is null returning id`),
  );
  if (won.length === 0) return false;
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
  const candidates = rowsOf<{ company_id: string; shift_id: string; kind: Kind }>(
    await db.direct.execute(
      sql`select company_id, shift_id, kind from shift_attendance_candidates(${now.toISOString()}::timestamptz)`,
    ),
  );
  let raised = 0;
  for (const c of candidates) {
    const ok = await db.withTenant(c.company_id, (tx) => alertOne(tx, c.company_id, c.shift_id, c.kind, now));
    if (ok) raised += 1;
  }
  return raised;
}
