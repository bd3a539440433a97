// Reading a site's main courante: the page of its register, each entry with its corrections, and its
// total, in one statement and one round trip (db.readTenant), with the rules of who may read it
// (the site is the company's; an agent's shifts include it) checked in the same statement; and the
// single reads of the service (an entry, its corrections, a photo's entry, the last handover).
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { logbookEntries } from '../../db/schema';
import { siteNamesOf } from '../sites/sites.sql';
import type { ListedEntry } from './logbook.models';

/** The condition "the site is the company's". */
const siteKnownSql = (companyId: string, siteId: string) =>
  sql`exists (select 1 from ${siteNamesOf(companyId)} st where st.id = ${siteId})`;

/**
 * The condition "the user, an agent, has a shift on the site" (not cancelled): the sites whose
 * register an agent reads.
 */
const agentHasSiteSql = (companyId: string, userId: string, siteId: string) => sql`exists (
  select 1 from shifts s join agents a on a.company_id = s.company_id and a.id = s.agent_id
   where s.company_id = ${companyId} and s.site_id = ${siteId} and a.user_id = ${userId}
     and s.status <> 'Annulé')`;

// The entry's columns under the row's property names (a raw read returns the driver's rows as they are).
const entryColumns = sql.raw(`e.id, e.site_id as "siteId", e.site_name as "siteName", e.number,
  e.occurred_at as "occurredAt", e.category, e.text, e.photo_ids as "photoIds",
  e.author_user_id as "authorUserId", e.author_name as "authorName", e.shift_id as "shiftId",
  e.corrects_id as "correctsId", e.source, e.hash, e.prev_hash as "prevHash", e.created_at as "createdAt"`);

/** Each listed entry's corrections, oldest first, read with it (a probe of a small partial index). */
const correctionsJson = sql.raw(`(
  select json_agg(json_build_object('id', c.id, 'number', c.number, 'occurredAt', c.occurred_at, 'text', c.text,
                                    'authorUserId', c.author_user_id, 'authorName', c.author_name,
                                    'createdAt', c.created_at) order by c.number)
    from logbook_entries c
   where c.company_id = e.company_id and c.corrects_id = e.id)`);

