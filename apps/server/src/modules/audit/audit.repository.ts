import { and, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditLog } from '../../db/schema';
import { tokenCandidates, tokenMatch } from '../../db/search-tokens';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntries(tx: Tx, entries: AuditRow[]) {
  if (entries.length > 0) await tx.insert(auditLog).values(entries);
}

export interface AuditFilter {
  userId?: string | undefined;
  actionPrefix?: string | undefined;
  entity?: string | undefined;
  /** Instants bounding the entries: from included, to excluded. */
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
}

/** An entry as the journal shows it, with the acting user's name. */
export interface JournalRow {
  id: string;
  at: Date;
  /** `at` to the microsecond, as the next page's cursor (a Date keeps milliseconds only). */
  atKey: string;
  actorUserId: string | null;
  actorName: string | null;
  actorGone: boolean;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

/**
 * The user's name comes from the users table of the same company (the journal is read far more
 * rarely than it is written: no copy of the name is kept in each entry).
 */
const filterWhere = (companyId: string, f: AuditFilter): SQL | undefined =>
  and(
    sql`a.company_id = ${companyId}`,
    f.userId ? sql`a.actor_user_id = ${f.userId}::uuid` : undefined,
    // starts_with is leakproof: usable as an index condition under row-level security.
    // A prefix as a bytewise range, whose comparisons are leakproof: an index condition on
    // (company_id, action collate "C", created_at) under row-level security.
    f.actionPrefix ? actionPrefixRange(f.actionPrefix) : undefined,
    f.entity ? sql`a.entity = ${f.entity}` : undefined,
    f.from ? sql`a.created_at >= ${f.from.toISOString()}::timestamptz` : undefined,
    f.to ? sql`a.created_at < ${f.to.toISOString()}::timestamptz` : undefined,
    // Every word starts a word of the action, object, object id, details or the user's name (kept
    // tokens: an index condition under row-level security, db/search-tokens.ts).
    f.search
      ? tokenMatch({ table: 'audit_search_tokens', rowColumn: 'entry_id' }, companyId, sql`a.id`, f.search)
      : undefined,
  );

function actionPrefixRange(prefix: string): SQL {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined) return sql`true`;
  const end = chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
  // The bounds are bind parameters like every value (docs/decisions/0021). How many entries a prefix
  // holds decides between walking the dates and sorting the prefix's entries, and a prepared
  // statement's generic plan, made for any prefix, sorted a third of a 60,000-entry journal
  // (audit-plans.test.ts): a filtered read is the unnamed statement, planned with its values
  // (`prepare: false` in listJournalPage).
  return sql`a.action collate "C" >= ${prefix} and a.action collate "C" < ${end}`;
}

/** An entry's journal columns, from `a` (an audit_log row) and `u` (its actor, left-joined). */
const journalColumns = sql`a.id::text as id, a.created_at as at,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "atKey",
  a.actor_user_id as "actorUserId", u.name as "actorName",
  (a.actor_user_id is not null and u.id is null) as "actorGone",
  a.action, a.entity, a.entity_id as "entityId", a.details, a.ip`;

const selectJournal = (where: SQL | undefined, extra: SQL, limit: number, also: SQL = sql``) => sql`
  select ${journalColumns}${also}
    from audit_log a
    left join users u on u.company_id = a.company_id and u.id = a.actor_user_id
   where ${and(where, extra)}
   order by a.created_at desc, a.id desc
   limit ${limit}`;

const toRow = (r: JournalRow & { at: Date | string }): JournalRow => ({
  ...r,
  at: r.at instanceof Date ? r.at : new Date(r.at),
});

/**
 * The journal grows without end: its total is counted up to this bound, one more meaning "more".
 * 1,000 rather than 10,000: counting 10,001 entries cost 5.7 ms of PostgreSQL a read (issue 18).
 */
export const COUNT_BOUND = 1_000;

type Page = { limit: number; before?: [string, number] | undefined };

/** Entries older than the page's cursor: the last listed entry's (created_at to the microsecond, id). */
const afterCursor = (page: Page) =>
  page.before
    ? sql`(a.created_at, a.id) < (${page.before[0]}::timestamptz, ${page.before[1]}::bigint)`
    : sql`true`;

/** The filter's total up to COUNT_BOUND + 1, walking the (company_id, created_at) index as the list does. */
const boundedTotal = (where: SQL | undefined) => sql`(select count(*)::int from (
      select 1 from audit_log a left join users u on u.company_id = a.company_id and u.id = a.actor_user_id
       where ${where} order by a.created_at desc limit ${COUNT_BOUND + 1}) c)`;

/**
 * A page newest first (limit + 1 rows: the extra one says there is more); the cursor is the last
 * entry's (created_at to the microsecond, id). It walks the (company_id, created_at) index backwards
 * from the cursor: entries of the same instant only are put in id order (an incremental sort).
 */
export const journalPageSql = (companyId: string, f: AuditFilter, page: Page) =>
  selectJournal(filterWhere(companyId, f), afterCursor(page), page.limit + 1);

/**
 * The list's statement: the page of journalPageSql and the filter's bounded total as an
 * uncorrelated sub-select column, computed once and returned on every row (docs/decisions/0004).
 */
