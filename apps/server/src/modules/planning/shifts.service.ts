import type { AuditAction } from '@vigie/contract/audit-labels';
import type {
  checkShiftBody,
  createShiftBody,
  listShiftsQuery,
  RuleViolationDto,
  updateShiftBody,
} from '@vigie/contract/planning.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { dayStart, nextDay } from '../../lib/days';
import type { Language } from '../../lib/languages';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAndPublish } from '../audit/audit.service';
import { companyTimezone } from '../companies/companies.service';
import { qualificationsOf } from './agents.models';
import { findAgentByUser } from './agents.repository';
import { requireManager } from './agents.service';
import { planningErrors } from './planning.errors';
import { type QualificationType, qualificationTypes } from './rules/qualifications';
import { ShiftTimeError, shiftInterval, workedMinutes } from './rules/shift-time';
import { checkShiftRules } from './rules/working-time';
import { toShiftDto } from './shifts.models';
import * as repo from './shifts.repository';

type ShiftForm = Omit<z.output<typeof createShiftBody>, 'overrideReason'>;
const DAY = 86_400_000;

export async function loadShift(tx: Tx, auth: AuthContext, id: string) {
  const row = await repo.findShift(tx, auth.companyId, id);
  if (!row) throw planningErrors.shiftNotFound();
  if (auth.role === 'agent') {
    const agent = await repo.agentForRules(tx, auth.companyId, row.agentId);
    if (agent?.userId !== auth.userId) throw planningErrors.shiftNotFound();
  }
  return toShiftDto(row);
}

export async function listShifts(db: Database, auth: AuthContext, q: z.output<typeof listShiftsQuery>) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const timezone = await companyTimezone(tx, auth.companyId);
    let agentId = q.agentId;
    if (auth.role === 'agent') {
      // An agent reads its own shifts only.
      const own = await ownAgentId(tx, auth);
      if (!own || (agentId && agentId !== own)) return { rows: [], total: 0 };
      agentId = own;
    }
    const filter = {
      from: q.from ? dayStart(q.from, timezone) : undefined,
      // `to` is inclusive: up to the start of the next local day.
      to: q.to ? dayStart(nextDay(q.to), timezone) : undefined,
      siteId: q.siteId,
      agentId,
      status: q.status,
    };
    const { rows, total } = await repo.listShiftsPage(tx, auth.companyId, filter, { limit: q.limit, after });
    return { rows: rows.map(toShiftDto), total };
  });
}

/** The agent record the signed-in user is linked to. */
export async function ownAgentId(tx: Tx, auth: AuthContext) {
  return (await findAgentByUser(tx, auth.companyId, auth.userId))?.id;
}

export async function getShift(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => loadShift(tx, auth, id));
}

/**
 * The shift's instants, the rules it breaks (their messages in `language`, the reader's), and the
 * agent's and site's names.
 */
async function evaluate(
  tx: Tx,
  companyId: string,
  form: ShiftForm,
  shiftId: string | null,
  language: Language,
) {
  const inputs = await repo.readRuleInputs(tx, companyId, form.agentId, form.siteId, form.date);
  const { timezone, agent, site } = inputs;
  if (!agent) throw planningErrors.agentNotFound();
  if (!site) throw planningErrors.siteNotFound();
  let interval: ReturnType<typeof shiftInterval>;
  try {
    interval = shiftInterval({
      date: form.date,
      startTime: form.startTime,
      endTime: form.endTime,
      breakStart: form.breakStart ?? null,
      breakEnd: form.breakEnd ?? null,
      timezone,
    });
  } catch (err) {
    if (err instanceof ShiftTimeError) throw planningErrors.invalidTimes(err.message);
    throw err;
  }
  // The rules look ±15 days around the shift.
  const from = interval.start.getTime() - 15 * DAY;
  const to = interval.end.getTime() + 15 * DAY;
  const others = inputs.services.filter(
    (s) => s.id !== shiftId && s.end.getTime() > from && s.start.getTime() < to,
  );
  const required = site.requiredQualifications.filter((q): q is QualificationType =>
    (qualificationTypes as readonly string[]).includes(q),
  );
  const violations: RuleViolationDto[] = checkShiftRules({
    timezone,
    candidate: { id: shiftId ?? '', ...interval },
    others,
    agent: {
      cnapsNumber: agent.cnapsNumber,
      cnapsExpiresOn: agent.cnapsExpiresOn,
      qualifications: qualificationsOf(agent),
    },
    requiredQualifications: required,
    fireSafetyPost: required.some((q) => q.startsWith('SSIAP')),
    language,
  });
  return { timezone, interval, worked: workedMinutes(interval), violations, agent, site };
}

/** Refuses what the rules refuse; answers the override reason to store (or null). */
function decide(auth: AuthContext, violations: RuleViolationDto[], overrideReason: string | undefined) {
  if (violations.length === 0) return null;
  if (violations.some((v) => !v.overridable) || !overrideReason) throw planningErrors.rulesBroken(violations);
  if (auth.role !== 'admin') throw planningErrors.overrideNotAllowed();
  return overrideReason;
}

