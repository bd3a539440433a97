// Interventions (issue 34): an agent sent to a site, from an alarm or on the operator's own, with
// its timed steps (proposed → accepted | refused → en route → on site → done, or cancelled). One
// row per intervention holds its current state and the deadlines the periodic pass watches; every
// step is a row of `intervention_steps` (server time, the phone's position when sent). The agent's
// consent to being located while on duty is `agent_location_consents`; the positions themselves go
// to the planning module's `agent_positions` (kind 'duty') under its two-month retention.
//
// The alarm and the site are kept by id without a foreign key: an intervention's record outlives
// them (the alarm's file and the main courante hold the proof).
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt, updatedAt } from './columns';
import { agents } from './planning';

export const interventionStates = [
  'proposed',
  'accepted',
  'refused',
  'en_route',
  'on_site',
  'done',
  'cancelled',
] as const;

export const interventions = pgTable(
  'interventions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    alarmId: uuid('alarm_id'),
    siteId: uuid('site_id').notNull(),
    /** The agent asked now (changes when the proposal passes to the next nearest). */
    agentId: uuid('agent_id').notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    state: text('state', { enum: interventionStates }).notNull(),
    note: text('note'),
    refusalReason: text('refusal_reason'),
    /** Every agent this intervention was proposed to, in order (the re-proposal skips them). */
    askedAgentIds: uuid('asked_agent_ids').array().notNull().default(sql`'{}'::uuid[]`),
    acceptSeconds: integer('accept_seconds').notNull(),
    arriveMinutes: integer('arrive_minutes').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    acceptDueAt: timestamp('accept_due_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    arriveDueAt: timestamp('arrive_due_at', { withTimezone: true }),
    arriveWarnedAt: timestamp('arrive_warned_at', { withTimezone: true }),
    arriveAlertedAt: timestamp('arrive_alerted_at', { withTimezone: true }),
    enRouteAt: timestamp('en_route_at', { withTimezone: true }),
    onSiteAt: timestamp('on_site_at', { withTimezone: true }),
    onSiteBy: text('on_site_by', { enum: ['geofence', 'checkpoint'] }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    report: text('report'),
    logbookEntryId: uuid('logbook_entry_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'interventions_agent_fk',
      columns: [t.companyId, t.agentId],
      foreignColumns: [agents.companyId, agents.id],
    }).onDelete('cascade'),
    // An agent runs one intervention at a time (a busy agent is not proposed another).
    uniqueIndex('interventions_running_agent_key')
      .on(t.companyId, t.agentId)
      .where(sql`state in ('proposed', 'accepted', 'en_route', 'on_site')`),
    index('interventions_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('interventions_company_alarm_idx').on(t.companyId, t.alarmId),
    // The periodic pass reads only what may be late.
    index('interventions_accept_due_idx').on(t.acceptDueAt).where(sql`state = 'proposed'`),
    index('interventions_arrive_due_idx')
      .on(t.arriveDueAt)
      .where(sql`state in ('accepted', 'en_route') and arrive_alerted_at is null`),
    check(
      'interventions_state_check',
      sql`${t.state} in ('proposed', 'accepted', 'refused', 'en_route', 'on_site', 'done', 'cancelled')`,
    ),
    check('interventions_severity_check', sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
    check('interventions_on_site_by_check', sql`${t.onSiteBy} in ('geofence', 'checkpoint')`),
    check('interventions_accept_seconds_check', sql`${t.acceptSeconds} between 10 and 3600`),
    check('interventions_arrive_minutes_check', sql`${t.arriveMinutes} between 1 and 1440`),
  ],
);

export const interventionSteps = pgTable(
  'intervention_steps',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    interventionId: uuid('intervention_id').notNull(),
    /** The state entered, or an event of the clock: 'accept_timeout', 'arrive_warning', 'arrive_alert'. */
    kind: text('kind').notNull(),
    agentId: uuid('agent_id'),
    /** Null for the system (the periodic pass). */
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'intervention_steps_intervention_fk',
      columns: [t.companyId, t.interventionId],
      foreignColumns: [interventions.companyId, interventions.id],
    }).onDelete('cascade'),
    index('intervention_steps_intervention_idx').on(t.companyId, t.interventionId, t.at),
  ],
);

export const agentLocationConsents = pgTable(
  'agent_location_consents',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').notNull(),
    consented: boolean('consented').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    changedBy: uuid('changed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.agentId] }),
    foreignKey({
      name: 'agent_location_consents_agent_fk',
      columns: [t.companyId, t.agentId],
      foreignColumns: [agents.companyId, agents.id],
    }).onDelete('cascade'),
  ],
);
