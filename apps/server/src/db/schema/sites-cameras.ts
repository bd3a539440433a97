// Sites and cameras, with the camera monitor's probe history.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt, searchText, updatedAt } from './columns';

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
    // Clock-in is accepted within this radius of the site (plus the position's accuracy, bounded).
    geofenceRadiusM: integer('geofence_radius_m').notNull().default(200),
    // Qualifications an agent must hold to be planned here (e.g. SSIAP1 for a fire-safety post).
    requiredQualifications: text('required_qualifications').array().notNull().default(sql`'{}'::text[]`),
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
    check('sites_geofence_check', sql`${t.geofenceRadiusM} between 20 and 5000`),
  ],
);

// Cameras and open (not resolved) alarms per site, kept by triggers on cameras and alarms (migration
// 0028): the site list reads one row per listed site instead of counting each site's cameras and open
// alarms at every read (issue 18). A site with neither has no row (read as 0).
export const siteCounts = pgTable(
  'site_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    cameras: integer('cameras').notNull().default(0),
    openAlarms: integer('open_alarms').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.siteId] }),
    foreignKey({ columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }).onDelete(
      'cascade',
    ),
  ],
);

// Sites per status and type, kept by triggers on sites (migration 0032): the site list's total,
// filtered or not, adds up at most eight rows instead of counting the company's sites at each read.
export const siteTotals = pgTable(
  'site_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    type: text('type').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status, t.type] })],
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
    /** ONVIF device service of a PTZ camera (issue 33): where its moves and presets are sent. */
    onvifUrl: text('onvif_url'),
    /** Live video re-encoded to H.264 (H.265 or MJPEG cameras): costs CPU, so opt-in per camera. */
    liveTranscode: boolean('live_transcode').notNull().default(false),
    /** Seconds of picture kept before an alarm (0 = none): holds the camera's stream open. */
    preAlarmSeconds: integer('pre_alarm_seconds').notNull().default(0),
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
    check('cameras_pre_alarm_check', sql`${t.preAlarmSeconds} between 0 and 30`),
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