export async function checkShift(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof checkShiftBody>,
  language: Language = 'fr',
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    // The shift being edited must be one of this company's: another company's id is unknown here.
    if (input.shiftId && !(await repo.findShift(tx, auth.companyId, input.shiftId)))
      throw planningErrors.shiftNotFound();
    const { interval, worked, violations } = await evaluate(
      tx,
      auth.companyId,
      input,
      input.shiftId ?? null,
      language,
    );
    return {
      start: interval.start.toISOString(),
      end: interval.end.toISOString(),
      workedMinutes: worked,
      violations,
      canOverride:
        violations.length === 0 || (auth.role === 'admin' && violations.every((v) => v.overridable)),
    };
  });
}

const columnsOf = (form: ShiftForm, e: Awaited<ReturnType<typeof evaluate>>) => ({
  agentId: form.agentId,
  siteId: form.siteId,
  type: form.shiftType,
  startsAt: e.interval.start,
  endsAt: e.interval.end,
  breakStartAt: e.interval.breakStart,
  breakEndAt: e.interval.breakEnd,
  localDate: form.date,
  startTime: form.startTime,
  endTime: form.endTime,
  breakStart: form.breakStart ?? null,
  breakEnd: form.breakEnd ?? null,
  workedMinutes: e.worked,
});

const audited = (
  tx: Tx,
  auth: AuthContext,
  id: string,
  action: Extract<AuditAction, `shift.${string}`>,
  details: Record<string, unknown>,
) =>
  recordAndPublish(
    tx,
    auth,
    { action, entity: 'shift', entityId: id, details },
    { type: 'shift.changed', payload: { id, change: action.replace('shift.', '') } },
  );

export async function createShift(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof createShiftBody>,
  language: Language = 'fr',
) {
  requireManager(auth);
  // Five round trips in all (begin, company setting with the agent's plan lock, read, write,
  // commit): creating a shift is what a planner does all day, for hundreds of agents.
  return db.withTenant(
    auth.companyId,
    async (tx) => {
      const e = await evaluate(tx, auth.companyId, input, null, language);
      const override = decide(auth, e.violations, input.overrideReason);
      const values = {
        companyId: auth.companyId,
        ...columnsOf(input, e),
        overrideReason: override,
        overrideBy: override ? auth.userId : null,
      };
      const stored = await repo.insertShiftAudited(tx, values, {
        actorUserId: auth.userId,
        details: {
          agentId: input.agentId,
          siteId: input.siteId,
          start: e.interval.start.toISOString(),
          ...(override ? { override, rules: e.violations.map((v) => v.code) } : {}),
        },
      });
      return toShiftDto({
        ...values,
        ...stored,
        status: 'Programmé',
        breakStartAt: values.breakStartAt ?? null,
        breakEndAt: values.breakEndAt ?? null,
        clockInAt: null,
        clockOutAt: null,
        cancelReason: null,
        cancelledAt: null,
        absentAlertedAt: null,
        overrunAlertedAt: null,
        agentName: e.agent.name,
        siteName: e.site.name,
      });
    },
    { lockKey: repo.agentPlanLockKey(auth.companyId, input.agentId) },
  );
}

export async function updateShift(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateShiftBody>,
  language: Language = 'fr',
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findShift(tx, auth.companyId, id);
    if (!current) throw planningErrors.shiftNotFound();
    if (current.status !== 'Programmé') throw planningErrors.notEditable(current.status);
    const form: ShiftForm = {
      agentId: input.agentId ?? current.agentId,
      siteId: input.siteId ?? current.siteId,
      date: input.date ?? current.localDate,
      startTime: input.startTime ?? current.startTime,
      endTime: input.endTime ?? current.endTime,
      breakStart: input.breakStart === undefined ? current.breakStart : input.breakStart,
      breakEnd: input.breakEnd === undefined ? current.breakEnd : input.breakEnd,
      shiftType: input.shiftType ?? current.type,
    };
    await repo.lockAgentPlan(tx, auth.companyId, form.agentId);
    const e = await evaluate(tx, auth.companyId, form, id, language);
    const override = decide(auth, e.violations, input.overrideReason);
    const changed = await repo.updateShift(
      tx,
      auth.companyId,
      id,
      { ...columnsOf(form, e), overrideReason: override, overrideBy: override ? auth.userId : null },
      'Programmé',
    );
    if (!changed) throw planningErrors.notEditable('En cours');
    await audited(tx, auth, id, 'shift.updated', {
      fields: Object.keys(input),
      ...(override ? { override, rules: e.violations.map((v) => v.code) } : {}),
    });
    return loadShift(tx, auth, id);
  });
}

export async function cancelShift(db: Database, auth: AuthContext, id: string, reason: string | undefined) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findShift(tx, auth.companyId, id);
    if (!current) throw planningErrors.shiftNotFound();
    if (current.status !== 'Programmé') throw planningErrors.notCancellable(current.status);
    const ok = await repo.updateShift(
      tx,
      auth.companyId,
      id,
      { status: 'Annulé', cancelReason: reason ?? null, cancelledAt: new Date() },
      'Programmé',
    );
    if (!ok) throw planningErrors.notCancellable('En cours');
    await audited(tx, auth, id, 'shift.cancelled', { reason: reason ?? null });
    return loadShift(tx, auth, id);
  });
}

export async function deleteShift(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findShift(tx, auth.companyId, id);
    if (!current) throw planningErrors.shiftNotFound();
    if (!(await repo.deleteShift(tx, auth.companyId, id))) throw planningErrors.notDeletable();
    await audited(tx, auth, id, 'shift.deleted', {
      agentId: current.agentId,
      start: current.startsAt.toISOString(),
    });
  });
}
