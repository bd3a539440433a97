// Rapports de Sécurité (migration 0021): one row per report, its content as written on site, and once
// final its SHA-256 fingerprint (the public verification page looks it up across companies through
// an owner-run function, migration 0021). Report numbers come from a per-company, per-year counter.
//
// The site reference must survive the site (a final report is a record): it is written by hand in
// the migration as `ON DELETE SET NULL (site_id)`, which keeps company_id; the site's name is kept.
import { sql } from 'drizzle-orm';
import {
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
import { createdAt, updatedAt } from './columns';
import { files } from './shared';

export interface StoredIncident {
  type: 'intrusion' | 'vol' | 'vandalisme' | 'alarme' | 'incendie' | 'autre';
  description: string;
  measuresTaken: string | null;
}
export interface StoredIntervention {
  description: string;
  time: string | null;
  agentName: string | null;
  agentId: string | null;
}

export const securityReports = pgTable(
  'security_reports',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    siteId: uuid('site_id'),
    siteName: text('site_name').notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    geolocation: text('geolocation'),
    incidents: jsonb('incidents').$type<StoredIncident[]>().notNull().default([]),
    interventions: jsonb('interventions').$type<StoredIntervention[]>().notNull().default([]),
    repairs: text('repairs'),
    improvements: text('improvements'),
    observations: text('observations'),
    comments: text('comments'),
    responsibleName: text('responsible_name').notNull(),
    signatureFileId: uuid('signature_file_id'),
    status: text('status', { enum: ['draft', 'finalized', 'exported'] })
      .notNull()
      .default('draft'),
    fingerprint: text('fingerprint'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    finalizedBy: uuid('finalized_by'),
    lastExportFileId: uuid('last_export_file_id'),
    lastExportFormat: text('last_export_format', { enum: ['pdf', 'word', 'excel'] }),
    lastExportedAt: timestamp('last_exported_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    generatedByName: text('generated_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('security_reports_company_number_key').on(t.companyId, t.number),
    uniqueIndex('security_reports_fingerprint_key').on(t.fingerprint),
    index('security_reports_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('security_reports_company_site_idx').on(t.companyId, t.siteId),
    foreignKey({
      columns: [t.companyId, t.signatureFileId],
      foreignColumns: [files.companyId, files.id],
    }),
    foreignKey({
      columns: [t.companyId, t.lastExportFileId],
      foreignColumns: [files.companyId, files.id],
    }),
    check('security_reports_status_check', sql`${t.status} in ('draft', 'finalized', 'exported')`),
    check(
      'security_reports_last_export_format_check',
      sql`${t.lastExportFormat} in ('pdf', 'word', 'excel')`,
    ),
    check(
      'security_reports_final_check',
      sql`${t.status} = 'draft' or (${t.fingerprint} is not null and ${t.finalizedAt} is not null)`,
    ),
  ],
);

/** The last number given per company and year (RS-2026-0001, RS-2026-0002…). */
export const securityReportCounters = pgTable(
  'security_report_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);
