import { and, asc, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { agents, shifts } from '../../db/schema';
import { auditRowsOf } from '../audit/audit.sql';
import { companyTimezoneOf } from '../companies/companies.sql';
import { eventRowsOf, notifyEventsOf } from '../events/events.sql';
import { siteNameOf, siteNamesOf, siteRulesOf } from '../sites/sites.sql';

export type ShiftRow = typeof shifts.$inferSelect;
export type NewShift = typeof shifts.$inferInsert;
export type ShiftWithNames = ShiftRow & { agentName: string; siteName: string };

const agentNameOf = sql<string>`(select a.name from agents a where a.company_id = "shifts"."company_id" and a.id = "shifts"."agent_id")`;
const withNames = {
  ...getTableColumns(shifts),
  agentName: agentNameOf,
  siteName: siteNameOf(sql`"shifts"."company_id"`, sql`"shifts"."site_id"`),
};

export interface ShiftListFilter {
  /** Shifts that end after `from` and start before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
  siteId?: string | undefined;
  agentId?: string | undefined;
  status?: ShiftRow['status'] | undefined;
}

function filterWhere(companyId: string, f: ShiftListFilter) {
  return and(
    eq(shifts.companyId, companyId),
    // A shift starts at most 24 h before it ends: the lower bound on starts_at keeps the index seek.
    f.from
      ? and(gt(shifts.endsAt, f.from), gt(shifts.startsAt, new Date(f.from.getTime() - 86_400_000)))
      : undefined,
    f.to ? lt(shifts.startsAt, f.to) : undefined,
    f.siteId ? eq(shifts.siteId, f.siteId) : undefined,
    f.agentId ? eq(shifts.agentId, f.agentId) : undefined,
    f.status ? eq(shifts.status, f.status) : undefined,
  );
}

export async function listShiftsPage(
  tx: Tx,
  companyId: string,
  f: ShiftListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${shifts.startsAt}, ${shifts.id}) > (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withNames)
    .from(shifts)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(asc(shifts.startsAt), asc(shifts.id))
    .limit(page.limit + 1)) as ShiftWithNames[];
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shifts)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
}

/** Every shift of a period (week view, exports), in start order. */
export async function shiftsInPeriod(tx: Tx, companyId: string, f: ShiftListFilter) {
  return (await tx
    .select(withNames)
    .from(shifts)
    .where(filterWhere(companyId, f))
    .orderBy(asc(shifts.startsAt), asc(shifts.id))) as ShiftWithNames[];
}

export interface WeekShiftRow {
  id: string;
  agentId: string;
  agentName: string;
  siteName: string;
  date: string;
  startTime: string;
  endTime: string;
  type: ShiftRow['type'];
  status: ShiftRow['status'];
}

/**
 * A page of the week grid: the agents (by name) with shifts touching 7 local days from `from`, each
 * with those shifts, and how many agents have shifts that week — one round trip, a cached plan. The
 * days' bounds are computed by PostgreSQL in the company's timezone (`at time zone` follows daylight
 * saving), and only the grid's columns are read: no timestamp is parsed.
 */
export async function readWeek(
  db: Database,
  companyId: string,
  from: string,
  f: { siteId?: string | undefined; agentId?: string | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const tz = companyTimezoneOf(companyId);
  const inWeek = (alias: string) =>
    sql.raw(
      // A shift starts at most 24 h before it ends: the lower bound keeps the index seek.
      `${alias}.ends_at > b.lo and ${alias}.starts_at > b.lo - interval '1 day' and ${alias}.starts_at < b.hi`,
    );
  const filters = (alias: string) =>
    sql`${f.siteId ? sql`and ${sql.raw(alias)}.site_id = ${f.siteId}` : sql``}
        ${f.agentId ? sql`and ${sql.raw(alias)}.agent_id = ${f.agentId}` : sql``}`;
  return db.readTenant<WeekShiftRow & { total: number }>(
    companyId,
    sql`with b as (select (${from}::date::timestamp at time zone ${tz}) as lo,
                          ((${from}::date + 7)::timestamp at time zone ${tz}) as hi),
        ag as (
          select a.id, a.name from ${agents} a
           where a.company_id = ${companyId}
             ${page.after ? sql`and (a.name, a.id) > (${page.after[0]}::text, ${page.after[1]}::uuid)` : sql``}
             and exists (select 1 from ${shifts} s1, b
                          where s1.company_id = a.company_id and s1.agent_id = a.id and ${inWeek('s1')} ${filters('s1')})
           order by a.name, a.id
           limit ${page.limit + 1}
        )
        select sh.id as "id", sh.agent_id as "agentId", ag.name as "agentName",
               x.name as "siteName", sh.local_date::text as "date",
               sh.start_time as "startTime", sh.end_time as "endTime", sh.type as "type",
               sh.status as "status",
               (select count(distinct s2.agent_id)::int from ${shifts} s2, b
                 where s2.company_id = ${companyId} and ${inWeek('s2')} ${filters('s2')}) as "total"
          from b, ag
          join ${shifts} sh on sh.company_id = ${companyId} and sh.agent_id = ag.id
          join ${siteNamesOf(companyId)} x on x.id = sh.site_id
         where ${inWeek('sh')} ${filters('sh')}
         order by ag.name, ag.id, sh.starts_at, sh.id`,
  );
}

export async function findShift(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withNames)
    .from(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id)));
  return row as ShiftWithNames | undefined;
}

