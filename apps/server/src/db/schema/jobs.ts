// The background work queue (db/jobs.ts): one-off work done off the request path — notification
// deliveries today, report generation later. Machinery, not tenant data, hence its own schema
// `queue`: rows of every company live here, the app role may only insert its own company's
// (privileges and row-level security, migration 0019), and the worker reaches the rest through
// owner-run functions. Out of `public`, it is also out of the sweeps' pictures of the tenant data,
// which a worker changing rows at any moment would blur.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt, updatedAt } from './columns';

export const queueSchema = pgSchema('queue');

export const jobs = queueSchema.table(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Null for work that belongs to no company. Defaults to the transaction's company, so that a
    // module enqueuing in its tenant transaction cannot get it wrong.
    companyId: uuid('company_id')
      .default(sql`app_company_id()`)
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // Identifiers only (which notification, which user): what the work needs is read under the
    // company's RLS when it runs, so no personal data waits here.
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'running', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    // While running: when the worker's lease ends (another instance takes the job over after it).
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`status = 'pending'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`status = 'running'`),
    index('jobs_failed_idx').on(t.updatedAt).where(sql`status = 'failed'`),
    check('jobs_status_check', sql`${t.status} in ('pending', 'running', 'failed')`),
    check('jobs_attempts_check', sql`${t.maxAttempts} between 1 and 100`),
  ],
);
