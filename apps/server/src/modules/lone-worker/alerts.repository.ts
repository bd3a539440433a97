// SQL of the lone-worker alerts: one per missed check-in (unique per session and due time).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { siteNameOf } from '../sites/sites.sql';

export interface AlertRow {
  id: string;
  sessionId: string;
  agentId: string;
  agentName: string;
  siteId: string | null;
  siteName: string | null;
  dueAt: Date;
  raisedAt: Date;
  lat: number | null;
  lng: number | null;
  positionAt: Date | null;
  status: 'active' | 'acknowledged';
  answeredAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedByName: string | null;
}

type RawAlert = {
  id: string;
  session_id: string;
  agent_id: string;
  agent_name: string;
  site_id: string | null;
  site_name: string | null;
  due_at: Date | string;
  raised_at: Date | string;
  lat: number | null;
  lng: number | null;
  position_at: Date | string | null;
  status: 'active' | 'acknowledged';
  answered_at: Date | string | null;
  acknowledged_at: Date | string | null;
  acknowledged_by_name: string | null;
};

const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

const toAlert = (r: RawAlert): AlertRow => ({
  id: r.id,
  sessionId: r.session_id,
  agentId: r.agent_id,
  agentName: r.agent_name,
  siteId: r.site_id,
  siteName: r.site_name,
  dueAt: new Date(r.due_at),
  raisedAt: new Date(r.raised_at),
  lat: r.lat === null ? null : Number(r.lat),
  lng: r.lng === null ? null : Number(r.lng),
  positionAt: dateOrNull(r.position_at),
  status: r.status,
  answeredAt: dateOrNull(r.answered_at),
  acknowledgedAt: dateOrNull(r.acknowledged_at),
  acknowledgedByName: r.acknowledged_by_name,
});

const alertColumns = (companyId: string) => sql`a.id, a.session_id, a.agent_id, a.agent_name, a.site_id,
  ${siteNameOf(sql`${companyId}`, sql`a.site_id`)} as site_name,
  a.due_at, a.raised_at, a.lat, a.lng, a.position_at, a.status, a.answered_at, a.acknowledged_at,
  (select u.name from users u where u.company_id = ${companyId} and u.id = a.acknowledged_by) as acknowledged_by_name`;

export async function findAlert(tx: Tx, companyId: string, id: string) {
  const [row] = rowsOf<RawAlert>(
    await tx.execute(sql`select ${alertColumns(companyId)} from lone_worker_alerts a
      where a.company_id = ${companyId} and a.id = ${id}`),
  );
  return row ? toAlert(row) : undefined;
}

/** One page, newest first (limit + 1 rows), and the total for the filter. */
export async function alertsPage(
  tx: Tx,
  companyId: string,
  status: 'active' | 'acknowledged' | undefined,
  page: { limit: number; after?: [string, string] },
) {
  const filter = status ? sql`and a.status = ${status}` : sql``;
  const after = page.after
    ? sql`and (a.raised_at, a.id) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : sql``;
  const rows = rowsOf<RawAlert>(
    await tx.execute(sql`select ${alertColumns(companyId)} from lone_worker_alerts a
      where a.company_id = ${companyId} ${filter} ${after}
      order by a.raised_at desc, a.id desc limit ${page.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from lone_worker_alerts a where a.company_id = ${companyId} ${filter}`,
    ),
  );
  return { rows: rows.map(toAlert), total: Number(count?.n ?? 0) };
}

/** Inserts the alert of a due time; undefined when that due time already has its alert. */
export async function insertAlert(
  tx: Tx,
  companyId: string,
  v: {
    sessionId: string;
    agentId: string;
    agentName: string;
    siteId: string | null;
    dueAt: Date;
    now: Date;
    position: { lat: number; lng: number; at: Date } | null;
  },
) {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into lone_worker_alerts
        (company_id, session_id, agent_id, agent_name, site_id, due_at, raised_at, lat, lng, position_at)
      values (${companyId}, ${v.sessionId}, ${v.agentId}, ${v.agentName}, ${v.siteId},
              ${v.dueAt.toISOString()}::timestamptz, ${v.now.toISOString()}::timestamptz,
              ${v.position?.lat ?? null}::float8, ${v.position?.lng ?? null}::float8,
              ${v.position ? v.position.at.toISOString() : null}::timestamptz)
      on conflict (company_id, session_id, due_at) do nothing
      returning id`),
  );
  return row?.id;
}

/** Marks the session's unanswered alerts as answered (a late check-in); answers their ids. */
export async function markAnswered(tx: Tx, companyId: string, sessionId: string, now: Date) {
  return rowsOf<{ id: string; site_id: string | null; agent_name: string; due_at: Date | string }>(
    await tx.execute(sql`update lone_worker_alerts set answered_at = ${now.toISOString()}::timestamptz
      where company_id = ${companyId} and session_id = ${sessionId} and answered_at is null
      returning id, site_id, agent_name, due_at`),
  );
}

/** Acknowledges an active alert; false when it was acknowledged already (by someone else meanwhile). */
export async function acknowledge(tx: Tx, companyId: string, id: string, userId: string, now: Date) {
  return (
    rowsOf(
      await tx.execute(sql`update lone_worker_alerts
        set status = 'acknowledged', acknowledged_by = ${userId}, acknowledged_at = ${now.toISOString()}::timestamptz
        where company_id = ${companyId} and id = ${id} and status = 'active' returning id`),
    ).length > 0
  );
}
