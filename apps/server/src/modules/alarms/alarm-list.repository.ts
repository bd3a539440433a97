// The alarm list and its search. Lists walk the (company_id, status?, triggered_at desc, id desc)
// indexes with a row-comparison keyset, so a page costs the same on the 500,000th alarm as on the
// first.
import { alarmCountCap } from '@vigie/contract/alarms.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type TokenTable, tokenCandidates, tokenHits, tokenMatch, tokenProbe } from '../../db/search-tokens';
import { siteNameOf } from '../sites/sites.sql';
import type { AlarmRow } from './alarms.models';
import { alarmColumns, alarmTimelineOf } from './alarms.repository';
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
  return sql`select ${alarmColumns('a')},
    ${siteNameOf(sql`a.company_id`, sql`a.site_id`)} as site_name,
    ${alarmTimelineOf('a')} as timeline,
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
    select k.n as hits, k.d as matched, (select count(*)::int from m) as total, ${alarmColumns('a')},
           ${siteNameOf(sql`a.company_id`, sql`a.site_id`)} as site_name,
           ${alarmTimelineOf('a')} as timeline
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
