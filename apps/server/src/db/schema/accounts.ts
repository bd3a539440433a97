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
    // Alarm panels' signal journal (the installer's record of every frame): 90 days by default.
    panelSignalRetentionDays: integer('panel_signal_retention_days').notNull().default(90),
    // Settings · Sécurité (administrators): enforced by the auth plugin and the login.
    sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(30),
    autoLogout: boolean('auto_logout').notNull().default(true),
    // CIDR ranges allowed to sign in and call the API; empty = everywhere.
    ipAllowlist: text('ip_allowlist').array().notNull().default(sql`'{}'::text[]`),
    // Null = never.
    passwordExpiryDays: integer('password_expiry_days').default(90),
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    // Settings · Système (administrators).
    autoBackup: boolean('auto_backup').notNull().default(true),
    backupFrequency: text('backup_frequency', { enum: ['hourly', 'daily', 'weekly', 'monthly'] })
      .notNull()
      .default('daily'),
    backupRetentionDays: integer('backup_retention_days').notNull().default(365),
    logLevel: text('log_level', { enum: ['error', 'warn', 'info', 'debug'] })
      .notNull()
      .default('info'),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    // Settings · Identité (administrators): printed on the documents of the reports.
    legalName: text('legal_name'),
    legalAddress: text('legal_address'),
    siret: text('siret'),
    cnapsAuthorisation: text('cnaps_authorisation'),
    logoFileId: uuid('logo_file_id'),
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
    // Password expiry counts from here.
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    // Two-factor sign-in (TOTP, RFC 6238): the secret sealed (plugins/secrets.ts); set at enrolment,
    // enabled once a first code is checked; the last accepted time step refuses a replayed code.
    totpSecretSealed: text('totp_secret_sealed'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    // Settings · Notifications: each user's own switches (spec defaults).
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(true),
    notifyPush: boolean('notify_push').notNull().default(true),
    notifyCriticalOnly: boolean('notify_critical_only').notNull().default(false),
    notifyWeekends: boolean('notify_weekends').notNull().default(true),
    notifyMaintenance: boolean('notify_maintenance').notNull().default(true),
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
    // The address the request came from (null for background work).
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt),
    // The journal filtered by user or by action prefix (and a user's entries when they are renamed,
    // for their search tokens) without reading the company's whole journal.
    index('audit_log_company_actor_created_idx').on(t.companyId, t.actorUserId, t.createdAt),
    // Bytewise ("C") so that an action prefix is a range whatever the database's collation.
    index('audit_log_company_action_created_idx').on(t.companyId, sql`${t.action} collate "C"`, t.createdAt),
  ],
);

// Two-factor recovery codes: 10 per enrolment, shown once, stored hashed, each usable once.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('recovery_codes_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

// Web Push subscriptions: one per browser of a user.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('push_subscriptions_endpoint_key').on(t.companyId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
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
