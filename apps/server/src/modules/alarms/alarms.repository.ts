// The alarms module's SQL. Lists walk the (company_id, status?, triggered_at desc, id desc) indexes
// with a row-comparison keyset, so a page costs the same on the 500,000th alarm as on the first.
import { alarmCountCap } from '@vigie/contract/alarms.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type TokenTable, tokenCandidates, tokenHits, tokenMatch, tokenProbe } from '../../db/search-tokens';
import { auditRowsOf } from '../audit/audit.sql';
import { notifyEventsOf } from '../events/events.sql';
import { siteNameOf } from '../sites/sites.sql';
import type { AlarmRow, TimelineRow } from './alarms.models';
import { keptAlarmStatusCounts } from './alarms.sql';

export interface AlarmListFilter {
  status?: 'active' | 'acknowledged' | 'resolved' | undefined;
  severity?: 'low' | 'medium' | 'high' | 'critical' | undefined;
  siteId?: string | undefined;
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

const timelineOf = (alias: string) =>
  sql.raw(`(
  select coalesce(json_agg(json_build_object('kind', e.kind, 'author', e.author_name, 'note', e.note, 'at', e.created_at)
                  order by e.id), '[]'::json)
    from alarm_events e where e.company_id = ${alias}.company_id and e.alarm_id = ${alias}.id)`);

const columns = (
  alias: string,
) => sql`${sql.raw(alias)}.id, ${sql.raw(alias)}.site_id, ${sql.raw(alias)}.camera_id,
  ${sql.raw(`${alias}.type, ${alias}.severity, ${alias}.status, ${alias}.title, ${alias}.description,
  ${alias}.location, ${alias}.triggered_by, ${alias}.source, ${alias}.triggered_at, ${alias}.acknowledged_at,
  ${alias}.acknowledged_by, ${alias}.resolved_at, ${alias}.resolved_by, ${alias}.resolution_note, ${alias}.escalated_at,
  to_char(${alias}.triggered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`)}`;

const selectAlarm = sql`select ${columns('a')},
  ${siteNameOf(sql`a.company_id`, sql`a.site_id`)} as site_name,
  ${timelineOf('a')} as timeline
  from alarms a`;

function filterWhere(companyId: string, f: AlarmListFilter): SQL {
  const parts: SQL[] = [sql`a.company_id = ${companyId}`];
  if (f.status) parts.push(sql`a.status = ${f.status}`);
  if (f.severity) parts.push(sql`a.severity = ${f.severity}`);
  if (f.siteId) parts.push(sql`a.site_id = ${f.siteId}`);
  if (f.type) parts.push(sql`a.type = ${f.type}`);
  if (f.from) parts.push(sql`a.triggered_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`a.triggered_at <= ${f.to}::timestamptz`);
  // Every word starts a word of the alarm's title, description, location, site name or camera name
  // (people search « Entrepôt », not only the alarm's own words), ignoring case and accents: kept
  // tokens, an index condition under row-level security (db/search-tokens.ts).
  if (f.search) {
    parts.push(
      tokenMatch({ table: 'alarm_search_tokens', rowColumn: 'alarm_id' }, companyId, sql`a.id`, f.search),
    );
  }
  return sql.join(parts, sql` and `);
}

/** Totals without a kept count are counted up to this, one more meaning "more" (issue 18). */
export const COUNT_CAP = alarmCountCap;

/**
 * The filter's total. Filtered by status and severity alone (the bell, the page's counters, the
 * unfiltered list), it is read from the counts kept by triggers (migration 0011): counting the rows
 * took 50 ms and more on a 500,000-alarm company, at every change.
 */
function totalSql(companyId: string, f: AlarmListFilter): SQL {
  // Other filters have no kept count: their rows are counted up to COUNT_CAP + 1 (the web says
  // « plus de 1 000 »), so that a type or a period over years of history costs what a page costs.
  const others = f.siteId || f.type || f.from || f.to || f.status || f.severity;
  // A search alone is counted in the token table: its distinct alarms in the (company_id, alarm_id,
  // token) index's order, up to the cap — a common word's 1,001 in 1.4 ms, where probing the tokens of
  // each alarm took 5 ms (bench/README.md, issue 18).
  const found =
    f.search && !others
      ? tokenCandidates({ table: 'alarm_search_tokens', rowColumn: 'alarm_id' }, companyId, f.search)
      : null;
  if (found) return sql`(select count(*)::int from (${found} order by 1 limit ${COUNT_CAP + 1}) capped)`;
  if (f.siteId || f.type || f.from || f.to || f.search)
    // Without a search, in the list's order: the count walks the company's index and stops at the
    // cap, instead of a scan of the table that a large company makes look cheaper. A search's count
    // is left to the planner: in that order each alarm costs a token probe (a common word's 10,001
    // took 0.8 s), whereas merging the company's keys with the token index reads no alarm.
    return sql`(select count(*)::int from (select 1 from alarms a where ${filterWhere(companyId, f)}
      ${f.search ? sql`` : sql`order by a.triggered_at desc nulls last, a.id desc nulls last`}
      limit ${COUNT_CAP + 1}) capped)`;
  const parts: SQL[] = [sql`c.company_id = ${companyId}`];
  if (f.status) parts.push(sql`c.status = ${f.status}`);
  if (f.severity) parts.push(sql`c.severity = ${f.severity}`);
  // The kept counts and their pending deltas (migration 0038).
  return sql`(select coalesce(sum(c.n), 0)::int from ${keptAlarmStatusCounts} c where ${sql.join(parts, sql` and `)})`;
}

/**
 * The list's statement (exported so that a test can check its plan on seeded data): one page (up
 * to limit + 1 rows, in `(triggered_at, id)` descending order) and the filter's total as an
 * uncorrelated sub-select, computed once and returned on every row (docs/decisions/0004).
 */
export function listAlarmsSql(
  companyId: string,
  f: AlarmListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql` and (a.triggered_at, a.id) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : sql``;
  // `desc nulls last` as the indexes are declared, so the planner reads them in order and stops early.
  return sql`select ${columns('a')},
    ${siteNameOf(sql`a.company_id`, sql`a.site_id`)} as site_name,
    ${timelineOf('a')} as timeline,
    ${totalSql(companyId, f)} as total
    from alarms a
    where ${filterWhere(companyId, f)}${after}
    order by a.triggered_at desc nulls last, a.id desc nulls last
    limit ${page.limit + 1}`;
}

type Page = { limit: number; after?: [string, string] | undefined };

/**
 * One page and its total in one round trip (`db.readTenant`). Only an empty page after a cursor
 * needs a second read for the total; a search is read by searchAlarmsSql, one round trip too, and a
 * second one only when its words match many alarms and another filter narrows them (their count).
 */
export async function listAlarmsPage(db: Database, companyId: string, f: AlarmListFilter, page: Page) {
  if (f.search) {
    const found = await searchAlarmsPage(db, companyId, f, page);
    if (found) return found;
  }
  const rows = await db.readTenant<AlarmRow & { total: number }>(
    companyId,
    listAlarmsSql(companyId, f, page),
    // A search is planned with its pattern (see TenantReadOptions).
    { prepare: !f.search },
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page.after ? await countAlarmsRead(db, companyId, f) : 0;
  }
  return { rows, total };
}

const alarmTokens: TokenTable = { table: 'alarm_search_tokens', rowColumn: 'alarm_id' };

/**
 * Token rows read to tell a search matching few alarms from one matching many: twice the count cap,
 * so that more than COUNT_CAP distinct alarms are found among them even when some alarms hold two
 * tokens of a word (« port » in « Porte du portail »). At most 2,002 index entries (about 0.5 ms).
 */
export const SEARCH_HITS = 2 * (COUNT_CAP + 1);

const newestFirst = sql`order by a.triggered_at desc nulls last, a.id desc nulls last`;
const afterCursor = (page: Page) =>
  page.after
    ? sql` and (a.triggered_at, a.id) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : sql``;

/**
 * A search's statement (issue 30). Its words' token rows are read first, up to SEARCH_HITS (`h`,
 * with `k` their number and their distinct alarms); then, as one-time choices on `k`:
 *
 * - **few** — fewer token rows than SEARCH_HITS, so all of the matches are in hand: each is read by
 *   its key with the other filters (`m`; `offset 0`: one look-up per match, never a join over the
 *   table), sorted, and counted exactly;
 * - **many** — SEARCH_HITS token rows holding more than COUNT_CAP distinct alarms: the newest alarms
 *   are walked in the list's index order from the cursor, each probed for the words by one look-up
 *   in (company_id, alarm_id, token), stopping at the page (`w`). The walk is a sub-select of its
 *   own (`offset 0`: the probe is neither pulled into it nor pushed down), planned for the page's rows
 *   in order — with the probe beside it, PGlite's planner read every alarm of the company and sorted
 *   the matches, its estimate of a sub-plan's selectivity being no better than a guess. A quarter of 50,000 alarms
 *   matching, the page reads about 200; it never visits the matches beyond it, as collecting them
 *   to sort, or counting them, did (17 req/s and p99 2.6 s at 32 connections, bench/README.md).
 *
 * One row always comes: the page's rows, or one row of nulls beside `hits`, `matched` and `total`
 * (the few matches' exact count with every filter). Neither branch runs when SEARCH_HITS token rows
 * hold COUNT_CAP alarms or fewer (a word many times in each alarm): listAlarmsPage then reads as
 * before.
 */
export function searchAlarmsSql(companyId: string, f: AlarmListFilter, page: Page) {
  const hits = tokenHits(alarmTokens, companyId, f.search ?? '', SEARCH_HITS);
  if (!hits) return null;
  const rest = filterWhere(companyId, { ...f, search: undefined });
  const after = afterCursor(page);
  return sql`with h as materialized (${hits}),
    k as (select count(*)::int as n, count(distinct h.id)::int as d from h),
    m as materialized (
      select a.* from (select distinct h.id from h) x
      cross join lateral (select * from alarms a where ${rest} and a.id = x.id offset 0) a
       where (select k.n < ${SEARCH_HITS} from k)
    ),
    w as (
      select a.* from (select * from alarms a where ${rest}${after} ${newestFirst} offset 0) a
       where (select k.n >= ${SEARCH_HITS} and k.d > ${COUNT_CAP} from k)
         and ${tokenProbe(alarmTokens, companyId, sql`a.id`, f.search ?? '')}
       limit ${page.limit + 1}
    ),
    p as (
      (select a.* from m a where true${after} ${newestFirst} limit ${page.limit + 1})
      union all
      (select * from w)
    )
    select k.n as hits, k.d as matched, (select count(*)::int from m) as total, ${columns('a')},
           ${siteNameOf(sql`a.company_id`, sql`a.site_id`)} as site_name,
           ${timelineOf('a')} as timeline
      from k left join p a on true
     ${newestFirst}`;
}

type SearchRow = AlarmRow & { hits: number; matched: number; total: number };

/**
 * A search's page and total (searchAlarmsSql), or null when its token rows are ambiguous. The total
 * is exact when the matches are few (one more than COUNT_CAP beyond it, as every capped total);
 * when the words alone match more than COUNT_CAP alarms and no other filter narrows them it is
 * « more » (COUNT_CAP + 1) without counting; with another filter, that filter's capped count.
 */
async function searchAlarmsPage(db: Database, companyId: string, f: AlarmListFilter, page: Page) {
  const q = searchAlarmsSql(companyId, f, page);
  if (!q) return { rows: [], total: 0 };
  const all = await db.readTenant<SearchRow | ({ [K in keyof AlarmRow]: null } & SearchRow)>(companyId, q, {
    prepare: false,
  });
  const head = all[0];
  if (!head) return { rows: [], total: 0 };
  const rows: AlarmRow[] = [];
  for (const { hits: _h, matched: _m, total: _t, ...row } of all) if (row.id !== null) rows.push(row);
  if (head.hits < SEARCH_HITS) return { rows, total: Math.min(head.total, COUNT_CAP + 1) };
  if (head.matched <= COUNT_CAP) return null;
  const others = f.siteId || f.type || f.from || f.to || f.status || f.severity;
  return { rows, total: others ? await countAlarmsRead(db, companyId, f) : COUNT_CAP + 1 };
}

async function countAlarmsRead(db: Database, companyId: string, f: AlarmListFilter) {
  const [row] = await db.readTenant<{ n: number }>(companyId, sql`select ${totalSql(companyId, f)} as n`, {
    prepare: !f.search,
  });
  return row?.n ?? 0;
}

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
             'timestamp', a.triggered_at)
        from a join i on i.id = a.id
      returning company_id, id, type, payload, created_at
    ),
    n as (${notifyEventsOf(sql`pub`)})
    select ${columns('a')}, i.site_name,
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
