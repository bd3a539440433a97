// The lone-worker module's SQL: protections (sessions), their alerts, and the agent's positions in
// the planning module's agent_positions table (read for the agent's own list and the last position).
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { siteNameOf } from '../sites/sites.sql';

export interface SessionRow {
  id: string;
  agentId: string;
  userId: string;
  shiftId: string;
  siteId: string;
  siteName: string;
  intervalMinutes: number;
  startedAt: Date;
  nextDueAt: Date;
  lastCheckInAt: Date | null;
  endedAt: Date | null;
  endReason: 'stopped' | 'shift_end' | null;
  alerted: boolean;
}

const date = (v: Date | string) => new Date(v);
const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

type RawSession = {
  id: string;
  agent_id: string;
  user_id: string;
  shift_id: string;
  site_id: string;
  site_name: string | null;
  interval_minutes: number;
  started_at: Date | string;
  next_due_at: Date | string;
  last_check_in_at: Date | string | null;
  ended_at: Date | string | null;
  end_reason: 'stopped' | 'shift_end' | null;
  alerted: boolean;
};

const toSession = (r: RawSession): SessionRow => ({
  id: r.id,
  agentId: r.agent_id,
  userId: r.user_id,
  shiftId: r.shift_id,
  siteId: r.site_id,
  siteName: r.site_name ?? '',
  intervalMinutes: Number(r.interval_minutes),
  startedAt: date(r.started_at),
  nextDueAt: date(r.next_due_at),
  lastCheckInAt: dateOrNull(r.last_check_in_at),
  endedAt: dateOrNull(r.ended_at),
  endReason: r.end_reason,
  alerted: Boolean(r.alerted),
});

// The session's alias is `ls`: the site's name is a sub-select whose own alias is `s` (sites.sql.ts).
const sessionColumns = (companyId: string) => sql`ls.id, ls.agent_id, ls.user_id, ls.shift_id, ls.site_id,
  ${siteNameOf(sql`${companyId}`, sql`ls.site_id`)} as site_name,
  ls.interval_minutes, ls.started_at, ls.next_due_at, ls.last_check_in_at, ls.ended_at, ls.end_reason,
  exists (select 1 from lone_worker_alerts a where a.company_id = ls.company_id and a.session_id = ls.id
           and a.due_at = ls.next_due_at) as alerted`;

export async function findSession(tx: Tx, companyId: string, id: string) {
  const [row] = rowsOf<RawSession>(
    await tx.execute(sql`select ${sessionColumns(companyId)} from lone_worker_sessions ls
      where ls.company_id = ${companyId} and ls.id = ${id}`),
  );
  return row ? toSession(row) : undefined;
}

export async function activeSessionOf(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<RawSession>(
    await tx.execute(sql`select ${sessionColumns(companyId)} from lone_worker_sessions ls
      where ls.company_id = ${companyId} and ls.agent_id = ${agentId} and ls.ended_at is null`),
  );
  return row ? toSession(row) : undefined;
}

/**
 * The pass's work over every company (an owner-run function): protections whose shift is over
 * (`close`) and check-ins unanswered `graceMs` after their due time (`missed`).
 */
export async function passCandidates(db: Database, now: Date, graceMs: number) {
  return rowsOf<{ company_id: string; session_id: string; kind: 'close' | 'missed' }>(
    await db.direct.execute(
      sql`select company_id, session_id, kind from lone_worker_candidates(${now.toISOString()}::timestamptz, ${Math.round(graceMs)}::integer)`,
    ),
  );
}

/** Removes ended protections past each company's position retention (an owner-run function). */
export async function purgeEndedSessions(db: Database, now: Date) {
  return rowsOf<{ company_id: string; removed: string | number }>(
    await db.direct.execute(
      sql`select company_id, removed from lone_worker_purge(${now.toISOString()}::timestamptz)`,
    ),
  );
}

