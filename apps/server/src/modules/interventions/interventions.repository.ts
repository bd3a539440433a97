// The interventions module's SQL: interventions, their steps, the agents' location consents, the
// candidates (agents on duty with their last position, composed from the planning module's
// fragments; radios' positions read here) and the clock's cross-company functions.
import type { InterventionState, InterventionStepKind } from '@vigie/contract/interventions.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { distanceMetresSql } from '../../lib/geo';
import { checkpointScannedSince } from '../guard-tours/guard-tours.sql';
import { agentNameOf, agentsOnDutyOf, lastPhonePositionsOf } from '../planning/planning.sql';
import { siteNameOf } from '../sites/sites.sql';
import type { InterventionRow, StepRow } from './interventions.models';

const RUNNING = sql`('proposed', 'accepted', 'en_route', 'on_site')`;

type Raw = {
  id: string;
  alarm_id: string | null;
  alarm_title: string | null;
  site_id: string;
  site_name: string | null;
  agent_id: string;
  agent_name: string | null;
  severity: InterventionRow['severity'];
  state: InterventionState;
  note: string | null;
  refusal_reason: string | null;
  asked_agent_ids: string[] | string;
  accept_seconds: number;
  arrive_minutes: number;
  proposed_at: Date | string;
  accept_due_at: Date | string | null;
  accepted_at: Date | string | null;
  arrive_due_at: Date | string | null;
  arrive_warned_at: Date | string | null;
  arrive_alerted_at: Date | string | null;
  en_route_at: Date | string | null;
  on_site_at: Date | string | null;
  on_site_by: 'geofence' | 'checkpoint' | null;
  ended_at: Date | string | null;
  report: string | null;
  logbook_entry_id: string | null;
};

const d = (v: Date | string | null) => (v === null ? null : new Date(v));
/** PGlite answers a uuid[] as an array, node-postgres may as its text form `{a,b}`. */
const uuids = (v: string[] | string) =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const toRow = (r: Raw): InterventionRow => ({
  id: r.id,
  alarmId: r.alarm_id,
  alarmTitle: r.alarm_title,
  siteId: r.site_id,
  siteName: r.site_name ?? 'Site supprimé',
  agentId: r.agent_id,
  agentName: r.agent_name ?? 'Agent',
  agentUserId: null,
  severity: r.severity,
  state: r.state,
  note: r.note,
  refusalReason: r.refusal_reason,
  askedAgentIds: uuids(r.asked_agent_ids),
  acceptSeconds: Number(r.accept_seconds),
  arriveMinutes: Number(r.arrive_minutes),
  proposedAt: new Date(r.proposed_at),
  acceptDueAt: d(r.accept_due_at),
  acceptedAt: d(r.accepted_at),
  arriveDueAt: d(r.arrive_due_at),
  arriveWarnedAt: d(r.arrive_warned_at),
  arriveAlertedAt: d(r.arrive_alerted_at),
  enRouteAt: d(r.en_route_at),
  onSiteAt: d(r.on_site_at),
  onSiteBy: r.on_site_by,
  endedAt: d(r.ended_at),
  report: r.report,
  logbookEntryId: r.logbook_entry_id,
});

// The intervention's alias is `i`: the site's and agent's names are sub-selects of their modules.
const columns = (companyId: string) => sql`i.id, i.alarm_id, i.site_id, i.agent_id, i.severity, i.state,
  i.note, i.refusal_reason, i.asked_agent_ids, i.accept_seconds, i.arrive_minutes, i.proposed_at,
  i.accept_due_at, i.accepted_at, i.arrive_due_at, i.arrive_warned_at, i.arrive_alerted_at, i.en_route_at,
  i.on_site_at, i.on_site_by, i.ended_at, i.report, i.logbook_entry_id,
  ${siteNameOf(sql`${companyId}`, sql`i.site_id`)} as site_name,
  ${agentNameOf(sql`${companyId}`, sql`i.agent_id`)} as agent_name,
  (select st.details->>'alarmTitle' from intervention_steps st
    where st.company_id = i.company_id and st.intervention_id = i.id and st.kind = 'proposed'
    order by st.at limit 1) as alarm_title`;

export async function findIntervention(tx: Tx, companyId: string, id: string, lock = false) {
  const [row] = rowsOf<Raw>(
    await tx.execute(sql`select ${columns(companyId)} from interventions i
      where i.company_id = ${companyId} and i.id = ${id} ${lock ? sql`for update of i` : sql``}`),
  );
  return row ? toRow(row) : undefined;
}

