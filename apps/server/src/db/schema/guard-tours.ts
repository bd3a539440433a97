// Guard tours (rondes) (migration 0023): a tour of a site is an ordered list of checkpoints (a signed
// QR label or an NFC tag); a round is one walk of a tour by an agent, its checkpoint order drawn at
// start for a random tour; each scan is stamped with its time and position.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { files } from './shared';
import { sites } from './sites-cameras';

/** A tour's schedule: a round every `everyMinutes` between `start` and `end` (local, HH:MM). */
export interface StoredTourSchedule {
  everyMinutes: number;
  start: string;
  end: string;
  /** ISO weekdays (1 = Monday) on which a window starts. */
  days: number[];
}

export const tours = pgTable(
  'tours',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    expectedMinutes: integer('expected_minutes').notNull(),
    orderMode: text('order_mode', { enum: ['fixed', 'random'] })
      .notNull()
      .default('fixed'),
    schedule: jsonb('schedule').$type<StoredTourSchedule>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }).onDelete(
      'cascade',
    ),
    index('tours_company_site_idx').on(t.companyId, t.siteId),
    check('tours_order_mode_check', sql`${t.orderMode} in ('fixed', 'random')`),
    check('tours_expected_minutes_check', sql`${t.expectedMinutes} between 1 and 1440`),
  ],
);

export const tourCheckpoints = pgTable(
  'tour_checkpoints',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    tourId: uuid('tour_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    instructions: text('instructions'),
    kind: text('kind', { enum: ['qr', 'nfc'] }).notNull(),
    nfcUid: text('nfc_uid'),
    labelVersion: integer('label_version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.tourId], foreignColumns: [tours.companyId, tours.id] }).onDelete(
      'cascade',
    ),
    index('tour_checkpoints_company_tour_idx').on(t.companyId, t.tourId, t.position),
    uniqueIndex('tour_checkpoints_company_nfc_key').on(t.companyId, t.nfcUid).where(sql`nfc_uid is not null`),
    check('tour_checkpoints_kind_check', sql`${t.kind} in ('qr', 'nfc')`),
    check('tour_checkpoints_nfc_check', sql`(${t.kind} = 'nfc') = (${t.nfcUid} is not null)`),
  ],
);

export const tourRounds = pgTable(
  'tour_rounds',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    tourId: uuid('tour_id').notNull(),
    siteId: uuid('site_id').notNull(),
    agentId: uuid('agent_id'),
    agentName: text('agent_name'),
    status: text('status', { enum: ['planned', 'in_progress', 'done', 'missed'] })
      .notNull()
      .default('planned'),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    checkpointOrder: jsonb('checkpoint_order').$type<string[]>().notNull().default([]),
    lateAlertedAt: timestamp('late_alerted_at', { withTimezone: true }),
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
    missedAlertedAt: timestamp('missed_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.tourId], foreignColumns: [tours.companyId, tours.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('tour_rounds_company_tour_slot_key').on(t.companyId, t.tourId, t.plannedAt),
    index('tour_rounds_company_site_planned_idx').on(t.companyId, t.siteId, t.plannedAt),
    index('tour_rounds_open_idx').on(t.plannedAt).where(sql`status in ('planned', 'in_progress')`),
    check('tour_rounds_status_check', sql`${t.status} in ('planned', 'in_progress', 'done', 'missed')`),
  ],
);

export const tourScans = pgTable(
  'tour_scans',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    roundId: uuid('round_id').notNull(),
    checkpointId: uuid('checkpoint_id').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    note: text('note'),
    photoFileId: uuid('photo_file_id'),
    anomaly: boolean('anomaly').notNull().default(false),
    createdBy: uuid('created_by'),
    /** The phone's own id of the scan (offline replay, migration 0025): a resend finds this row. */
    clientRef: uuid('client_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.roundId],
      foreignColumns: [tourRounds.companyId, tourRounds.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.checkpointId],
      foreignColumns: [tourCheckpoints.companyId, tourCheckpoints.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.photoFileId], foreignColumns: [files.companyId, files.id] }),
    uniqueIndex('tour_scans_company_round_checkpoint_key').on(t.companyId, t.roundId, t.checkpointId),
    uniqueIndex('tour_scans_client_ref_key')
      .on(t.companyId, t.clientRef)
      .where(sql`${t.clientRef} is not null`),
  ],
);
