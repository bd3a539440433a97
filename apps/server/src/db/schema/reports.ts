// Rapports et analyses (migration 0020): generated reports. A report is a request (type, format,
// period, site) and, once the queue's worker has built it, a file in `files`. Statuses are the
// list's French words. References that outlive their target (the site, the file, the requester)
// are written by hand in the migration as `ON DELETE SET NULL (column)`, which keeps company_id.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt } from './columns';

/** The specification's six types, and the main courante (migration 0026). */
const reportTypes = [
  'security',
  'incidents',
  'attendance',
  'access',
  'cameras',
  'alarms',
  'logbook',
] as const;

/** The profile's languages (contract enums), which a document is written in. */
const reportLanguages = ['fr', 'en', 'es'] as const;

export const reports = pgTable(
  'reports',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type', { enum: reportTypes }).notNull(),
    format: text('format', { enum: ['pdf', 'excel'] }).notNull(),
    title: text('title').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    siteId: uuid('site_id'),
    /** Kept when the site is deleted: the report still says what it covered. */
    siteName: text('site_name'),
    includeGraphs: boolean('include_graphs').notNull().default(true),
    status: text('status', { enum: ['En attente', 'En cours', 'Prêt', 'Échec'] })
      .notNull()
      .default('En attente'),
    failureReason: text('failure_reason'),
    fileId: uuid('file_id'),
    /** The schedule that asked for it: its recipients receive the file by e-mail. */
    scheduleId: uuid('schedule_id'),
    size: integer('size'),
    requestedByUserId: uuid('requested_by_user_id'),
    requestedByName: text('requested_by_name').notNull(),
    /** The requester's timezone: the document's dates are written in it. */
    timezone: text('timezone').notNull(),
    /** The document's language (migration report_language): the requester's, or the schedule's. */
    language: text('language', { enum: reportLanguages }).notNull().default('fr'),
    createdAt: createdAt(),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('reports_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('reports_created_idx').on(t.createdAt),
    check(
      'reports_type_check',
      sql`${t.type} in ('security', 'incidents', 'attendance', 'access', 'cameras', 'alarms', 'logbook')`,
    ),
    check('reports_format_check', sql`${t.format} in ('pdf', 'excel')`),
    check('reports_status_check', sql`${t.status} in ('En attente', 'En cours', 'Prêt', 'Échec')`),
    check('reports_period_check', sql`${t.endDate} >= ${t.startDate}`),
    check('reports_language_check', sql`${t.language} in ('fr', 'en', 'es')`),
  ],
);

// Reports asked every week or month, e-mailed to chosen recipients (a site's client contact): the
// periodic runner turns a due schedule into a report of the last full week or month.
export const reportSchedules = pgTable(
  'report_schedules',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type', { enum: reportTypes }).notNull(),
    format: text('format', { enum: ['pdf', 'excel'] }).notNull(),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    siteId: uuid('site_id'),
    siteName: text('site_name'),
    includeGraphs: boolean('include_graphs').notNull().default(true),
    recipients: text('recipients').array().notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id'),
    createdByName: text('created_by_name').notNull(),
    timezone: text('timezone').notNull(),
    /** The reports' language, chosen per schedule (French unless said): not its creator's. */
    language: text('language', { enum: reportLanguages }).notNull().default('fr'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('report_schedules_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('report_schedules_next_run_idx').on(t.nextRunAt),
    check(
      'report_schedules_type_check',
      sql`${t.type} in ('security', 'incidents', 'attendance', 'access', 'cameras', 'alarms', 'logbook')`,
    ),
    check('report_schedules_format_check', sql`${t.format} in ('pdf', 'excel')`),
    check('report_schedules_frequency_check', sql`${t.frequency} in ('weekly', 'monthly')`),
    check('report_schedules_language_check', sql`${t.language} in ('fr', 'en', 'es')`),
  ],
);