/** Inserts the agent's protection; undefined when one is already running (the partial unique index). */
export async function insertSession(
  tx: Tx,
  companyId: string,
  v: { agentId: string; userId: string; shiftId: string; siteId: string; intervalMinutes: number; now: Date },
) {
  const due = new Date(v.now.getTime() + v.intervalMinutes * 60_000);
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into lone_worker_sessions
        (company_id, agent_id, user_id, shift_id, site_id, interval_minutes, started_at, next_due_at)
      values (${companyId}, ${v.agentId}, ${v.userId}, ${v.shiftId}, ${v.siteId}, ${v.intervalMinutes},
              ${v.now.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz)
      on conflict (company_id, agent_id) where ended_at is null do nothing
      returning id`),
  );
  return row?.id;
}

/** Moves the next check-in `interval` ahead of now; false when the protection has ended meanwhile. */
export async function checkIn(tx: Tx, companyId: string, id: string, now: Date) {
  const at = now.toISOString();
  return (
    rowsOf(
      await tx.execute(sql`update lone_worker_sessions
        set last_check_in_at = ${at}::timestamptz,
            next_due_at = ${at}::timestamptz + make_interval(mins => interval_minutes)
        where company_id = ${companyId} and id = ${id} and ended_at is null returning id`),
    ).length > 0
  );
}

export async function endSession(
  tx: Tx,
  companyId: string,
  id: string,
  reason: 'stopped' | 'shift_end',
  now: Date,
) {
  return (
    rowsOf(
      await tx.execute(sql`update lone_worker_sessions
        set ended_at = ${now.toISOString()}::timestamptz, end_reason = ${reason}
        where company_id = ${companyId} and id = ${id} and ended_at is null returning id`),
    ).length > 0
  );
}

/** The agent's shift under way (clocked in, not out), as planning and the radio alerts define it. */
export async function shiftInProgress(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ id: string; site_id: string }>(
    await tx.execute(sql`select s.id, s.site_id from shifts s
      where s.company_id = ${companyId} and s.agent_id = ${agentId} and s.status = 'En cours'
        and s.clock_in_at is not null and s.clock_out_at is null
      order by s.starts_at desc limit 1`),
  );
  return row ? { id: row.id, siteId: row.site_id } : undefined;
}

export async function isShiftInProgress(tx: Tx, companyId: string, shiftId: string) {
  return (
    rowsOf(
      await tx.execute(sql`select 1 from shifts s where s.company_id = ${companyId} and s.id = ${shiftId}
        and s.status = 'En cours' and s.clock_out_at is null`),
    ).length > 0
  );
}

export async function insertPosition(
  tx: Tx,
  companyId: string,
  v: {
    agentId: string;
    shiftId: string | null;
    kind: 'lone_worker' | 'sos';
    lat: number;
    lng: number;
    accuracy: number;
    now: Date;
  },
) {
  await tx.execute(sql`insert into agent_positions
      (company_id, agent_id, shift_id, kind, latitude, longitude, accuracy_m, recorded_at)
    values (${companyId}, ${v.agentId}, ${v.shiftId}, ${v.kind}, ${v.lat}, ${v.lng}, ${v.accuracy},
            ${v.now.toISOString()}::timestamptz)`);
}

/** The agent's latest position recorded since `since` (null when none). */
export async function lastPosition(tx: Tx, companyId: string, agentId: string, since: Date) {
  const [row] = rowsOf<{ lat: number; lng: number; at: Date | string }>(
    await tx.execute(sql`select p.latitude as lat, p.longitude as lng, p.recorded_at as at
      from agent_positions p
      where p.company_id = ${companyId} and p.agent_id = ${agentId}
        and p.recorded_at >= ${since.toISOString()}::timestamptz
      order by p.recorded_at desc limit 1`),
  );
  return row ? { lat: Number(row.lat), lng: Number(row.lng), at: date(row.at) } : null;
}

/** The last place known during the protection, or at the clock-in of its shift (null when none). */
export async function lastPositionOfSession(
  tx: Tx,
  companyId: string,
  s: { agentId: string; shiftId: string; startedAt: Date },
) {
  const [row] = rowsOf<{ lat: number; lng: number; at: Date | string }>(
    await tx.execute(sql`select p.latitude as lat, p.longitude as lng, p.recorded_at as at from agent_positions p
      where p.company_id = ${companyId} and p.agent_id = ${s.agentId}
        and (p.shift_id = ${s.shiftId} or p.recorded_at >= ${s.startedAt.toISOString()}::timestamptz)
      order by p.recorded_at desc limit 1`),
  );
  return row ? { lat: Number(row.lat), lng: Number(row.lng), at: date(row.at) } : null;
}

export interface PositionRow {
  id: string;
  kind: 'clock_in' | 'clock_out' | 'lone_worker' | 'sos' | 'duty';
  lat: number;
  lng: number;
  accuracy: number;
  shiftId: string | null;
  recordedAt: Date;
}

/** One page of the agent's own positions since `since`, newest first (limit + 1 rows), and the total. */
export async function positionsPage(
  tx: Tx,
  companyId: string,
  agentId: string,
  since: Date,
  page: { limit: number; after?: [string, string] },
) {
  const after = page.after
    ? sql`and (p.recorded_at, p.id) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : sql``;
  const rows = rowsOf<{
    id: string;
    kind: PositionRow['kind'];
    lat: number;
    lng: number;
    accuracy: number;
    shift_id: string | null;
    recorded_at: Date | string;
  }>(
    await tx.execute(sql`select p.id, p.kind, p.latitude as lat, p.longitude as lng, p.accuracy_m as accuracy,
        p.shift_id, p.recorded_at
      from agent_positions p
      where p.company_id = ${companyId} and p.agent_id = ${agentId}
        and p.recorded_at >= ${since.toISOString()}::timestamptz ${after}
      order by p.recorded_at desc, p.id desc limit ${page.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from agent_positions p
      where p.company_id = ${companyId} and p.agent_id = ${agentId}
        and p.recorded_at >= ${since.toISOString()}::timestamptz`),
  );
  return {
    rows: rows.map(
      (r): PositionRow => ({
        id: r.id,
        kind: r.kind,
        lat: Number(r.lat),
        lng: Number(r.lng),
        accuracy: Number(r.accuracy),
        shiftId: r.shift_id,
        recordedAt: date(r.recorded_at),
      }),
    ),
    total: Number(count?.n ?? 0),
  };
}