export interface LogbookListFilter {
  siteId: string;
  /** Instants bounding the entries' occurred_at: from included, to excluded. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Who reads: an agent reads only the sites of their shifts. */
export interface LogbookReader {
  agentUserId?: string | undefined;
}

type Page = { limit: number; before?: [number] | undefined };

/**
 * The site's total: its counter (the kept count of a site's entries, no gap, never deleted), or the
 * period's count by the (site, occurred_at) index.
 */
function totalSql(companyId: string, f: LogbookListFilter): SQL {
  if (!f.from && !f.to)
    return sql`(select k.last from logbook_counters k where k.company_id = ${companyId} and k.site_id = ${f.siteId})`;
  return sql`(select count(*)::int from logbook_entries x where x.company_id = ${companyId} and x.site_id = ${f.siteId}
    ${f.from ? sql`and x.occurred_at >= ${f.from}::timestamptz` : sql``} ${f.to ? sql`and x.occurred_at < ${f.to}::timestamptz` : sql``})`;
}

/** Whether the reader may read the site's register: the site is the company's, and an agent's. */
function readableSql(companyId: string, f: LogbookListFilter, reader: LogbookReader): SQL {
  const known = siteKnownSql(companyId, f.siteId);
  return reader.agentUserId === undefined
    ? known
    : sql`${known} and ${agentHasSiteSql(companyId, reader.agentUserId, f.siteId)}`;
}

/**
 * The list's statement (exported so that a test can check its plan): a page of the site's register,
 * newest first (limit + 1 entries below the cursor's number), each entry with its corrections, and
 * the total as an uncorrelated sub-select returned on every row. The reader's right to the site is
 * an uncorrelated condition too (a one-time filter, checked before any entry is read): no entry
 * comes back unless the site is the company's and, for an agent, one of their shifts' sites.
 */
export function listEntriesSql(companyId: string, f: LogbookListFilter, page: Page, reader: LogbookReader) {
  return sql`select ${entryColumns}, ${correctionsJson} as corrections, ${totalSql(companyId, f)} as total
    from logbook_entries e
   where e.company_id = ${companyId} and e.site_id = ${f.siteId}
     ${f.from ? sql`and e.occurred_at >= ${f.from}::timestamptz` : sql``}
     ${f.to ? sql`and e.occurred_at < ${f.to}::timestamptz` : sql``}
     ${page.before ? sql`and e.number < ${page.before[0]}` : sql``}
     and ${readableSql(companyId, f, reader)}
   order by e.number desc
   limit ${page.limit + 1}`;
}

export type ListOutcome =
  | { kind: 'page'; rows: ListedEntry[]; total: number }
  | { kind: 'site_not_found' }
  | { kind: 'not_your_site' };

/**
 * A page of the site's register and its total in one round trip. Only an empty page reads again, to
 * tell an unknown site, a site the agent may not read and an empty page (with its total, after a
 * cursor) apart.
 */
export async function listEntriesPage(
  db: Database,
  companyId: string,
  f: LogbookListFilter,
  page: Page,
  reader: LogbookReader,
): Promise<ListOutcome> {
  // A period is planned with its instants: walking the register by number or the period's entries
  // by date is the better plan depending on how long and how old the period is.
  const prepare = !f.from && !f.to;
  const rows = await db.readTenant<ListedEntry & { total: number | null }>(
    companyId,
    listEntriesSql(companyId, f, page, reader),
    { prepare },
  );
  if (rows.length > 0) {
    return {
      kind: 'page',
      rows: rows.map(({ total: _total, ...row }) => row),
      total: Number(rows[0]?.total ?? 0),
    };
  }
  const [access] = await db.readTenant<{ known: boolean; mine: boolean; total: number | null }>(
    companyId,
    sql`select ${siteKnownSql(companyId, f.siteId)} as known,
      ${reader.agentUserId === undefined ? sql`true` : agentHasSiteSql(companyId, reader.agentUserId, f.siteId)} as mine,
      ${totalSql(companyId, f)} as total`,
    { prepare },
  );
  if (!access?.known) return { kind: 'site_not_found' };
  if (!access.mine) return { kind: 'not_your_site' };
  // A page past the last entry still has its total; without a cursor an empty page has none.
  return { kind: 'page', rows: [], total: page.before ? Number(access.total ?? 0) : 0 };
}

/** The site's id and name (undefined for an unknown or foreign site). */
export async function findSite(tx: Tx, companyId: string, siteId: string) {
  const res = await tx.execute(
    sql`select st.id::text as id, st.name from ${siteNamesOf(companyId)} st where st.id = ${siteId}`,
  );
  return rowsOf<{ id: string; name: string }>(res)[0];
}

/** Whether the user, an agent, has a shift on the site (agentHasSiteSql). */
export async function agentHasSite(tx: Tx, companyId: string, userId: string, siteId: string) {
  const res = await tx.execute(sql`select ${agentHasSiteSql(companyId, userId, siteId)} as mine`);
  return rowsOf<{ mine: boolean }>(res)[0]?.mine === true;
}

export async function findEntry(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(logbookEntries)
    .where(and(eq(logbookEntries.companyId, companyId), eq(logbookEntries.id, id)));
  return row;
}

/** The corrections of the entries `ids`, oldest first. */
export async function correctionsOf(tx: Tx, companyId: string, ids: string[]) {
  return tx
    .select()
    .from(logbookEntries)
    .where(and(eq(logbookEntries.companyId, companyId), inArray(logbookEntries.correctsId, ids)))
    .orderBy(asc(logbookEntries.number));
}

/** The id of an entry of the company holding the photo (undefined when none does). */
export async function entryIdWithPhoto(tx: Tx, companyId: string, photoId: string) {
  const [row] = await tx
    .select({ id: logbookEntries.id })
    .from(logbookEntries)
    .where(
      and(
        eq(logbookEntries.companyId, companyId),
        sql`${logbookEntries.photoIds} @> ${JSON.stringify([photoId])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** The site's latest handover entry (« relève »), undefined when it has none. */
export async function lastHandover(tx: Tx, companyId: string, siteId: string) {
  const [row] = await tx
    .select()
    .from(logbookEntries)
    .where(
      and(
        eq(logbookEntries.companyId, companyId),
        eq(logbookEntries.siteId, siteId),
        eq(logbookEntries.category, 'relève'),
      ),
    )
    .orderBy(desc(logbookEntries.number))
    .limit(1);
  return row;
}
