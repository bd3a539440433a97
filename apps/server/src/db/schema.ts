// The database schema. Tenant tables carry `company_id` in their primary key and in every foreign
// key between tenant tables, so a row can only point at rows of its own company. Row-level
// security (migration 0001) filters every tenant table on the transaction's company.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const companyReferenceSeq = pgSequence('company_reference_seq');

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Human-readable company number shown in the dashboard footer (VG-000001).
    reference: text('reference')
      .notNull()
      .default(sql`'VG-' || lpad(nextval('company_reference_seq')::text, 6, '0')`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    subscription: text('subscription', { enum: ['basic', 'pro', 'enterprise'] })
      .notNull()
      .default('basic'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_reference_key').on(t.reference),
    check('companies_subscription_check', sql`${t.subscription} in ('basic', 'pro', 'enterprise')`),
  ],
);

export const users = pgTable(
  'users',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    // Unique across the platform: an e-mail address identifies one person at login.
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'operator', 'agent'] }).notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    city: text('city'),
    timezone: text('timezone').notNull().default('Europe/Paris'),
    language: text('language').notNull().default('fr'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_name_idx').on(t.companyId, t.name),
    check('users_role_check', sql`${t.role} in ('admin', 'operator', 'agent')`),
    // At most one owner per company.
    uniqueIndex('users_one_owner_key').on(t.companyId).where(sql`${t.isOwner}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    // SHA-256 of the bearer token: the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_company_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    // Null for actions without a signed-in user (registration, a device key).
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

// Public table (no tenant): requests sent from the landing page.
export const demoRequests = pgTable('demo_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  company: text('company').notNull(),
  siteCount: text('site_count').notNull(),
  message: text('message'),
  ip: text('ip'),
  createdAt: createdAt(),
});

// Accent- and case-free text for server-side search (vigie_fold, migration 0002), kept by the
// database itself so no write path can forget it.
const searchText = (expr: ReturnType<typeof sql>) => text('search_text').notNull().generatedAlwaysAs(expr);

export const sites = pgTable(
  'sites',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    type: text('type', { enum: ['commercial', 'industriel', 'residentiel', 'public'] })
      .notNull()
      .default('commercial'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    searchText: searchText(sql`vigie_fold(name || ' ' || address)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // Serves the list's keyset order (name, id) and stops after `limit` matches.
    index('sites_company_name_idx').on(t.companyId, t.name, t.id),
    // Dashboard: most recently updated active sites, new sites this month.
    index('sites_company_status_updated_idx').on(t.companyId, t.status, t.updatedAt),
    index('sites_company_created_idx').on(t.companyId, t.createdAt),
    check('sites_type_check', sql`${t.type} in ('commercial', 'industriel', 'residentiel', 'public')`),
    check('sites_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('sites_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('sites_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export const cameras = pgTable(
  'cameras',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    type: text('type', { enum: ['fixed', 'ptz'] })
      .notNull()
      .default('fixed'),
    resolution: text('resolution', { enum: ['720p', '1080p', '4K'] })
      .notNull()
      .default('1080p'),
    ipAddress: text('ip_address'),
    rtspUrl: text('rtsp_url'),
    snapshotUrl: text('snapshot_url'),
    // Stored for the server-side snapshot fetch; never sent to a browser.
    streamUsername: text('stream_username'),
    streamPassword: text('stream_password'),
    nightVision: boolean('night_vision').notNull().default(false),
    motionDetection: boolean('motion_detection').notNull().default(false),
    recording: boolean('recording').notNull().default(false),
    status: text('status', { enum: ['En ligne', 'Hors ligne'] })
      .notNull()
      .default('Hors ligne'),
    // Last successful probe.
    lastPing: timestamp('last_ping', { withTimezone: true }),
    // Where the health monitor connects, derived from rtspUrl or ipAddress at write time.
    probeHost: text('probe_host'),
    probePort: integer('probe_port'),
    searchText: searchText(sql`vigie_fold(name || ' ' || location)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // NO ACTION (checked at statement end) rather than RESTRICT: deleting a company cascades to its
    // sites and cameras in one statement; deleting a site that still has cameras fails.
    foreignKey({ columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
    index('cameras_company_name_idx').on(t.companyId, t.name, t.id),
    index('cameras_company_site_name_idx').on(t.companyId, t.siteId, t.name, t.id),
    index('cameras_company_status_idx').on(t.companyId, t.status),
    check('cameras_type_check', sql`${t.type} in ('fixed', 'ptz')`),
    check('cameras_resolution_check', sql`${t.resolution} in ('720p', '1080p', '4K')`),
    check('cameras_status_check', sql`${t.status} in ('En ligne', 'Hors ligne')`),
  ],
);

// Probe history, one row per camera and hour: a raw row per probe would be 57 million rows a day
// for 20,000 cameras probed every 30 s.
export const cameraProbes = pgTable(
  'camera_probes',
  {
    companyId: uuid('company_id').notNull(),
    cameraId: uuid('camera_id').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    probes: integer('probes').notNull(),
    okProbes: integer('ok_probes').notNull(),
    latencyMsSum: bigint('latency_ms_sum', { mode: 'number' }).notNull(),
    lastProbedAt: timestamp('last_probed_at', { withTimezone: true }).notNull(),
    lastOk: boolean('last_ok').notNull(),
    lastLatencyMs: integer('last_latency_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.cameraId, t.bucket] }),
    foreignKey({
      columns: [t.companyId, t.cameraId],
      foreignColumns: [cameras.companyId, cameras.id],
    }).onDelete('cascade'),
    index('camera_probes_company_bucket_idx').on(t.companyId, t.bucket),
  ],
);

// The same history summed per company and hour: the dashboard's 24-hour availability reads 24 rows.
export const cameraProbeTotals = pgTable(
  'camera_probe_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    probes: integer('probes').notNull(),
    okProbes: integer('ok_probes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.bucket] })],
);

// Status transitions found by the health monitor (the alarms module will raise camera_offline on them).
export const cameraEvents = pgTable(
  'camera_events',
  {
    companyId: uuid('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    cameraId: uuid('camera_id').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.cameraId],
      foreignColumns: [cameras.companyId, cameras.id],
    }).onDelete('cascade'),
    index('camera_events_company_camera_idx').on(t.companyId, t.cameraId, t.occurredAt),
  ],
);

// Alarms: raised by a user, a device (integration key) or Vigie itself (camera monitor). A site's
// alarms go with it when it is deleted (the audit log keeps the trace). The camera is a loose
// reference: a camera's deletion must not erase the alarms it raised.
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
      sql`${t.type} in ('intrusion', 'fire', 'access_denied', 'camera_offline', 'panic', 'technical')`,
    ),
    check('alarms_severity_check', sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
    check('alarms_status_check', sql`${t.status} in ('active', 'acknowledged', 'resolved')`),
    check('alarms_source_check', sql`${t.source} in ('user', 'device', 'system')`),
  ],
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
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('integration_keys_hash_key').on(t.keyHash),
    index('integration_keys_company_created_idx').on(t.companyId, t.createdAt),
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
