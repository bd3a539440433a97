// The alarms module's SQL for single alarms: reading one or a job's batch, creating them (with
// their timeline, audit entry and event in one statement), their transitions and timeline entries.
// The list and the search are in alarm-list.repository.ts.
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditRowsOf } from '../audit/audit.sql';
import { notifyEventsOf } from '../events/events.sql';
import { siteNameOf } from '../sites/sites.sql';
import type { AlarmRow, TimelineRow } from './alarms.models';

/** An alarm's timeline as json, for a table alias that the repositories pass as a constant. */
export const alarmTimelineOf = (alias: string) =>
  sql.raw(`(
  select coalesce(json_agg(json_build_object('kind', e.kind, 'author', e.author_name, 'note', e.note, 'at', e.created_at)
                  order by e.id), '[]'::json)
    from alarm_events e where e.company_id = ${alias}.company_id and e.alarm_id = ${alias}.id)`);

/** An alarm's columns (and its list cursor), for a table alias that the repositories pass as a constant. */
export const alarmColumns = (
  alias: string,
) => sql`${sql.raw(alias)}.id, ${sql.raw(alias)}.site_id, ${sql.raw(alias)}.camera_id,
  ${sql.raw(`${alias}.type, ${alias}.severity, ${alias}.status, ${alias}.title, ${alias}.description,
  ${alias}.location, ${alias}.triggered_by, ${alias}.source, ${alias}.triggered_at, ${alias}.acknowledged_at,
  ${alias}.acknowledged_by, ${alias}.resolved_at, ${alias}.resolved_by, ${alias}.resolution_note, ${alias}.escalated_at,
  to_char(${alias}.triggered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`)}`;

const selectAlarm = sql`select ${alarmColumns('a')},
  ${siteNameOf(sql`a.company_id`, sql`a.site_id`)} as site_name,
  ${alarmTimelineOf('a')} as timeline
  from alarms a`;

const findAlarmSql = (companyId: string, id: string) =>
  sql`${selectAlarm} where a.company_id = ${companyId} and a.id = ${id}`;

export async function findAlarm(tx: Tx, companyId: string, id: string) {
  return rowsOf<AlarmRow>(await tx.execute(findAlarmSql(companyId, id)))[0];
}

/** Several alarms of one company in one statement (a job's batch), in no particular order. */
export async function findAlarms(tx: Tx, companyId: string, ids: string[]) {
  return rowsOf<AlarmRow>(
    await tx.execute(
      sql`${selectAlarm} where a.company_id = ${companyId} and a.id = any(${`{${ids.join(',')}}`}::uuid[])`,
    ),
  );
}

/** One alarm in one round trip, outside any transaction (GET /api/alarms/:id). */
export async function findAlarmRead(db: Database, companyId: string, id: string) {
  return (await db.readTenant<AlarmRow>(companyId, findAlarmSql(companyId, id)))[0];
}

export interface NewAlarm {
  /** Chosen by the caller, so that each answer of a many-row creation finds its row. */
  id: string;
  siteId: string;
  cameraId: string | null;
  type: string;
  severity: string;
  title: string;
  description: string;
  location: string;
  triggeredBy: string | null;
  source: 'user' | 'device' | 'system';
  authorUserId: string | null;
  authorName: string;
}

/**
 * Creates alarms of one company, each with its first timeline entry, its audit entry and its
 * `alarm.created` event, in one statement whatever their number (creation runs at device rates and
 * concurrent creations share a transaction: db/group-commit.ts). Answers the rows created; an alarm
 * is missing when its site is not the company's, or when its camera already has an open
 * camera_offline alarm.
 */
export async function insertAlarms(tx: Tx, companyId: string, list: NewAlarm[]) {
  if (list.length === 0) return [];
  return rowsOf<AlarmRow>(await tx.execute(insertAlarmsSql(companyId, list)));
}

/** The statement of `insertAlarms`, for a caller that runs it in one round trip (db.writeTenant). */
export function insertAlarmsSql(companyId: string, list: NewAlarm[]) {
  const input = JSON.stringify(
    list.map((n) => ({
      id: n.id,
      site_id: n.siteId,
      camera_id: n.cameraId,
      type: n.type,
      severity: n.severity,
      title: n.title,
      description: n.description,
      location: n.location,
      triggered_by: n.triggeredBy,
      source: n.source,
      author_user_id: n.authorUserId,
      author_name: n.authorName,
    })),
  );
  return sql`
    with i as (
      select * from (
        select r.*, ${siteNameOf(sql`${companyId}::uuid`, sql`r.site_id`)} as site_name
          from jsonb_to_recordset(${input}::jsonb) as r(id uuid, site_id uuid, camera_id uuid, type text,
                 severity text, title text, description text, location text, triggered_by text, source text,
                 author_user_id uuid, author_name text)
      ) x where x.site_name is not null
    ),
    a as (
      insert into alarms (company_id, id, site_id, camera_id, type, severity, title, description, location, triggered_by, source)
      select ${companyId}::uuid, i.id, i.site_id, i.camera_id, i.type, i.severity, i.title, i.description, i.location,
             i.triggered_by, i.source
        from i
      on conflict (company_id, camera_id) where type = 'camera_offline' and status <> 'resolved' do nothing
      returning *
    ),
    ev as (
      insert into alarm_events (company_id, alarm_id, kind, author_user_id, author_name)
      select a.company_id, a.id, 'created', i.author_user_id, i.author_name from a join i on i.id = a.id
      returning alarm_id, kind, author_name, note, created_at
    ),
    created as (select a.*, i.author_user_id from a join i on i.id = a.id),
    au as (${auditRowsOf(sql`created`, {
      actorUserId: sql`r.author_user_id`,
      action: 'alarm.created',
      entity: 'alarm',
      details: sql`jsonb_build_object('siteId', r.site_id, 'type', r.type, 'severity', r.severity, 'source', r.source)`,
    })}),
    pub as (
      insert into events (company_id, type, payload)
      select a.company_id, 'alarm.created', jsonb_build_object('id', a.id, 'type', a.type, 'severity', a.severity,
             'status', a.status, 'title', a.title, 'siteId', a.site_id, 'siteName', i.site_name, 'location', a.location,
             'timestamp', a.triggered_at, 'cameraId', a.camera_id)
        from a join i on i.id = a.id
      returning company_id, id, type, payload, created_at
    ),
    n as (${notifyEventsOf(sql`pub`)})
    select ${alarmColumns('a')}, i.site_name,
           (select json_agg(json_build_object('kind', ev.kind, 'author', ev.author_name, 'note', ev.note, 'at', ev.created_at))
              from ev where ev.alarm_id = a.id) as timeline,
           (select count(*) from n) as notified
      from a join i on i.id = a.id`;
}

/** active → acknowledged. Nothing when the alarm is not active (or not the company's). */
export async function markAcknowledged(tx: Tx, companyId: string, id: string, by: string) {
  const res = await tx.execute(sql`
    update alarms set status = 'acknowledged', acknowledged_at = now(), acknowledged_by = ${by}, updated_at = now()
     where company_id = ${companyId} and id = ${id} and status = 'active' returning id`);
  return rowsOf(res).length > 0;
}

/** active or acknowledged → resolved; resolving an active alarm also counts as taking it in charge. */
export async function markResolved(tx: Tx, companyId: string, where: SQL, by: string, note: string) {
  const res = await tx.execute(sql`
    update alarms a set status = 'resolved', resolved_at = now(), resolved_by = ${by}, resolution_note = ${note},
           acknowledged_at = coalesce(a.acknowledged_at, now()), acknowledged_by = coalesce(a.acknowledged_by, ${by}),
           updated_at = now()
     where a.company_id = ${companyId} and a.status <> 'resolved' and ${where} returning a.id`);
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

export const byId = (id: string) => sql`a.id = ${id}`;
export const openCameraOfflineOf = (cameraId: string) =>
  sql`a.camera_id = ${cameraId} and a.type = 'camera_offline'`;

/**
 * The alarms of every company due for escalation (an owner-run function): active high or critical
 * alarms triggered at or before `cutoff` and not yet escalated.
 */
export async function escalationCandidates(db: Database, cutoff: Date) {
  return rowsOf<{ company_id: string; alarm_id: string }>(
    await db.direct.execute(
      sql`select company_id, alarm_id from alarm_escalation_candidates(${cutoff.toISOString()}::timestamptz)`,
    ),
  );
}

/** Marks as escalated those still active and not yet escalated (another instance may have been first). */
export async function markEscalated(tx: Tx, companyId: string, ids: string[], at: Date) {
  const res = await tx.execute(sql`
    update alarms set escalated_at = ${at.toISOString()}::timestamptz, updated_at = now()
     where company_id = ${companyId} and id = any(${`{${ids.join(',')}}`}::uuid[])
       and status = 'active' and escalated_at is null
    returning id`);
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

export async function insertTimeline(
  tx: Tx,
  companyId: string,
  entries: {
    alarmId: string;
    kind: TimelineRow['kind'];
    authorUserId: string | null;
    author: string;
    note: string | null;
  }[],
) {
  if (entries.length === 0) return;
  await tx.execute(sql`
    insert into alarm_events (company_id, alarm_id, kind, author_user_id, author_name, note) values ${sql.join(
      entries.map(
        (e) =>
          sql`(${companyId}::uuid, ${e.alarmId}::uuid, ${e.kind}, ${e.authorUserId}::uuid, ${e.author}, ${e.note})`,
      ),
      sql`, `,
    )}`);
}