/** The agent's running intervention, if any (one at most: the partial unique index). */
export async function runningOfAgent(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<Raw>(
    await tx.execute(sql`select ${columns(companyId)} from interventions i
      where i.company_id = ${companyId} and i.agent_id = ${agentId} and i.state in ${RUNNING}`),
  );
  return row ? toRow(row) : undefined;
}

/** Inserts a proposal; undefined when the agent already runs one (the partial unique index). */
export async function insertIntervention(
  tx: Tx,
  companyId: string,
  v: {
    alarmId: string | null;
    siteId: string;
    agentId: string;
    severity: string;
    note: string | null;
    acceptSeconds: number;
    arriveMinutes: number;
    createdBy: string;
    now: Date;
  },
) {
  const at = v.now.toISOString();
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into interventions
        (company_id, alarm_id, site_id, agent_id, severity, state, note, asked_agent_ids, accept_seconds,
         arrive_minutes, proposed_at, accept_due_at, created_by, created_at, updated_at)
      values (${companyId}, ${v.alarmId}, ${v.siteId}, ${v.agentId}, ${v.severity}, 'proposed', ${v.note},
              array[${v.agentId}]::uuid[], ${v.acceptSeconds}, ${v.arriveMinutes}, ${at}::timestamptz,
              ${at}::timestamptz + make_interval(secs => ${v.acceptSeconds}), ${v.createdBy},
              ${at}::timestamptz, ${at}::timestamptz)
      on conflict (company_id, agent_id) where state in ('proposed', 'accepted', 'en_route', 'on_site')
      do nothing
      returning id`),
  );
  return row?.id;
}

export type Move =
  | { to: 'proposed'; agentId: string }
  | { to: 'accepted' }
  | { to: 'refused'; reason: string }
  | { to: 'en_route' }
  | { to: 'on_site'; by: 'geofence' | 'checkpoint' }
  | { to: 'done'; report: string; logbookEntryId: string | null }
  | { to: 'cancelled' };

/**
 * Moves an intervention from one of `from` to the move's state, setting its times; false when it
 * was no longer in `from` (another request moved it meanwhile). A proposal to another agent fails
 * with the unique index's violation when that agent is busy (the caller checked it first).
 */
export async function move(
  tx: Tx,
  companyId: string,
  id: string,
  from: readonly InterventionState[],
  m: Move,
  now: Date,
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  let set: SQL;
  switch (m.to) {
    case 'proposed':
      set = sql`agent_id = ${m.agentId}, asked_agent_ids = asked_agent_ids || array[${m.agentId}]::uuid[],
        proposed_at = ${at}, accept_due_at = ${at} + make_interval(secs => accept_seconds),
        refusal_reason = null`;
      break;
    case 'accepted':
      set = sql`accepted_at = ${at}, accept_due_at = null,
        arrive_due_at = ${at} + make_interval(mins => arrive_minutes)`;
      break;
    case 'refused':
      set = sql`refusal_reason = ${m.reason}, accept_due_at = null`;
      break;
    case 'en_route':
      set = sql`en_route_at = ${at}`;
      break;
    case 'on_site':
      set = sql`on_site_at = ${at}, on_site_by = ${m.by}`;
      break;
    case 'done':
      set = sql`ended_at = ${at}, report = ${m.report}, logbook_entry_id = ${m.logbookEntryId}`;
      break;
    case 'cancelled':
      set = sql`ended_at = ${at}, accept_due_at = null`;
      break;
  }
  const fromList = sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  );
  return (
    rowsOf(
      await tx.execute(sql`update interventions set state = ${m.to}, updated_at = ${at}, ${set}
        where company_id = ${companyId} and id = ${id} and state in (${fromList}) returning id`),
    ).length > 0
  );
}

/** Marks the arrival warning or alert as sent; false when already marked. */
export async function markLate(tx: Tx, companyId: string, id: string, level: 'warning' | 'alert', now: Date) {
  const column = level === 'warning' ? sql`arrive_warned_at` : sql`arrive_alerted_at`;
  return (
    rowsOf(
      await tx.execute(sql`update interventions set ${column} = ${now.toISOString()}::timestamptz
        where company_id = ${companyId} and id = ${id} and ${column} is null
          and state in ('accepted', 'en_route') returning id`),
    ).length > 0
  );
}

export async function insertStep(
  tx: Tx,
  companyId: string,
  s: {
    interventionId: string;
    kind: InterventionStepKind;
    agentId: string | null;
    actorUserId: string | null;
    actorName: string | null;
    at: Date;
    position: { lat: number; lng: number; accuracy: number } | null;
    details?: Record<string, unknown>;
  },
) {
  await tx.execute(sql`insert into intervention_steps
      (company_id, intervention_id, kind, agent_id, actor_user_id, actor_name, at, latitude, longitude,
       accuracy_m, details)
    values (${companyId}, ${s.interventionId}, ${s.kind}, ${s.agentId}, ${s.actorUserId}, ${s.actorName},
            ${s.at.toISOString()}::timestamptz, ${s.position?.lat ?? null}, ${s.position?.lng ?? null},
            ${s.position?.accuracy ?? null}, ${JSON.stringify(s.details ?? {})}::jsonb)`);
}

export async function stepsOf(tx: Tx, companyId: string, id: string): Promise<StepRow[]> {
  const rows = rowsOf<{
    kind: InterventionStepKind;
    at: Date | string;
    agent_id: string | null;
    agent_name: string | null;
    actor_name: string | null;
    latitude: number | null;
    longitude: number | null;
    accuracy_m: number | null;
    details: Record<string, unknown> | string;
  }>(
    await tx.execute(sql`select st.kind, st.at, st.agent_id,
        ${agentNameOf(sql`${companyId}`, sql`st.agent_id`)} as agent_name, st.actor_name,
        st.latitude, st.longitude, st.accuracy_m, st.details
      from intervention_steps st where st.company_id = ${companyId} and st.intervention_id = ${id}
      order by st.at,
        -- The clock's pass writes its finding and what follows at one time: the finding first.
        case st.kind when 'accept_timeout' then 0 when 'arrive_warning' then 1 when 'arrive_alert' then 2 else 3 end,
        st.id`),
  );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    kind: r.kind,
    at: new Date(r.at),
    agentId: r.agent_id,
    agentName: r.agent_name,
    actorName: r.actor_name,
    lat: num(r.latitude),
    lng: num(r.longitude),
    accuracy: num(r.accuracy_m),
    details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  }));
}

export interface ListFilter {
  state?: InterventionState | 'running';
  alarmId?: string;
  siteId?: string;
  /** An agent reads only his own. */
  agentId?: string;
}

export async function listPage(
  tx: Tx,
  companyId: string,
  f: ListFilter,
  page: { limit: number; after?: [string, string] },
) {
  const where = sql.join(
    [
      sql`i.company_id = ${companyId}`,
      f.state === 'running' ? sql`i.state in ${RUNNING}` : f.state ? sql`i.state = ${f.state}` : sql`true`,
      f.alarmId ? sql`i.alarm_id = ${f.alarmId}` : sql`true`,
      f.siteId ? sql`i.site_id = ${f.siteId}` : sql`true`,
      f.agentId ? sql`i.agent_id = ${f.agentId}` : sql`true`,
    ],
    sql` and `,
  );
  const after = page.after
    ? sql`and (i.created_at, i.id) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : sql``;
  const rows = rowsOf<Raw & { created_at: Date | string }>(
    await tx.execute(sql`select ${columns(companyId)}, i.created_at from interventions i
      where ${where} ${after} order by i.created_at desc, i.id desc limit ${page.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from interventions i where ${where}`),
  );
  return {
    rows: rows.map((r) => ({ ...toRow(r), createdAt: new Date(r.created_at) })),
    total: Number(count?.n ?? 0),
  };
}

