// Planning: agents (with their CNAPS card and qualifications), shifts and the positions taken at
// clock-in and clock-out (personal data, purged after the company's retention).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { companies, users } from './accounts';
import { createdAt, searchText, updatedAt } from './columns';
import { sites } from './sites-cameras';

export interface StoredQualification {
  type: string;
  number: string | null;
  obtainedOn: string | null;
  expiresOn: string | null;
}

export const agents = pgTable(
  'agents',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    badge: text('badge').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    speciality: text('speciality').notNull(),
    level: text('level', { enum: ['junior', 'senior', 'expert'] }).notNull(),
    hireDate: date('hire_date', { mode: 'string' }).notNull(),
    assignedSiteId: uuid('assigned_site_id'),
    status: text('status', { enum: ['actif', 'repos', 'en congé', 'indisponible'] })
      .notNull()
      .default('actif'),
    cnapsNumber: text('cnaps_number'),
    cnapsExpiresOn: date('cnaps_expires_on', { mode: 'string' }),
    qualifications: jsonb('qualifications').$type<StoredQualification[]>().notNull().default([]),
    userId: uuid('user_id'),
    photoFileId: uuid('photo_file_id'),
    photoVersion: integer('photo_version').notNull().default(0),
    searchText: searchText(sql`vigie_fold(name || ' ' || badge || ' ' || speciality)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.assignedSiteId], foreignColumns: [sites.companyId, sites.id] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
    uniqueIndex('agents_company_badge_key').on(t.companyId, t.badge),
    uniqueIndex('agents_company_user_key').on(t.companyId, t.userId).where(sql`user_id is not null`),
    index('agents_company_name_idx').on(t.companyId, t.name, t.id),
    index('agents_company_site_idx').on(t.companyId, t.assignedSiteId),
    check('agents_level_check', sql`${t.level} in ('junior', 'senior', 'expert')`),
    check('agents_status_check', sql`${t.status} in ('actif', 'repos', 'en congé', 'indisponible')`),
  ],
);

export const shifts = pgTable(
  'shifts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    agentId: uuid('agent_id').notNull(),
    siteId: uuid('site_id').notNull(),
    type: text('type', { enum: ['day', 'night', 'morning', 'afternoon', 'custom'] }).notNull(),
    status: text('status', { enum: ['Programmé', 'En cours', 'Terminé', 'Annulé'] })
      .notNull()
      .default('Programmé'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    breakStartAt: timestamp('break_start_at', { withTimezone: true }),
    breakEndAt: timestamp('break_end_at', { withTimezone: true }),
    // The form's wall-clock values in the company's timezone, as entered.
    localDate: date('local_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakStart: text('break_start'),
    breakEnd: text('break_end'),
    workedMinutes: integer('worked_minutes').notNull(),
    clockInAt: timestamp('clock_in_at', { withTimezone: true }),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true }),
    overrideReason: text('override_reason'),
    overrideBy: uuid('override_by'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    absentAlertedAt: timestamp('absent_alerted_at', { withTimezone: true }),
    overrunAlertedAt: timestamp('overrun_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.agentId], foreignColumns: [agents.companyId, agents.id] }),
    foreignKey({ columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
    // The rules read one agent's services around a date; the week view reads a period.
    index('shifts_company_agent_start_idx').on(t.companyId, t.agentId, t.startsAt),
    index('shifts_company_start_idx').on(t.companyId, t.startsAt, t.id),
    index('shifts_company_site_start_idx').on(t.companyId, t.siteId, t.startsAt),
    // The attendance watch reads only shifts that may be late or overrunning.
    index('shifts_absent_due_idx')
      .on(t.startsAt)
      .where(sql`status = 'Programmé' and absent_alerted_at is null`),
    index('shifts_overrun_due_idx')
      .on(t.endsAt)
      .where(sql`status = 'En cours' and overrun_alerted_at is null`),
    // Who is on duty now (interventions' candidates and map): the services in progress.
    index('shifts_in_progress_idx').on(t.companyId, t.agentId).where(sql`status = 'En cours'`),
    check('shifts_type_check', sql`${t.type} in ('day', 'night', 'morning', 'afternoon', 'custom')`),
    check('shifts_status_check', sql`${t.status} in ('Programmé', 'En cours', 'Terminé', 'Annulé')`),
    check('shifts_period_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const agentPositions = pgTable(
  'agent_positions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    agentId: uuid('agent_id').notNull(),
    shiftId: uuid('shift_id'),
    // 'lone_worker' and 'sos': taken by the lone-worker protection (migration 0024); 'duty': sent
    // by the agent space while on duty, with the agent's consent (interventions module).
    kind: text('kind', { enum: ['clock_in', 'clock_out', 'lone_worker', 'sos', 'duty'] }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyM: doublePrecision('accuracy_m').notNull(),
    distanceM: doublePrecision('distance_m'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.agentId], foreignColumns: [agents.companyId, agents.id] }).onDelete(
      'cascade',
    ),
    index('agent_positions_company_agent_idx').on(t.companyId, t.agentId, t.recordedAt),
    index('agent_positions_recorded_idx').on(t.recordedAt),
    check(
      'agent_positions_kind_check',
      sql`${t.kind} in ('clock_in', 'clock_out', 'lone_worker', 'sos', 'duty')`,
    ),
  ],
);

/**
 * Each agent's latest phone position, one row per agent, kept by a trigger on agent_positions (every
 * writer, by construction) so that the nearest agents among a thousand are one join, not a thousand
 * index probes. It dies with the position it copies (the retention purge cascades here).
 */
export const agentLastPositions = pgTable(
  'agent_last_positions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').notNull(),
    positionId: uuid('position_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.agentId] }),
    foreignKey({
      columns: [t.companyId, t.positionId],
      foreignColumns: [agentPositions.companyId, agentPositions.id],
      name: 'agent_last_positions_position_fk',
    }).onDelete('cascade'),
    index('agent_last_positions_position_idx').on(t.companyId, t.positionId),
  ],
);
