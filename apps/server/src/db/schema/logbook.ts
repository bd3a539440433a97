// Main courante électronique (migration 0022): an append-only register per site. `number` comes
// from the per-site counter row (updated in the insert's transaction: no gap, no duplicate, and the
// order of the hash chain); `hash` is the SHA-256 of the entry's canonical form and `prev_hash`.
// A trigger (in the migration) refuses UPDATE and DELETE to the application's role.
//
// The site is kept by id and name without a foreign key: a register outlives its site.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt } from './columns';

export const logbookCategories = [
  'ronde',
  'incident',
  'passage',
  'consigne',
  'relève',
  'appel',
  'intervention',
  'autre',
] as const;

export const logbookEntries = pgTable(
  'logbook_entries',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    siteId: uuid('site_id').notNull(),
    siteName: text('site_name').notNull(),
    number: integer('number').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    category: text('category', { enum: logbookCategories }).notNull(),
    text: text('text').notNull(),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    authorUserId: uuid('author_user_id'),
    authorName: text('author_name').notNull(),
    shiftId: uuid('shift_id'),
    correctsId: uuid('corrects_id'),
    source: text('source', { enum: ['user', 'system'] }).notNull(),
    sourceEventId: bigint('source_event_id', { mode: 'number' }),
    /** The phone's own id of the write (offline replay, migration 0025): a resend finds this row. */
    clientRef: uuid('client_ref'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'logbook_entries_company_id_corrects_id_fk',
      columns: [t.companyId, t.correctsId],
      foreignColumns: [t.companyId, t.id],
    }),
    uniqueIndex('logbook_entries_site_number_key').on(t.companyId, t.siteId, t.number),
    uniqueIndex('logbook_entries_source_event_key')
      .on(t.companyId, t.sourceEventId)
      .where(sql`${t.sourceEventId} is not null`),
    uniqueIndex('logbook_entries_client_ref_key')
      .on(t.companyId, t.clientRef)
      .where(sql`${t.clientRef} is not null`),
    index('logbook_entries_corrects_idx')
      .on(t.companyId, t.correctsId)
      .where(sql`${t.correctsId} is not null`),
    index('logbook_entries_site_category_idx').on(t.companyId, t.siteId, t.category, t.number),
    // A period of a site (the list's from/to, the reports): a day of a 100,000-entry register is read
    // by its own rows instead of walking the numbers back from the newest (migration 0026).
    index('logbook_entries_site_occurred_idx').on(t.companyId, t.siteId, t.occurredAt),
    check(
      'logbook_entries_category_check',
      sql`${t.category} in ('ronde', 'incident', 'passage', 'consigne', 'relève', 'appel', 'intervention', 'autre')`,
    ),
    check('logbook_entries_source_check', sql`${t.source} in ('user', 'system')`),
  ],
);

export const logbookCounters = pgTable(
  'logbook_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    last: integer('last').notNull(),
    /** The hash before `lastHash`: the new entry's prev_hash, answered by the statement that numbers it. */
    prevHash: text('prev_hash'),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.siteId] })],
);

// Public table (no tenant): how far the system-entry copier has read the events table.
export const logbookCopierState = pgTable('logbook_copier_state', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
});
