// Pieces every second-wave module shares: stored files and in-app notifications.
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
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
import { createdAt } from './columns';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// Files live in the database (under RLS, in every backup, seen by every instance): photos, logos,
// generated documents. Size is capped per kind by the files module.
export const files = pgTable(
  'files',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('files_company_kind_idx').on(t.companyId, t.kind),
  ],
);

// The bell: what a module tells one user. `dedupeKey` keeps a daily job from repeating itself.
export const notifications = pgTable(
  'notifications',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] })
      .notNull()
      .default('info'),
    // With values, title and body are French messages (ICU arguments), rendered in each reader's
    // language; without (older rows), the text as it is.
    title: text('title').notNull(),
    titleValues: jsonb('title_values').$type<Record<string, unknown>>(),
    body: text('body').notNull(),
    bodyValues: jsonb('body_values').$type<Record<string, unknown>>(),
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('notifications_user_created_idx').on(t.companyId, t.userId, t.createdAt.desc(), t.id),
    index('notifications_user_unread_idx').on(t.companyId, t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_dedupe_key').on(t.companyId, t.userId, t.dedupeKey),
    check('notifications_severity_check', sql`${t.severity} in ('info', 'warning', 'critical')`),
  ],
);
