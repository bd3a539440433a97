// The one list of the places where SQL text is built from something other than a literal of the
// statement itself (docs/decisions/0021: values never become SQL text). Each entry says why its
// text cannot come from a request: it is a constant of ours, a column or table name chosen by our
// code, or an alias the code passes. sql-raw.test.ts scans apps/server/src (tests aside) and fails
// on any occurrence beyond this list, and on an entry that no longer matches the code (keep it
// exact: remove an entry with its last occurrence).
//
// A value from a request is never one of these: it travels as a bind parameter (`${value}` inside
// drizzle's sql`…`, or a step's values in db/pipeline.ts). Writing a quoted literal into the text
// (`sql.raw(literal(…))`) is what issue 29's audit injection was; the test refuses it everywhere.

export type SqlTextKind =
  /** drizzle's `sql.raw(text)`: the text goes into the statement as it is. */
  | 'sql.raw'
  /** drizzle's `sql.identifier(name)`: a quoted name, still text of the statement. */
  | 'sql.identifier'
  /** A template literal with `${…}` handed straight to a driver (`.query(`, `.exec(`, …). */
  | 'template to driver';

export interface SqlTextPlace {
  /** Path under apps/server/src. */
  file: string;
  kind: SqlTextKind;
  /** How many occurrences of `kind` the file holds. */
  count: number;
  /** Why the text is ours and never a request's. */
  why: string;
}

export const sqlTextPlaces: SqlTextPlace[] = [
  {
    file: 'db/client.ts',
    kind: 'template to driver',
    count: 1,
    why: 'SET ROLE with APP_ROLE (the constant vigie_app) on the embedded engine.',
  },
  {
    file: 'db/notifications.ts',
    kind: 'template to driver',
    count: 3,
    why:
      'LISTEN/UNLISTEN of a notification channel, quoted: channels are constants of our modules ' +
      '(EVENTS_CHANNEL, JOBS_CHANNEL, LOG_LEVEL_CHANNEL, the change feed and live-sessions channels), never a request value.',
  },
  {
    file: 'db/search-tokens.ts',
    kind: 'sql.raw',
    count: 7,
    why:
      "The token table's name and row column (TokenTable, a constant of each calling module: " +
      "'audit_search_tokens'/'entry_id'…) and the alias of the token table ('t', 'k') chosen in " +
      'this file. The searched words are bind parameters.',
  },
  {
    file: 'modules/alarms/alarms.repository.ts',
    kind: 'sql.raw',
    count: 5,
    why:
      "The alarm's column list and timeline sub-select written for a table alias that the " +
      "repositories (alarms, alarm-list) pass as a constant ('a'). No value in them.",
  },
  {
    file: 'modules/logbook/logbook.repository.ts',
    kind: 'sql.raw',
    count: 2,
    why: 'Constant column lists of the main courante (entryColumns, correctionsJson): no interpolation.',
  },
  {
    file: 'modules/planning/shifts.repository.ts',
    kind: 'sql.raw',
    count: 3,
    why:
      "A week's bounds and the site/agent filters written for a table alias passed by the " +
      'repository itself (constant aliases); the site, agent and dates are bind parameters.',
  },
  {
    file: 'modules/sites/sites.repository.ts',
    kind: 'sql.raw',
    count: 3,
    why: "A kept count's column name, typed 'cameras' | 'open_alarms' and chosen by the repository.",
  },
];
