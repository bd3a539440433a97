// Search through the token tables (migration 0029, docs/decisions/0014): a search is split into words
// folded exactly as the database folds the rows (vigie_fold, then every run of [a-z0-9]), and each
// word must start one of the row's tokens. The word is a range on the token — `token >= 'port' and
// token < 'poru'` — which is leakproof, so it is an index condition for the app role under forced
// row-level security, where LIKE never is.
import { searchWords } from '@vigie/contract/search-words';
import { type SQL, sql } from 'drizzle-orm';

const TOKEN_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The least string above every token that starts with `word`, or null when there is none (a word of
 * z's only). Tokens hold [0-9a-z] only, so the next character is taken within them: the bound never
 * holds punctuation, which a linguistic collation would ignore.
 */
export function prefixEnd(word: string): string | null {
  const trimmed = word.replace(/z+$/, '');
  if (trimmed === '') return null;
  const last = trimmed[trimmed.length - 1] as string;
  return trimmed.slice(0, -1) + TOKEN_CHARS[TOKEN_CHARS.indexOf(last) + 1];
}

/** A token table: its name and the column naming the row it indexes. */
export interface TokenTable {
  table:
    | 'alarm_search_tokens'
    | 'camera_search_tokens'
    | 'site_search_tokens'
    | 'access_log_search_tokens'
    | 'audit_search_tokens';
  rowColumn: 'alarm_id' | 'camera_id' | 'site_id' | 'log_id' | 'entry_id';
}

/**
 * The condition "the row `rowId` has, for every word of the search, a token starting with it" (equal
 * to it for a one-character word). Each
 * word is one semi-join on the token table: the planner either walks the list's own index in order
 * and checks each row through (company_id, row, token) — a common word's first page — or starts from
 * the rarest word's tokens through (company_id, token, row) and sorts only those rows. A search with
 * no word (punctuation only) matches nothing.
 */
export function tokenMatch(tokens: TokenTable, companyId: string, rowId: SQL, search: string): SQL {
  const words = searchWords(search);
  if (words.length === 0) return sql`false`;
  return wordsMatch(tokens, companyId, rowId, words);
}

/** The token condition of one word on `alias`: a range for a prefix, equality for one character. */
function wordCondition(w: string, alias = 't'): SQL {
  const token = sql.raw(`${alias}.token`);
  // A one-character word is a whole word (« Zone 7 », « Bâtiment A »): as a prefix it would
  // match a good part of every company's tokens (all the numbers starting with 7).
  if (w.length === 1) return sql`${token} = ${w}`;
  const end = prefixEnd(w);
  return sql`${token} >= ${w}${end === null ? sql`` : sql` and ${token} < ${end}`}`;
}

function wordsMatch(tokens: TokenTable, companyId: string, rowId: SQL, words: string[], probe = false): SQL {
  if (words.length === 0) return sql`true`;
  const t = sql.raw(tokens.table);
  const row = sql.raw(`t.${tokens.rowColumn}`);
  // `offset 0` keeps the EXISTS a sub-plan run for each row (PostgreSQL neither turns it into a
  // join nor hashes it): one look-up in (company_id, row, token) per row the caller reads.
  const end = probe ? sql` offset 0` : sql``;
  return sql.join(
    words.map(
      (w) =>
        sql`exists (select 1 from ${t} t where t.company_id = ${companyId} and ${row} = ${rowId} and ${wordCondition(w)}${end})`,
    ),
    sql` and `,
  );
}

/**
 * tokenMatch as a probe: the row `rowId` is checked by one index look-up in (company_id, row, token)
 * per word, whatever the planner thinks of the words' frequency — for a list that walks its own
 * index in order and stops after its page, once the words are known to match many rows (a join would
 * read every match first: a common word's page then costs its number of matches).
 */
export function tokenProbe(tokens: TokenTable, companyId: string, rowId: SQL, search: string): SQL {
  const words = searchWords(search);
  if (words.length === 0) return sql`false`;
  return wordsMatch(tokens, companyId, rowId, words, true);
}

/**
 * The token rows of a search (alias `k`, column `id`), at most `limit`, not made distinct: the
 * tokens of the search's longest word, in the (company_id, token, row) index, each row probed for
 * the other words. A row appears once per token of the longest word it has (« port » in « Porte du
 * portail »: twice). Reading them stops at `limit` — unlike a distinct, which hashes every match
 * before the first comes out — so this tells a search matching few rows (fewer than `limit` token
 * rows: all of them are here) from one matching many, at the cost of `limit` index entries at most.
 * Null when the search has no word.
 */
export function tokenHits(tokens: TokenTable, companyId: string, search: string, limit: number) {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const first = words.reduce((a, b) => (b.length > a.length ? b : a));
  const k = sql.raw(tokens.table);
  const row = sql.raw(`k.${tokens.rowColumn}`);
  const others = words.filter((w) => w !== first);
  return sql`select ${row} as id from ${k} k
    where k.company_id = ${companyId} and ${wordCondition(first, 'k')}
      and ${wordsMatch(tokens, companyId, row, others, true)}
    limit ${limit}`;
}

/**
 * The rows a search matches, read from the token table (alias `k`): the distinct row ids (column
 * `id`), and `also` (columns of `k`, e.g. a sort key the table keeps), of the rows having a token of
 * the search's longest word — the likeliest rarest, walked in the (company_id, token, row) index —
 * and, for each other word, a token probed in the (company_id, row, token) index. For a list that
 * visits every match (its total) without reading the listed table. Null when the search has no
 * word (it matches nothing).
 */
export function tokenCandidates(tokens: TokenTable, companyId: string, search: string, also: SQL = sql``) {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const first = words.reduce((a, b) => (b.length > a.length ? b : a));
  const k = sql.raw(tokens.table);
  const row = sql.raw(`k.${tokens.rowColumn}`);
  const others = words.filter((w) => w !== first);
  // The other words probed per candidate (`offset 0`): planned as semi-joins, a one-character word
  // (equality on a token every entry of a journal full of « a » holds) made PGlite hash-join the
  // company's tokens again for each candidate — 3.6 s for « select true a » on 300 entries.
  return sql`select distinct ${row} as id${also} from ${k} k
    where k.company_id = ${companyId} and ${wordCondition(first, 'k')}
      and ${wordsMatch(tokens, companyId, row, others, true)}`;
}