export interface RuleInputs {
  timezone: string;
  agent: {
    name: string;
    userId: string | null;
    cnapsNumber: string | null;
    cnapsExpiresOn: string | null;
    qualifications: (typeof agents.$inferSelect)['qualifications'];
  } | null;
  site: { name: string; requiredQualifications: string[] } | null;
  /** The agent's non-cancelled services from 17 days before `date` to 18 days after. */
  services: { id: string; start: Date; end: Date; breakStart: Date | null; breakEnd: Date | null }[];
}

/**
 * Everything the working-time rules read, in one statement: the company's timezone, the agent's
 * licences, the site's requirements and the agent's services around the local day `date` (wide
 * enough for the rules' ±15 days whatever the timezone).
 */
export async function readRuleInputs(
  tx: Tx,
  companyId: string,
  agentId: string,
  siteId: string,
  date: string,
): Promise<RuleInputs> {
  const res = await tx.execute(sql`
    select ${companyTimezoneOf(companyId)} as timezone,
           (select json_build_object('name', a.name, 'userId', a.user_id, 'cnapsNumber', a.cnaps_number,
                   'cnapsExpiresOn', a.cnaps_expires_on, 'qualifications', a.qualifications)
              from ${agents} a where a.company_id = ${companyId} and a.id = ${agentId}) as agent,
           ${siteRulesOf(companyId, siteId)} as site,
           (select coalesce(json_agg(json_build_object('id', s.id, 'start', s.starts_at, 'end', s.ends_at,
                   'breakStart', s.break_start_at, 'breakEnd', s.break_end_at) order by s.starts_at), '[]')
              from ${shifts} s
             where s.company_id = ${companyId} and s.agent_id = ${agentId} and s.status <> 'Annulé'
               and s.ends_at > ${date}::date - 17 and s.starts_at < ${date}::date + 18) as services`);
  const [row] = rowsOf<{
    timezone: string;
    agent: RuleInputs['agent'];
    site: RuleInputs['site'];
    services: {
      id: string;
      start: string;
      end: string;
      breakStart: string | null;
      breakEnd: string | null;
    }[];
  }>(res);
  if (!row) throw new Error('rule inputs: no row');
  const at = (v: string | null) => (v === null ? null : new Date(v));
  return {
    timezone: row.timezone,
    agent: row.agent,
    site: row.site,
    services: row.services.map((x) => ({
      id: x.id,
      start: new Date(x.start),
      end: new Date(x.end),
      breakStart: at(x.breakStart),
      breakEnd: at(x.breakEnd),
    })),
  };
}

/**
 * Inserts a shift with its audit entry and its real-time event (NOTIFY at commit) in one statement;
 * answers the stored row's id and times.
 */
export async function insertShiftAudited(
  tx: Tx,
  values: NewShift,
  audit: { actorUserId: string; details: Record<string, unknown> },
) {
  const v = values;
  const res = await tx.execute(sql`
    with ins as (
      insert into ${shifts} (company_id, agent_id, site_id, type, starts_at, ends_at, break_start_at, break_end_at,
                             local_date, start_time, end_time, break_start, break_end, worked_minutes,
                             override_reason, override_by)
      values (${v.companyId}, ${v.agentId}, ${v.siteId}, ${v.type}, ${v.startsAt}, ${v.endsAt},
              ${v.breakStartAt ?? null}, ${v.breakEndAt ?? null}, ${v.localDate}, ${v.startTime}, ${v.endTime},
              ${v.breakStart ?? null}, ${v.breakEnd ?? null}, ${v.workedMinutes}, ${v.overrideReason ?? null},
              ${v.overrideBy ?? null})
      returning company_id, id, created_at, updated_at
    ),
    au as (${auditRowsOf(sql`ins`, {
      actorUserId: sql`${audit.actorUserId}::uuid`,
      action: 'shift.created',
      entity: 'shift',
      details: sql`${JSON.stringify(audit.details)}::jsonb`,
    })}),
    pub as (${eventRowsOf(sql`ins`, 'shift.changed', sql`jsonb_build_object('id', r.id, 'change', 'created')`)}),
    n as (${notifyEventsOf(sql`pub`)})
    select id, created_at, updated_at, (select count(*) from n) as notified from ins`);
  const [row] = rowsOf<{ id: string; created_at: Date | string; updated_at: Date | string }>(res);
  if (!row) throw new Error('shift insert returned no row');
  return { id: row.id, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) };
}