export interface CandidateRaw {
  agentId: string;
  name: string;
  userId: string | null;
  phone: { lat: number; lng: number; at: Date } | null;
  radio: { lat: number; lng: number; at: Date } | null;
  interventionId: string | null;
  interventionState: InterventionState | null;
}

/**
 * The agents on duty with their last phone and radio positions and their running intervention, in
 * one statement of hash joins: the shifts in progress (partial index), the kept last positions
 * (agent_last_positions), the radios' last positions, the running interventions.
 * With `nearest`, only the `limit` nearest to `from` (by their freshest position; those without one
 * last, by name; all by name when `from` is unknown), ranked by the database: the candidates for a
 * site among a thousand agents (bench/dispatch.ts).
 */
export async function onDutyAgents(
  tx: Tx,
  companyId: string,
  nearest?: { from: { lat: number; lng: number } | null; limit: number },
): Promise<CandidateRaw[]> {
  // The freshest of the two positions, the phone's on a tie (as candidates.ts chooses).
  const phoneFirst = sql`(r.at is null or (p.at is not null and p.at >= r.at))`;
  const distance = nearest?.from
    ? sql`case when p.at is null and r.at is null then null
               when ${phoneFirst} then round(${distanceMetresSql(nearest.from, sql`p.lat`, sql`p.lng`)})
               else round(${distanceMetresSql(nearest.from, sql`r.lat`, sql`r.lng`)}) end`
    : sql`null::float8`;
  const ranked = nearest ? sql`order by ${distance} nulls last, d.name limit ${nearest.limit}` : sql``;
  const rows = rowsOf<{
    agent_id: string;
    name: string;
    user_id: string | null;
    p_lat: number | null;
    p_lng: number | null;
    p_at: Date | string | null;
    r_lat: number | null;
    r_lng: number | null;
    r_at: Date | string | null;
    intervention_id: string | null;
    intervention_state: InterventionState | null;
  }>(
    await tx.execute(sql`select d.agent_id, d.name, d.user_id, p.lat as p_lat, p.lng as p_lng, p.at as p_at,
        r.lat as r_lat, r.lng as r_lng, r.at as r_at, run.id as intervention_id, run.state as intervention_state
      from ${agentsOnDutyOf(companyId)} d
      left join ${lastPhonePositionsOf(companyId)} p on p.agent_id = d.agent_id
      left join (
        select distinct on (ra.agent_id) ra.agent_id, ra.last_lat as lat, ra.last_lng as lng,
               ra.last_position_at as at
          from radios ra
         where ra.company_id = ${companyId} and ra.agent_id is not null and ra.last_position_at is not null
           and ra.last_lat is not null and ra.last_lng is not null
         order by ra.agent_id, ra.last_position_at desc) r on r.agent_id = d.agent_id
      left join interventions run on run.company_id = ${companyId} and run.agent_id = d.agent_id
        and run.state in ${RUNNING}
      ${ranked}`),
  );
  const pos = (lat: number | null, lng: number | null, at: Date | string | null) =>
    lat === null || lng === null || at === null
      ? null
      : { lat: Number(lat), lng: Number(lng), at: new Date(at) };
  return rows.map((r) => ({
    agentId: r.agent_id,
    name: r.name,
    userId: r.user_id,
    phone: pos(r.p_lat, r.p_lng, r.p_at),
    radio: pos(r.r_lat, r.r_lng, r.r_at),
    interventionId: r.intervention_id,
    interventionState: r.intervention_state,
  }));
}

