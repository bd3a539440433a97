// Alarm panels speaking SIA DC-09 (issue 32, migration 0043). Each company has its own line prefix
// (the frame's `L` field): the pair (prefix, account) finds a panel, so the same account number in
// two companies never mixes them. A panel's AES key is sealed at rest like the camera passwords.
// The signal journal keeps every frame received (raw, its French meaning, the answer, what it
// created) for the installer, 90 days by default (`companies.panel_signal_retention_days`).
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
import { createdAt, updatedAt } from './columns';
import { sites } from './sites-cameras';

/** One named zone of a panel: its number as programmed (1 to 9999) and what it guards. */
export interface PanelZone {
  number: number;
  name: string;
}

/** The company's line prefix: hexadecimal, upper case, never 0 (a panel's factory setting). */
export const panelLinePrefixes = pgTable(
  'panel_line_prefixes',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('panel_line_prefixes_prefix_key').on(t.prefix),
    check('panel_line_prefixes_prefix_check', sql`${t.prefix} ~ '^[1-9A-F][0-9A-F]{0,5}$'`),
  ],
);

export const panels = pgTable(
  'panels',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    /** As programmed in the panel, upper case: 3 to 16 hexadecimal characters. */
    account: text('account').notNull(),
    /** Sealed AES key (128, 192 or 256 bits), or null for a panel that does not encrypt. */
    aesKey: text('aes_key'),
    /** Minutes of silence after which the link is lost; null = not supervised. */
    supervisionMinutes: integer('supervision_minutes'),
    zones: jsonb('zones').$type<PanelZone[]>().notNull().default(sql`'[]'::jsonb`),
    /** Signals are acknowledged and journaled but raise nothing until then. */
    testUntil: timestamp('test_until', { withTimezone: true }),
    /** Accepted timestamp window, seconds late and early (DC-09 default 40 and 20). */
    windowLateSeconds: integer('window_late_seconds').notNull().default(40),
    windowEarlySeconds: integer('window_early_seconds').notNull().default(20),
    lastSignalAt: timestamp('last_signal_at', { withTimezone: true }),
    /** 'unknown' until the first signal, 'ok', or 'lost' once a supervised panel fell silent. */
    linkState: text('link_state', { enum: ['unknown', 'ok', 'lost'] })
      .notNull()
      .default('unknown'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'panels_site_fk',
      columns: [t.companyId, t.siteId],
      foreignColumns: [sites.companyId, sites.id],
    }).onDelete('cascade'),
    uniqueIndex('panels_company_account_key').on(t.companyId, t.account),
    index('panels_company_name_idx').on(t.companyId, t.name, t.id),
    index('panels_company_site_idx').on(t.companyId, t.siteId),
    // The supervision pass reads the supervised panels whose deadline is passed.
    index('panels_supervised_idx')
      .on(t.lastSignalAt)
      .where(sql`supervision_minutes is not null and link_state <> 'lost'`),
    check('panels_account_check', sql`${t.account} ~ '^[0-9A-F]{3,16}$'`),
    check(
      'panels_supervision_check',
      sql`${t.supervisionMinutes} is null or ${t.supervisionMinutes} between 1 and 10080`,
    ),
    check(
      'panels_window_check',
      sql`${t.windowLateSeconds} between 1 and 3600 and ${t.windowEarlySeconds} between 1 and 3600`,
    ),
  ],
);

/** Every frame a panel sent, what it meant and what the receiver answered and created. */
export const panelSignals = pgTable(
  'panel_signals',
  {
    companyId: uuid('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    panelId: uuid('panel_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    transport: text('transport', { enum: ['tcp', 'udp', 'surgard'] }).notNull(),
    /** The frame as received (decrypted content appended when it was encrypted), bounded. */
    raw: text('raw').notNull(),
    sequence: text('sequence'),
    /** Same account, sequence and content: a resend after a lost ACK (see the unique key). */
    contentHash: text('content_hash'),
    /** The French meaning of each event of the frame. */
    meaning: text('meaning').notNull(),
    answer: text('answer', { enum: ['ACK', 'NAK', 'DUH', 'none'] }).notNull(),
    outcome: text('outcome', {
      enum: ['alarm', 'restore', 'logbook', 'supervision', 'unknown', 'test', 'duplicate', 'refused'],
    }).notNull(),
    alarmId: uuid('alarm_id'),
    /** The event's zone (number), to find the alarm a restore restores. */
    zone: integer('zone'),
    /** The alarm type raised or restored. */
    alarmType: text('alarm_type'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'panel_signals_panel_fk',
      columns: [t.companyId, t.panelId],
      foreignColumns: [panels.companyId, panels.id],
    }).onDelete('cascade'),
    index('panel_signals_panel_received_idx').on(t.companyId, t.panelId, t.receivedAt.desc(), t.id.desc()),
    index('panel_signals_received_idx').on(t.companyId, t.receivedAt),
    // A resend (same sequence and content) within the panel's recent frames is found by key.
    index('panel_signals_resend_idx').on(t.companyId, t.panelId, t.sequence, t.contentHash),
  ],
);