/** The advisory lock key that serialises plan changes of one agent (see `lockAgentPlan`). */
export const agentPlanLockKey = (companyId: string, agentId: string) => `shifts:${companyId}:${agentId}`;

/** Serialises plan changes of one agent, so that two requests cannot both pass the rules. */
export async function lockAgentPlan(tx: Tx, companyId: string, agentId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${agentPlanLockKey(companyId, agentId)}, 0))`,
  );
}

export async function updateShift(
  tx: Tx,
  companyId: string,
  id: string,
  values: Partial<NewShift>,
  onlyIfStatus?: ShiftRow['status'],
) {
  const rows = await tx
    .update(shifts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(shifts.companyId, companyId),
        eq(shifts.id, id),
        onlyIfStatus ? eq(shifts.status, onlyIfStatus) : undefined,
      ),
    )
    .returning({ id: shifts.id });
  return rows.length > 0;
}

export async function deleteShift(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id), eq(shifts.status, 'Programmé')))
    .returning({ id: shifts.id });
  return rows.length > 0;
}

/** An agent's licences and name for the rules. */
export async function agentForRules(tx: Tx, companyId: string, agentId: string) {
  const [row] = await tx
    .select({
      id: agents.id,
      name: agents.name,
      userId: agents.userId,
      cnapsNumber: agents.cnapsNumber,
      cnapsExpiresOn: agents.cnapsExpiresOn,
      qualifications: agents.qualifications,
    })
    .from(agents)
    .where(and(eq(agents.companyId, companyId), eq(agents.id, agentId)));
  return row;
}

/** Shifts to alert about now, every company at once (SECURITY DEFINER: the job runs outside any tenant). */
export async function attendanceCandidates(db: Database, now: Date) {
  return rowsOf<{ company_id: string; shift_id: string; kind: 'absent' | 'overrun' }>(
    await db.direct.execute(
      sql`select company_id, shift_id, kind from shift_attendance_candidates(${now.toISOString()}::timestamptz)`,
    ),
  );
}

/**
 * Sets the shift's alert flag if it is still unset and the shift still in `status`: answers whether
 * this call set it (one instance wins, the others see it set).
 */
export async function markAttendanceAlerted(
  tx: Tx,
  companyId: string,
  shiftId: string,
  kind: 'absent' | 'overrun',
  now: Date,
) {
  const column = kind === 'absent' ? sql`absent_alerted_at` : sql`overrun_alerted_at`;
  const status: ShiftRow['status'] = kind === 'absent' ? 'Programmé' : 'En cours';
  const won = rowsOf(
    await tx.execute(sql`update shifts set ${column} = ${now} where company_id = ${companyId} and id = ${shiftId}
      and status = ${status} and ${column} is null returning id`),
  );
  return won.length > 0;
}

/**
 * The summary's shift counters: running now, and scheduled to start in [from, to). Both start
 * within two days around the day and now, so only that range of `starts_at` is read.
 */
export async function countShiftsAround(tx: Tx, companyId: string, from: Date, to: Date) {
  const [row] = await tx
    .select({
      shiftsInProgress: sql<number>`count(*) filter (where ${shifts.status} = 'En cours')::int`,
      shiftsScheduled: sql<number>`count(*) filter (where ${shifts.status} = 'Programmé' and ${shifts.startsAt} >= ${from} and ${shifts.startsAt} < ${to})::int`,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.companyId, companyId),
        sql`${shifts.startsAt} >= ${new Date(Math.min(from.getTime(), Date.now()) - 2 * 86_400_000)}`,
        sql`${shifts.startsAt} < ${new Date(Math.max(to.getTime(), Date.now()))}`,
      ),
    );
  return { shiftsInProgress: row?.shiftsInProgress ?? 0, shiftsScheduled: row?.shiftsScheduled ?? 0 };
}