/** Whether the user scanned one of the site's checkpoints since `since` (guard tours' fragment). */
export async function scannedCheckpointSince(
  tx: Tx,
  companyId: string,
  siteId: string,
  userId: string,
  since: Date,
) {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(
      sql`select ${checkpointScannedSince(companyId, siteId, userId, sql`${since.toISOString()}::timestamptz`)} as ok`,
    ),
  );
  return Boolean(row?.ok);
}

export async function findConsent(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ consented: boolean; changed_at: Date | string }>(
    await tx.execute(sql`select c.consented, c.changed_at from agent_location_consents c
      where c.company_id = ${companyId} and c.agent_id = ${agentId}`),
  );
  return row ? { consented: Boolean(row.consented), changedAt: new Date(row.changed_at) } : null;
}

export async function saveConsent(
  tx: Tx,
  companyId: string,
  v: { agentId: string; consented: boolean; userId: string; now: Date },
) {
  await tx.execute(sql`insert into agent_location_consents (company_id, agent_id, consented, changed_at, changed_by)
    values (${companyId}, ${v.agentId}, ${v.consented}, ${v.now.toISOString()}::timestamptz, ${v.userId})
    on conflict (company_id, agent_id) do update
      set consented = excluded.consented, changed_at = excluded.changed_at, changed_by = excluded.changed_by`);
}

/** The clock's work over every company (an owner-run function). */
export async function dueInterventions(db: Database, now: Date) {
  return rowsOf<{ company_id: string; intervention_id: string; kind: 'accept' | 'arrive' }>(
    await db.direct.execute(
      sql`select company_id, intervention_id, kind from interventions_due(${now.toISOString()}::timestamptz)`,
    ),
  );
}

/** Clears the positions of steps past each company's position retention (an owner-run function). */
export async function purgeStepPositions(db: Database, now: Date) {
  return rowsOf<{ company_id: string; removed: string | number }>(
    await db.direct.execute(
      sql`select company_id, removed from intervention_positions_purge(${now.toISOString()}::timestamptz)`,
    ),
  );
}
