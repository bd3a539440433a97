// Camera stills and clips (issue 33, migration 0044): files of the camera's company, kept one month
// at most (Code de la sécurité intérieure L252-5) unless an administrator places them under legal
// hold. A clip is written while it records, in chunks of about a megabyte, so that a 10-minute
// clip never sits whole in memory and every instance and backup has it (DESIGN, "Files").
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt } from './columns';
import { bytea } from './shared';

export const cameraRecordings = pgTable(
  'camera_recordings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** No foreign key: a recording outlives its camera until retention or its hold ends. */
    cameraId: uuid('camera_id').notNull(),
    cameraName: text('camera_name').notNull(),
    kind: text('kind', { enum: ['still', 'clip'] }).notNull(),
    /** Who asked for it: an operator (manual) or an alarm on the camera's site. */
    trigger: text('trigger', { enum: ['manual', 'alarm'] }).notNull(),
    alarmId: uuid('alarm_id'),
    requestedBy: uuid('requested_by'),
    contentType: text('content_type').notNull(),
    state: text('state', { enum: ['recording', 'ready', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the file's bytes, hexadecimal, once ready. */
    sha256: text('sha256'),
    legalHold: boolean('legal_hold').notNull().default(false),
    holdReason: text('hold_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('camera_recordings_camera_idx').on(t.companyId, t.cameraId, t.startedAt.desc(), t.id),
    // One clip per alarm and camera, whichever instance heard the alarm first (several instances).
    uniqueIndex('camera_recordings_alarm_key')
      .on(t.companyId, t.alarmId, t.cameraId)
      .where(sql`trigger = 'alarm'`),
    index('camera_recordings_started_idx').on(t.startedAt),
    check('camera_recordings_kind_check', sql`${t.kind} in ('still', 'clip')`),
    check('camera_recordings_state_check', sql`${t.state} in ('recording', 'ready', 'failed')`),
    check('camera_recordings_hold_check', sql`not ${t.legalHold} or ${t.holdReason} is not null`),
  ],
);

export const cameraRecordingChunks = pgTable(
  'camera_recording_chunks',
  {
    companyId: uuid('company_id').notNull(),
    recordingId: uuid('recording_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.recordingId, t.seq] }),
    foreignKey({
      name: 'camera_recording_chunks_recording_fk',
      columns: [t.companyId, t.recordingId],
      foreignColumns: [cameraRecordings.companyId, cameraRecordings.id],
    }).onDelete('cascade'),
  ],
);
