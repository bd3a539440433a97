// Alarms and their timeline, integration keys, real-time events and job leases.
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
import { createdAt, searchText, updatedAt } from './columns';
import { sites } from './sites-cameras';

export const alarms = pgTable(
  'alarms',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    cameraId: uuid('camera_id'),
    type: text('type', {
      enum: ['intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical'],
    }).notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    status: text('status', { enum: ['active', 'acknowledged', 'resolved'] })
      .notNull()
      .default('active'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    triggeredBy: text('triggered_by'),
    source: text('source', { enum: ['user', 'device', 'system'] }).notNull(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    // Names are copied: the timeline must survive a user's deletion.
    acknowledgedBy: text('acknowledged_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    searchText: searchText(sql`vigie_fold(title || ' ' || description || ' ' || location)`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // No cascade: an alarm is a record a security company must keep; a site with alarms is set
    // Inactif rather than deleted.
    foreignKey({ columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
    // The list's keyset order, with and without a status filter (the screen's default views).
    index('alarms_company_status_triggered_idx').on(t.companyId, t.status, t.triggeredAt.desc(), t.id.desc()),
    index('alarms_company_triggered_idx').on(t.companyId, t.triggeredAt.desc(), t.id.desc()),
    index('alarms_company_site_triggered_idx').on(t.companyId, t.siteId, t.triggeredAt.desc()),
    // The type filter's page and capped total: a seek, not a walk of the company's alarms
    // filtering a rare type (src/test/search-plans.test.ts).
    index('alarms_company_type_triggered_idx').on(t.companyId, t.type, t.triggeredAt.desc(), t.id.desc()),
    // Open alarms per site (site cards and lists): the few open ones, not a site's whole history
    // (25,000 alarms a site in the 500,000-alarm bench: counting them blocked PGlite for seconds).
    index('alarms_company_site_open_idx').on(t.companyId, t.siteId).where(sql`status <> 'resolved'`),
    // The escalation scan reads only the few open, serious, not yet escalated alarms.
    index('alarms_escalation_due_idx')
      .on(t.triggeredAt)
      .where(sql`status = 'active' and escalated_at is null and severity in ('high', 'critical')`),
    // One open camera_offline alarm per camera and outage.
    uniqueIndex('alarms_open_camera_offline_key')
      .on(t.companyId, t.cameraId)
      .where(sql`type = 'camera_offline' and status <> 'resolved'`),
    check(
      'alarms_type_check',
      sql`${t.type} in ('intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical', 'agent_absent', 'shift_overrun')`,
    ),
    check('alarms_severity_check', sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
    check('alarms_status_check', sql`${t.status} in ('active', 'acknowledged', 'resolved')`),
    check('alarms_source_check', sql`${t.source} in ('user', 'device', 'system')`),
  ],
);

// Alarms per quarter of an hour and severity, kept by triggers on alarms (migration 0011): the
// dashboard's "today" and 7-day chart read at most 2,688 of these rows instead of the week's alarms
// (120,000 in the 500,000-alarm bench). A quarter of an hour, because every local midnight in use
// (Paris, Marquesas -09:30, Kathmandu +05:45) falls on one.
export const alarmCounts = pgTable(
  'alarm_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.bucket, t.severity] })],
);

// Alarms per status and severity, kept by triggers on alarms (migration 0011): the lists' totals by
// status (the bell, the counters) and the dashboard's active critical alarms without counting rows.
export const alarmStatusCounts = pgTable(
  'alarm_status_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'acknowledged', 'resolved'] }).notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status, t.severity] })],
);

// An alarm's timeline: created, acknowledged, commented, escalated, resolved.
export const alarmEvents = pgTable(
  'alarm_events',
  {
    companyId: uuid('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    alarmId: uuid('alarm_id').notNull(),
    kind: text('kind', {
      enum: ['created', 'acknowledged', 'commented', 'escalated', 'resolved'],
    }).notNull(),
    authorUserId: uuid('author_user_id'),
    authorName: text('author_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.alarmId], foreignColumns: [alarms.companyId, alarms.id] }).onDelete(
      'cascade',
    ),
    index('alarm_events_company_alarm_idx').on(t.companyId, t.alarmId, t.id),
    check(
      'alarm_events_kind_check',
      sql`${t.kind} in ('created', 'acknowledged', 'commented', 'escalated', 'resolved')`,
    ),
  ],
);

// Keys alarm panels use instead of a session; only a SHA-256 of the key is stored.
export const integrationKeys = pgTable(
  'integration_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    // What the key may do: post alarms (a panel), check badges at one access point (a reader), or
    // report for the company's radios (a 4G push-to-talk gateway or handset).
    scope: text('scope', { enum: ['alarms', 'access_point', 'radio'] })
      .notNull()
      .default('alarms'),
    accessPointId: uuid('access_point_id'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('integration_keys_hash_key').on(t.keyHash),
    index('integration_keys_company_created_idx').on(t.companyId, t.createdAt),
    index('integration_keys_company_point_idx').on(t.companyId, t.accessPointId),
    check('integration_keys_scope_check', sql`${t.scope} in ('alarms', 'access_point', 'radio')`),
  ],
);

// Alarm panels' heartbeats: a ring of 288 five-minute slots per panel (a panel is an alarm key). A
// heartbeat writes its slot only when the slot still holds an older bucket (once per panel and five
// minutes, whatever the rate), and a slot is overwritten a day later: at most 288 rows a panel, no
// purge, and the 24-hour availability is a count of slots less than a day old.
export const alarmPanelHeartbeats = pgTable(
  'alarm_panel_heartbeats',
  {
    companyId: uuid('company_id').notNull(),
    keyId: uuid('key_id').notNull(),
    /** Five-minute slot of the UTC day, 0 to 287. */
    slot: integer('slot').notNull(),
    /** Start of the five minutes the slot last heard the panel in. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.keyId, t.slot] }),
    foreignKey({
      name: 'alarm_panel_heartbeats_key_fk',
      columns: [t.companyId, t.keyId],
      foreignColumns: [integrationKeys.companyId, integrationKeys.id],
    }).onDelete('cascade'),
    check('alarm_panel_heartbeats_slot_check', sql`${t.slot} between 0 and 287`),
  ],
);

// Real-time events: the truth behind the SSE streams (NOTIFY only wakes the instances up). The id is
// global and monotonic, so a client resumes with `id > Last-Event-ID`. Kept 24 hours.
export const events = pgTable(
  'events',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('events_created_idx').on(t.createdAt)],
);

// Public table (no tenant): which server instance runs a periodic job, so that with several
// instances on one PostgreSQL a job such as the camera probe round runs once, not once per instance.
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