export const journalListSql = (companyId: string, f: AuditFilter, page: Page) => {
  const where = filterWhere(companyId, f);
  return selectJournal(where, afterCursor(page), page.limit + 1, sql`, ${boundedTotal(where)} as total`);
};

/**
 * A page and its total in one round trip (`db.readTenant`, prepared unless searched); only an empty
 * page after a cursor reads its total apart. A search whose words match few entries is read from
 * their tokens (fewMatches), one round trip too; one matching more walks the journal after it.
 */
export async function listJournalPage(db: Database, companyId: string, f: AuditFilter, page: Page) {
  if (f.search) {
    const few = await fewMatches(db, companyId, f, page);
    if (few) return few;
    // The words alone match more than the bound, and nothing else narrows them: the total is
    // « more », known without counting again (a common word's count walked 1,001 entries, probing
    // each one's tokens: 8.6 of its 9 ms in PostgreSQL on 200,000 entries).
    if (searchIsTheOnlyFilter(f)) {
      const rows = await db.readTenant<JournalRow>(companyId, journalPageSql(companyId, f, page), {
        prepare: false,
      });
      return { rows: rows.map(toRow), total: COUNT_BOUND + 1 };
    }
  }
  // A search is planned with its words (see TenantReadOptions).
  // Planned with its values when they decide the plan: a search, an action prefix.
  const opts = { prepare: !f.search && !f.actionPrefix };
  const rows = await db.readTenant<JournalRow & { total: number }>(
    companyId,
    journalListSql(companyId, f, page),
    opts,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page.before
      ? ((
          await db.readTenant<{ n: number }>(
            companyId,
            sql`select ${boundedTotal(filterWhere(companyId, f))} as n`,
            opts,
          )
        )[0]?.n ?? 0)
      : 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => toRow(row)), total };
}

const searchIsTheOnlyFilter = (f: AuditFilter) =>
  !f.userId && !f.actionPrefix && !f.entity && !f.from && !f.to;

/**
 * A search whose words match at most COUNT_BOUND entries: its matches' ids come from the tokens
 * alone (bounded), and each is read by primary key — never a join from the tokens to the journal
 * read whole, which the planner chose for a company holding most of the table (search-plans.test.ts).
 * Null when the words match more: the page then walks the (company_id, created_at) index, checking
 * each entry's tokens, which a common word fills quickly.
 *
 * One statement, planned with the words: the matches counted up to the bound (`f`), and only when
 * they are few (a one-time filter: none is probed otherwise) each read by its key (`offset 0`: one
 * look-up per match, never a join over the table) and the other filters applied (`m`); then the
 * page after the cursor and the total of that one pass. Its first row always carries the count and
 * the total — the page's rows, or one row of nulls beside them when the page is empty.
 */
async function fewMatches(db: Database, companyId: string, f: AuditFilter, page: Page) {
  const found = tokenCandidates(
    { table: 'audit_search_tokens', rowColumn: 'entry_id' },
    companyId,
    f.search ?? '',
  );
  if (!found) return { rows: [], total: 0 };
  const rest = filterWhere(companyId, { ...f, search: undefined });
  const all = await db.readTenant<
    (JournalRow | { [K in keyof JournalRow]: null }) & { matched: number; total: number }
  >(
    companyId,
    sql`with f as materialized (${found} limit ${COUNT_BOUND + 1}),
      k as (select count(*)::int as n from f),
      m as materialized (
        select a.* from f x
        cross join lateral (select * from audit_log a where ${rest} and a.id = x.id offset 0) a
         where (select k.n from k) <= ${COUNT_BOUND}
      ),
      p as (
        select ${journalColumns}
          from m a
          left join users u on u.company_id = a.company_id and u.id = a.actor_user_id
         where ${afterCursor(page)}
         order by a.created_at desc, a.id desc
         limit ${page.limit + 1}
      )
      select k.n as matched, (select count(*)::int from m) as total, p.*
        from k left join p on true
       order by p.at desc, p.id::bigint desc`,
    { prepare: false },
  );
  const head = all[0];
  if ((head?.matched ?? 0) > COUNT_BOUND) return null;
  const rows: JournalRow[] = [];
  for (const { matched: _matched, total: _total, ...row } of all) {
    if (row.id !== null) rows.push(toRow(row as JournalRow));
  }
  return { rows, total: head?.total ?? 0 };
}

/** The filtered entries for an export, newest first, at most `limit`. */
export async function journalForExport(tx: Tx, companyId: string, f: AuditFilter, limit: number) {
  // A search's matches come from its tokens (the longest word walked in the index, the others probed
  // per candidate), not from every entry's tokens probed word by word: with ten words and a journal
  // of thousands, the export took 2 s and more (the injection sweep on PostgreSQL, CI).
  const found = f.search
    ? tokenCandidates({ table: 'audit_search_tokens', rowColumn: 'entry_id' }, companyId, f.search)
    : undefined;
  if (f.search && !found) return [];
  const where = found
    ? and(filterWhere(companyId, { ...f, search: undefined }), sql`a.id in (select c.id from (${found}) c)`)
    : filterWhere(companyId, f);
  return rowsOf<JournalRow>(await tx.execute(selectJournal(where, sql`true`, limit))).map(toRow);
}
