// Lone-worker protection (PTI/DATI) (migration 0024): a session is one agent's protection during a
// shift in progress, with the time of the next check-in; an alert is one missed check-in (unique per
// session and due time, so a pass raised twice still raises it once). The positions taken during
// the protection go to the planning module's `agent_positions` (kinds 'lone_worker' and 'sos') and
// fall under its retention; sessions and alerts of ended protections are purged after it too.
//
// The site is kept by id without a foreign key: an alert outlives its site.
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
import { agents, shifts } from './planning';

export const loneWorkerSessions = pgTable(
  'lone_worker_sessions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    agentId: uuid('agent_id').notNull(),
    userId: uuid('user_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    siteId: uuid('site_id').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    lastCheckInAt: timestamp('last_check_in_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['stopped', 'shift_end'] }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'lone_worker_sessions_agent_fk',
      columns: [t.companyId, t.agentId],
      foreignColumns: [agents.companyId, agents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'lone_worker_sessions_shift_fk',
      columns: [t.companyId, t.shiftId],
      foreignColumns: [shifts.companyId, shifts.id],
    }).onDelete('cascade'),
    // One protection at a time per agent.
    uniqueIndex('lone_worker_sessions_active_agent_key')
      .on(t.companyId, t.agentId)
      .where(sql`ended_at is null`),
    // The periodic pass reads only running protections, by due time, across companies.
    index('lone_worker_sessions_due_idx').on(t.nextDueAt).where(sql`ended_at is null`),
    index('lone_worker_sessions_ended_idx').on(t.endedAt),
    check('lone_worker_sessions_interval_check', sql`${t.intervalMinutes} between 1 and 240`),
    check('lone_worker_sessions_end_reason_check', sql`${t.endReason} in ('stopped', 'shift_end')`),
  ],
);

export const loneWorkerAlerts = pgTable(
  'lone_worker_alerts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    siteId: uuid('site_id'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    positionAt: timestamp('position_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'acknowledged'] })
      .notNull()
      .default('active'),
    /** When the agent answered after all (a late check-in); the control room still acknowledges. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'lone_worker_alerts_session_fk',
      columns: [t.companyId, t.sessionId],
      foreignColumns: [loneWorkerSessions.companyId, loneWorkerSessions.id],
    }).onDelete('cascade'),
    uniqueIndex('lone_worker_alerts_session_due_key').on(t.companyId, t.sessionId, t.dueAt),
    index('lone_worker_alerts_company_status_idx').on(t.companyId, t.status, t.raisedAt, t.id),
    check('lone_worker_alerts_status_check', sql`${t.status} in ('active', 'acknowledged')`),
  ],
);
