// Views over the whole plan: the week grid, the four counters, the signed-in agent's day, and the
// payroll export (generated in a worker thread, off the event loop).
import type { exportQuery, summaryQuery, WeekAgent, weekQuery } from '@vigie/contract/planning.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { addDays, dayStart, weekDays } from '../../lib/days';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { companyTimezone, findCompany } from '../companies/companies.service';
import { siteForPlanning } from '../sites/sites.service';
import { photoUrlOf } from './agents.models';
import { agentBadges, countAgentsByStatus, findAgentByUser } from './agents.repository';
import { todayOf } from './agents.service';
import type { PayrollShift } from './payroll/payroll-hours';
import { generatePayrollInWorker } from './payroll/payroll-worker';
import { planningErrors } from './planning.errors';
import { toShiftDto } from './shifts.models';
import * as repo from './shifts.repository';

export async function week(db: Database, auth: AuthContext, q: z.output<typeof weekQuery>) {
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  let agentId: string | undefined;
  if (auth.role === 'agent') {
    const own = await db.withTenant(auth.companyId, (tx) => findAgentByUser(tx, auth.companyId, auth.userId));
    if (!own) return { days: weekDays(q.from), agents: [], total: 0 };
    agentId = own.id;
  }
  const rows = await repo.readWeek(
    db,
    auth.companyId,
    q.from,
    { siteId: q.siteId, agentId },
    { limit: q.limit, after },
  );
  // Rows come by agent: one entry per agent, in that order (up to limit + 1: "is there more").
  const agents: WeekAgent[] = [];
  for (const r of rows) {
    let last = agents[agents.length - 1];
    if (last?.id !== r.agentId) {
      last = { id: r.agentId, name: r.agentName, shifts: [] };
      agents.push(last);
    }
    last.shifts.push({
      id: r.id,
      siteName: r.siteName,
      date: r.date,
      startTime: r.startTime,
      endTime: r.endTime,
      type: r.type,
      status: r.status,
    });
  }
  return { days: weekDays(q.from), agents, total: rows[0]?.total ?? 0 };
}

export async function summary(db: Database, auth: AuthContext, q: z.output<typeof summaryQuery>) {
  return db.withTenant(auth.companyId, async (tx) => {
    const { timezone, today } = await todayOf(tx, auth.companyId);
    const date = q.date ?? today;
    const from = dayStart(date, timezone);
    const to = dayStart(addDays(date, 1), timezone);
    const agentCounts = await countAgentsByStatus(tx, auth.companyId);
    const shiftCounts = await repo.countShiftsAround(tx, auth.companyId, from, to);
    return { date, ...agentCounts, ...shiftCounts };
  });
}

/** The signed-in agent's day: today's shifts (local day), tomorrow's first hours, any still running. */
export async function myService(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await findAgentByUser(tx, auth.companyId, auth.userId);
    if (!agent) return { agent: null, shifts: [] };
    const { timezone, today } = await todayOf(tx, auth.companyId);
    const rows = await repo.shiftsInPeriod(tx, auth.companyId, {
      from: dayStart(today, timezone),
      to: new Date(dayStart(addDays(today, 1), timezone).getTime() + 6 * 3_600_000),
      agentId: agent.id,
    });
    const running = (
      await repo.shiftsInPeriod(tx, auth.companyId, { agentId: agent.id, status: 'En cours' })
    ).filter((r) => !rows.some((x) => x.id === r.id));
    const list = [...running, ...rows].filter((r) => r.status !== 'Annulé');
    const out = [];
    for (const r of list) {
      const site = await siteForPlanning(tx, auth.companyId, r.siteId);
      out.push({
        ...toShiftDto(r),
        siteAddress: site?.address ?? '',
        geofenceRadiusM: site?.geofenceRadiusM ?? 200,
      });
    }
    return {
      agent: {
        id: agent.id,
        name: agent.name,
        status: agent.onDuty ? 'en service' : agent.status,
        photo: photoUrlOf(agent),
      },
      shifts: out,
    };
  });
}

const payrollType = {
  day: 'jour',
  night: 'nuit',
  morning: 'matin',
  afternoon: 'apres_midi',
  custom: 'personnalise',
} as const;
const payrollStatus = {
  Programmé: 'programme',
  'En cours': 'en_cours',
  Terminé: 'termine',
  Annulé: 'annule',
} as const;

/** The month's payroll workbook; administrators only (hours and names are personal data). */
export async function exportPayroll(db: Database, auth: AuthContext, q: z.output<typeof exportQuery>) {
  if (auth.role !== 'admin') throw planningErrors.adminOnly();
  const input = await db.withTenant(auth.companyId, async (tx) => {
    const timezone = await companyTimezone(tx, auth.companyId);
    const first = `${q.month}-01`;
    const [y, m] = q.month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const rows = await repo.shiftsInPeriod(tx, auth.companyId, {
      from: dayStart(first, timezone),
      to: dayStart(next, timezone),
    });
    const people = await agentBadges(tx, auth.companyId);
    const company = await findCompany(tx, auth.companyId);
    const badges = new Map(people.map((p) => [p.id, p.badge]));
    const list: PayrollShift[] = rows.map((r) => ({
      id: r.id,
      agentId: r.agentId,
      agentName: r.agentName,
      agentBadge: badges.get(r.agentId) ?? '',
      siteName: r.siteName,
      type: payrollType[r.type],
      status: payrollStatus[r.status],
      plannedStart: r.startsAt,
      plannedEnd: r.endsAt,
      breakStart: r.breakStartAt,
      breakEnd: r.breakEndAt,
      clockIn: r.clockInAt,
      clockOut: r.clockOutAt,
    }));
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'planning.payroll_exported',
      entity: 'planning',
      entityId: null,
      details: { month: q.month, shifts: list.length, agents: people.length },
    });
    return {
      month: q.month,
      timezone,
      companyName: company?.name ?? '',
      generatedAt: new Date(),
      now: new Date(),
      shifts: list,
      agents: people,
    };
  });
  return generatePayrollInWorker(input);
}
