// The alarm's file of checks (levée de doute, issue 34): an append-only register per alarm, numbered
// and chained like the main courante (lib/hash-chain.ts). `number` comes from the per-alarm counter
// row, updated in the insert's statement (no gap, no duplicate, the chain's order); `hash` is the
// SHA-256 of the entry's canonical form and `prev_hash`. `data` is kept as the exact JSON text the
// hash sealed (jsonb would reorder its keys). A trigger (in the migration) refuses UPDATE and DELETE
// to the application's role.
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { alarms } from './alarms-events';
import { createdAt } from './columns';

export const alarmFileEntries = pgTable(
  'alarm_file_entries',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    alarmId: uuid('alarm_id').notNull(),
    number: integer('number').notNull(),
    kind: text('kind').notNull(),
    /** The entry's content as JSON text, exactly as sealed. */
    data: text('data').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    /** An amendment: the entry it corrects. */
    amendsId: uuid('amends_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'alarm_file_entries_alarm_fk',
      columns: [t.companyId, t.alarmId],
      foreignColumns: [alarms.companyId, alarms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'alarm_file_entries_amends_fk',
      columns: [t.companyId, t.amendsId],
      foreignColumns: [t.companyId, t.id],
    }),
    uniqueIndex('alarm_file_entries_alarm_number_key').on(t.companyId, t.alarmId, t.number),
    index('alarm_file_entries_alarm_kind_idx').on(t.companyId, t.alarmId, t.kind),
    // A printed fingerprint (the last entry's hash) is looked up by its value.
    index('alarm_file_entries_hash_idx').on(t.hash),
    // One drawn signature per file: the database holds the rule even if two operators sign at once.
    uniqueIndex('alarm_file_entries_one_signature_key')
      .on(t.companyId, t.alarmId)
      .where(sql`${t.kind} = 'signature'`),
    check(
      'alarm_file_entries_kind_check',
      sql`${t.kind} in ('shown', 'taken', 'video_viewed', 'checklist_step', 'call', 'decision', 'authorities', 'note', 'amendment', 'intervention', 'closed', 'signature')`,
    ),
  ],
);

export const alarmFileCounters = pgTable(
  'alarm_file_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    alarmId: uuid('alarm_id').notNull(),
    last: integer('last').notNull(),
    /** The hash before `lastHash`: the new entry's prev_hash, answered by the statement that numbers it. */
    prevHash: text('prev_hash'),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.alarmId] }),
    foreignKey({
      name: 'alarm_file_counters_alarm_fk',
      columns: [t.companyId, t.alarmId],
      foreignColumns: [alarms.companyId, alarms.id],
    }).onDelete('cascade'),
  ],
);
