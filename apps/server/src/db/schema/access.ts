// Access control: access points (doors, gates, barriers, turnstiles), the badges that open them,
// and the log of every check (personal data: kept 3 months by default, then purged).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
import { createdAt, searchText, updatedAt } from './columns';
import { agents } from './planning';
import { sites } from './sites-cameras';

export const accessPoints = pgTable(
  'access_points',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['porte', 'portail', 'barrière', 'tourniquet'] }).notNull(),
    status: text('status', { enum: ['Actif', 'Maintenance', 'Hors service'] })
      .notNull()
      .default('Actif'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    // When this point last raised an access_denied alarm: one alarm per burst of refusals.
    deniedAlarmAt: timestamp('denied_alarm_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
    index('access_points_company_site_idx').on(t.companyId, t.siteId),
    index('access_points_company_name_idx').on(t.companyId, t.name, t.id),
    check('access_points_kind_check', sql`${t.kind} in ('porte', 'portail', 'barrière', 'tourniquet')`),
    check('access_points_status_check', sql`${t.status} in ('Actif', 'Maintenance', 'Hors service')`),
  ],
);

export interface StoredTimeWindow {
  /** ISO days, 1 = Monday … 7 = Sunday. */
  days: number[];
  start: string;
  end: string;
}

export const badges = pgTable(
  'badges',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    type: text('type', { enum: ['qrcode', 'nfc'] }).notNull(),
    holderName: text('holder_name').notNull(),
    department: text('department'),
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status', { enum: ['Actif', 'Suspendu'] })
      .notNull()
      .default('Actif'),
    agentId: uuid('agent_id'),
    // An NFC card's UID as a reader sends it (upper-case hex). A UID alone can be cloned.
    nfcUid: text('nfc_uid'),
    // Part of the signed QR payload: "Régénérer" increments it, so older codes are refused.
    qrVersion: integer('qr_version').notNull().default(1),
    allowedPointIds: uuid('allowed_point_ids').array().notNull().default(sql`'{}'::uuid[]`),
    allowedSiteIds: uuid('allowed_site_ids').array().notNull().default(sql`'{}'::uuid[]`),
    timeWindows: jsonb('time_windows').$type<StoredTimeWindow[]>().notNull().default([]),
    searchText: searchText(sql`vigie_fold(holder_name || ' ' || number || ' ' || coalesce(department, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.agentId], foreignColumns: [agents.companyId, agents.id] }),
    uniqueIndex('badges_company_number_key').on(t.companyId, t.number),
    uniqueIndex('badges_company_nfc_uid_key').on(t.companyId, t.nfcUid).where(sql`nfc_uid is not null`),
    index('badges_company_holder_idx').on(t.companyId, t.holderName, t.id),
    check('badges_type_check', sql`${t.type} in ('qrcode', 'nfc')`),
    check('badges_status_check', sql`${t.status} in ('Actif', 'Suspendu')`),
  ],
);

// One line per check. Names are copied, not joined: a deleted badge or point keeps its history as it
// was. No foreign keys to badges or points for the same reason.
export const accessLogs = pgTable(
  'access_logs',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    pointId: uuid('point_id'),
    pointName: text('point_name').notNull(),
    siteId: uuid('site_id'),
    siteName: text('site_name').notNull(),
    badgeId: uuid('badge_id'),
    badgeNumber: text('badge_number'),
    personName: text('person_name').notNull(),
    department: text('department'),
    accessType: text('access_type', { enum: ['qrcode', 'nfc'] }).notNull(),
    status: text('status', { enum: ['Autorisé', 'Refusé'] }).notNull(),
    reason: text('reason'),
    searchText: searchText(
      sql`vigie_fold(person_name || ' ' || coalesce(badge_number, '') || ' ' || coalesce(department, ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('access_logs_company_at_idx').on(t.companyId, t.at, t.id),
    index('access_logs_company_status_at_idx').on(t.companyId, t.status, t.at, t.id),
    index('access_logs_company_site_at_idx').on(t.companyId, t.siteId, t.at, t.id),
    // Refusals of one site: without it a site with few refusals was read line by line (166 ms).
    index('access_logs_company_site_status_at_idx').on(t.companyId, t.siteId, t.status, t.at, t.id),
    index('access_logs_company_point_at_idx').on(t.companyId, t.pointId, t.at),
    check('access_logs_status_check', sql`${t.status} in ('Autorisé', 'Refusé')`),
    check('access_logs_type_check', sql`${t.accessType} in ('qrcode', 'nfc')`),
  ],
);

// Lines per UTC hour, site and decision, kept by triggers on access_logs (migration 0015): a list's
// total over a million lines adds up a few hundred counts instead of counting rows. A line without
// a site counts under the nil uuid.
export const accessLogCounts = pgTable(
  'access_log_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    siteId: uuid('site_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hour, t.siteId, t.status] })],
);

// Lines per site and decision since the start, kept by the same triggers (migration 0032): a total
// without a period adds up one row per site and decision instead of one per hour (a million lines
// over three months were 65,000 hourly rows to add at each read). Contended exactly as the hourly
// rows are: per site.
export const accessLogSiteTotals = pgTable(
  'access_log_site_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.siteId, t.status] })],
);
