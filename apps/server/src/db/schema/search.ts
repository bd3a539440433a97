// Search tokens: the accent- and case-folded words of each searched row, one row per (word, row), kept
// by triggers on the searched tables (migration 0029, docs/decisions/0014). Under forced row-level
// security a condition serves as an index condition for the app role only when its operator is
// leakproof: LIKE and the trigram operators are not, text comparisons are. A search word is found by
// a prefix range on `token` (the (company_id, token, …) key), and a row is checked for a word by
// the (company_id, row, token) index.
import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

// No foreign key to companies: a token is derived data, deleted by its row's delete trigger (a
// company's deletion cascades to its rows, whose triggers then delete their tokens), and the key's
// check on every token row was a third of an alarm's creation in the database (migration 0042,
// docs/decisions/0026).
const companyId = () => uuid('company_id').notNull();

/** Title, description, location, site name and camera name of each alarm. */
export const alarmSearchTokens = pgTable(
  'alarm_search_tokens',
  { companyId: companyId(), token: text('token').notNull(), alarmId: uuid('alarm_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token, t.alarmId] }),
    index('alarm_search_tokens_row_idx').on(t.companyId, t.alarmId, t.token),
  ],
);

/** Name and location of each camera. */
export const cameraSearchTokens = pgTable(
  'camera_search_tokens',
  {
    companyId: companyId(),
    token: text('token').notNull(),
    cameraId: uuid('camera_id').notNull(),
    // The camera's name, the search's sort key, kept by the token triggers (migration 0033): a
    // search's matches are then read in full from the token index alone (INCLUDE (name) on the key).
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token, t.cameraId] }),
    index('camera_search_tokens_row_idx').on(t.companyId, t.cameraId, t.token),
  ],
);

/** Name and address of each site. */
export const siteSearchTokens = pgTable(
  'site_search_tokens',
  { companyId: companyId(), token: text('token').notNull(), siteId: uuid('site_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token, t.siteId] }),
    index('site_search_tokens_row_idx').on(t.companyId, t.siteId, t.token),
  ],
);

/** Person, badge number and department of each access log line. */
export const accessLogSearchTokens = pgTable(
  'access_log_search_tokens',
  {
    companyId: companyId(),
    token: text('token').notNull(),
    logId: bigint('log_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token, t.logId] }),
    index('access_log_search_tokens_row_idx').on(t.companyId, t.logId, t.token),
  ],
);

/** Action, object, object id, details and the acting user's name of each audit entry. */
export const auditSearchTokens = pgTable(
  'audit_search_tokens',
  {
    companyId: companyId(),
    token: text('token').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token, t.entryId] }),
    index('audit_search_tokens_row_idx').on(t.companyId, t.entryId, t.token),
  ],
);
