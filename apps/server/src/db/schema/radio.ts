// Radio POC 4G: push-to-talk handsets (by IMEI), channels and their members, the communications
// (recordings are personal data: kept 6 months at most), and the radio alerts (SOS, detected
// emergencies) with who was sent.
//
// References that must survive their target (a radio's agent or channel, a communication's channel
// or radio, an alert's radio or site) are written by hand in migration 0017 as
// `ON DELETE SET NULL (column)`, which keeps company_id (Drizzle cannot express it).
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt, updatedAt } from './columns';
import { agents } from './planning';
import { files } from './shared';

export const radioChannels = pgTable(
  'radio_channels',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ['site', 'emergency', 'general', 'team'] }).notNull(),
    description: text('description'),
    priority: smallint('priority').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // Handsets name their channel: a name is unique in a company, whatever its case.
    uniqueIndex('radio_channels_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    check('radio_channels_type_check', sql`${t.type} in ('site', 'emergency', 'general', 'team')`),
    check('radio_channels_priority_check', sql`${t.priority} between 0 and 2`),
  ],
);

export const radios = pgTable(
  'radios',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    imei: text('imei').notNull(),
    serialNumber: text('serial_number').notNull(),
    agentId: uuid('agent_id'),
    status: text('status', { enum: ['active', 'assigned', 'inactive'] })
      .notNull()
      .default('active'),
    // As last reported by the handset.
    battery: smallint('battery'),
    signalStrength: smallint('signal_strength'),
    currentChannelId: uuid('current_channel_id'),
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    lastAccuracyM: doublePrecision('last_accuracy_m'),
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('radios_company_imei_key').on(t.companyId, t.imei),
    index('radios_company_agent_idx').on(t.companyId, t.agentId),
    check('radios_status_check', sql`${t.status} in ('active', 'assigned', 'inactive')`),
    check('radios_imei_check', sql`${t.imei} ~ '^[0-9]{15}$'`),
  ],
);

// A member is an agent or a radio (exactly one); it leaves the channel with its agent or radio.
export const radioChannelMembers = pgTable(
  'radio_channel_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    channelId: uuid('channel_id').notNull(),
    agentId: uuid('agent_id'),
    radioId: uuid('radio_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [radioChannels.companyId, radioChannels.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.agentId], foreignColumns: [agents.companyId, agents.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.radioId], foreignColumns: [radios.companyId, radios.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('radio_channel_members_agent_key')
      .on(t.companyId, t.channelId, t.agentId)
      .where(sql`agent_id is not null`),
    uniqueIndex('radio_channel_members_radio_key')
      .on(t.companyId, t.channelId, t.radioId)
      .where(sql`radio_id is not null`),
    check('radio_channel_members_one_check', sql`(${t.agentId} is null) <> (${t.radioId} is null)`),
  ],
);

export interface StoredAiAnalysis {
  score: number;
  category: string | null;
  keywords_found: string[];
  recommendation: string;
}

export const radioCommunications = pgTable(
  'radio_communications',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    // Names kept as they were: the history survives a renamed or deleted channel or radio.
    channelId: uuid('channel_id'),
    channelName: text('channel_name').notNull(),
    radioId: uuid('radio_id'),
    speakerAgentId: uuid('speaker_agent_id'),
    speakerUserId: uuid('speaker_user_id'),
    fromName: text('from_name').notNull(),
    source: text('source', { enum: ['device', 'browser'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms'),
    transcript: text('transcript'),
    transcriptStatus: text('transcript_status', { enum: ['none', 'pending', 'done', 'failed'] })
      .notNull()
      .default('none'),
    transcribeAttempts: smallint('transcribe_attempts').notNull().default(0),
    emergencyDetected: boolean('emergency_detected').notNull().default(false),
    aiAnalysis: jsonb('ai_analysis').$type<StoredAiAnalysis>(),
    audioFileId: uuid('audio_file_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.audioFileId], foreignColumns: [files.companyId, files.id] }),
    index('radio_communications_company_at_idx').on(t.companyId, t.at, t.id),
    index('radio_communications_company_channel_at_idx').on(t.companyId, t.channelId, t.at),
    // The emergencies filter: one communication in a hundred, read newest first without a scan.
    index('radio_communications_company_emergency_at_idx')
      .on(t.companyId, t.at, t.id)
      .where(sql`emergency_detected`),
    index('radio_communications_pending_idx').on(t.createdAt).where(sql`transcript_status = 'pending'`),
    check('radio_communications_source_check', sql`${t.source} in ('device', 'browser')`),
    check(
      'radio_communications_transcript_status_check',
      sql`${t.transcriptStatus} in ('none', 'pending', 'done', 'failed')`,
    ),
  ],
);

export const radioAlerts = pgTable(
  'radio_alerts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type', { enum: ['sos', 'emergency'] }).notNull(),
    severity: text('severity', { enum: ['critical', 'high'] }).notNull(),
    status: text('status', { enum: ['active', 'acknowledged', 'resolved'] })
      .notNull()
      .default('active'),
    radioId: uuid('radio_id'),
    imei: text('imei'),
    agentId: uuid('agent_id'),
    agentName: text('agent_name'),
    description: text('description').notNull(),
    aiRecommendation: text('ai_recommendation').notNull(),
    category: text('category'),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locationSource: text('location_source', { enum: ['device', 'radio', 'none'] }).notNull(),
    communicationId: uuid('communication_id'),
    alarmId: uuid('alarm_id'),
    siteId: uuid('site_id'),
    dispatchedAgentId: uuid('dispatched_agent_id'),
    dispatchedAgentName: text('dispatched_agent_name'),
    dispatchedDistanceM: integer('dispatched_distance_m'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolutionNote: text('resolution_note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('radio_alerts_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('radio_alerts_company_open_idx').on(t.companyId, t.createdAt).where(sql`status <> 'resolved'`),
    check('radio_alerts_type_check', sql`${t.type} in ('sos', 'emergency')`),
    check('radio_alerts_status_check', sql`${t.status} in ('active', 'acknowledged', 'resolved')`),
  ],
);
