// Companies, their users and sessions, the audit log and demo requests.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { createdAt, updatedAt } from './columns';

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
    // The company's working-time rules (nights, days, Sundays, holidays) are computed in this zone.
    timezone: text('timezone').notNull().default('Europe/Paris'),
    // Agent positions are personal data (CNIL): kept this many days, then purged.
    positionRetentionDays: integer('position_retention_days').notNull().default(60),
    // Access logs too: 3 months by default; longer only with a recorded reason (an incident).
    accessLogRetentionDays: integer('access_log_retention_days').notNull().default(90),
    accessLogRetentionReason: text('access_log_retention_reason'),
    // Radio recordings (personal data): 6 months at most.
    recordingRetentionDays: integer('recording_retention_days').notNull().default(183),
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
