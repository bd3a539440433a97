// The background work queue: one-off work (a notification's e-mail, SMS or push; later a report)
// done off the request path, kept in the `queue.jobs` table so that it survives a restart and is
// shared by every instance of a PostgreSQL database. pg-boss and graphile-worker need a `pg` pool, which the
// in-process PGlite cannot give, hence this small queue.
//
// - Enqueued in the caller's transaction (`enqueueJobs`, or an INSERT inside a module's own
//   statement followed by `wakeWorkersSql`): a rolled-back change sends nothing. The NOTIFY on
//   `vigie_jobs` reaches every instance at commit and kicks its worker; a periodic pass
//   (JOBS_POLL_INTERVAL_MS) catches anything a lost notification missed, and the jobs of an
//   instance that stopped.
// - Claimed with FOR UPDATE SKIP LOCKED under a lease (`jobs_claim`): several instances never take
//   the same job; a job whose instance died is taken over when its lease runs out.
// - A failure is retried after an exponential backoff with jitter (JOBS_RETRY_BASE_MS doubling,
//   at most an hour), until `max_attempts` (5 by default); then, or at once for a `FinalJobError`,
//   the job is kept as failed with its last error (purged after 30 days). A success deletes it.
//
// Row-level security, decided: the table holds rows of every company and is machinery, not tenant
// data, so it lives in its own schema `queue` (out of the tenant tables the sweeps photograph and
// check, whose pictures a worker changing rows at any moment would blur). The app role may only
// INSERT into it, rows of its transaction's company (or of none without one: forced RLS checks
// it), and can neither read nor change any. The worker, which serves every company, claims,
// completes and fails jobs through owner-run SECURITY DEFINER functions (migration 0019), like the
// other cross-company look-ups (radio_pending_transcriptions); the owner has its own policy, so
// forced RLS does not hide the rows from it. Payloads hold identifiers only: a handler reads what
// it needs under the job's company's RLS (`db.withTenant(job.companyId, …)`).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { every } from '../plugins/periodic';
import type { Database, Tx } from './client';
import { rowsOf } from './rows';

export const JOBS_CHANNEL = 'vigie_jobs';

/** For a statement that inserts jobs itself: wakes every instance's worker at commit. */
export const wakeWorkersSql = sql`select pg_notify(${JOBS_CHANNEL}, '')`;

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before (a scheduled job); now by default. */
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds jobs in the caller's transaction, for its company (RLS): they exist only if it commits. */
export async function enqueueJobs(tx: Tx, jobs: NewJob[]) {
  if (jobs.length === 0) return;
  const rows = jobs.map(
    (j) =>
      sql`(${j.kind}, ${JSON.stringify(j.payload ?? {})}::jsonb, coalesce(${j.runAt?.toISOString() ?? null}::timestamptz, now()), ${j.maxAttempts ?? 5}::int)`,
  );
  await tx.execute(
    sql`insert into queue.jobs (kind, payload, run_at, max_attempts) values ${sql.join(rows, sql`, `)}`,
  );
  await tx.execute(wakeWorkersSql);
}

export interface Job {
  id: number;
  companyId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

/** A failure that waiting cannot cure (a refused address, a gone subscription): give up at once. */
export class FinalJobError extends Error {
  override name = 'FinalJobError';
}

export interface JobWorkerOptions {
  /** Jobs claimed at a time. */
  batch?: number;
  /** Jobs run at once. */
  concurrency?: number;
  /** How long a claimed job is this instance's; a handler running longer counts as failed. */
  leaseSeconds?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  onError?: (err: unknown, job: Job | undefined) => void;
}

/** Exponential backoff with jitter: half the step fixed, half random, so that retries spread out. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random = Math.random) {
  const step = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return step / 2 + (step / 2) * random();
}

interface ClaimedRow {
  id: string | number;
  company_id: string | null;
  kind: string;
  payload: Record<string, unknown> | string;
  attempts: number;
  max_attempts: number;
}

export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly opts: Required<Omit<JobWorkerOptions, 'onError'>> & Pick<JobWorkerOptions, 'onError'>;

  constructor(
    private readonly db: Database,
    opts: JobWorkerOptions = {},
  ) {
    this.opts = {
      batch: opts.batch ?? 20,
      concurrency: opts.concurrency ?? 4,
      leaseSeconds: opts.leaseSeconds ?? 300,
      retryBaseMs: opts.retryBaseMs ?? 30_000,
      retryMaxMs: opts.retryMaxMs ?? 3_600_000,
      onError: opts.onError,
    };
  }

  /** Declares who does a kind of job on this instance. */
  handle(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
    return this;
  }

  /** Runs every due job, batch after batch; answers how many were done, retried and given up. */
  async runOnce() {
    const tally = { done: 0, retried: 0, failed: 0 };
    for (;;) {
      const jobs = await this.claim();
      let next = 0;
      const lane = async () => {
        for (let job = jobs[next++]; job; job = jobs[next++]) tally[await this.run(job)] += 1;
      };
      await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, jobs.length) }, lane));
      if (jobs.length < this.opts.batch) return tally;
    }
  }

  private async claim(): Promise<Job[]> {
    const rows = rowsOf<ClaimedRow>(
      await this.db.direct.execute(
        sql`select * from jobs_claim(${this.opts.batch}::int, ${this.opts.leaseSeconds}::int)`,
      ),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      companyId: r.company_id,
      kind: r.kind,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
    }));
  }

  private async run(job: Job): Promise<'done' | 'retried' | 'failed'> {
    try {
      const handler = this.handlers.get(job.kind);
      // An instance of an older version may not know a new kind: retried, another may.
      if (!handler) throw new Error(`no handler for job kind ${job.kind} on this instance`);
      await withTimeout(handler(job), this.opts.leaseSeconds * 1000 * 0.9);
      await this.db.direct.execute(sql`select jobs_complete(${job.id}::bigint, ${job.attempts}::int)`);
      return 'done';
    } catch (err) {
      this.opts.onError?.(err, job);
      const delay = retryDelayMs(job.attempts, this.opts.retryBaseMs, this.opts.retryMaxMs);
      const [row] = rowsOf<{ status: string | null }>(
        await this.db.direct.execute(
          sql`select jobs_fail(${job.id}::bigint, ${job.attempts}::int, ${errorText(err)}, ${delay / 1000}::float8,
                               ${err instanceof FinalJobError}::boolean) as status`,
        ),
      );
      return row?.status === 'failed' ? 'failed' : 'retried';
    }
  }
}

const errorText = (err: unknown) =>
  (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).replaceAll('\u0000', '');

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What waits, runs and failed, per kind and status (operations, tests). */
export async function jobsSummary(db: Database) {
  return rowsOf<{ kind: string; status: string; jobs: number; attempts: number; last_error: string | null }>(
    await db.direct.execute(
      sql`select kind, status, jobs::int as jobs, attempts, last_error from jobs_summary()`,
    ),
  );
}

export interface QueueOptions extends JobWorkerOptions {
  /** Interval of the catch-up pass (0: only the kicks after enqueue). */
  pollIntervalMs: number;
}

const workers = new WeakMap<Database, { worker: JobWorker; kick: () => void }>();

/** The worker of the app on `db`, if one was started (tests drive it). */
export const jobWorkerOf = (db: Database) => workers.get(db)?.worker;

/**
 * The app's worker (one per database handle), started when the app is ready and stopped, after its
 * current run, when it closes. Modules add their handlers to it while registering.
 */
export function jobQueue(app: FastifyInstance, opts: QueueOptions) {
  const existing = workers.get(app.db);
  if (existing) return existing;
  const worker = new JobWorker(app.db, {
    ...opts,
    onError:
      opts.onError ?? ((err, job) => app.log.warn({ err, job: job?.id, kind: job?.kind }, 'job failed')),
  });
  const kick = every(app, 'job queue', opts.pollIntervalMs, () => worker.runOnce(), true);
  // Given-up jobs are kept 30 days for inspection.
  every(
    app,
    'job queue purge',
    opts.pollIntervalMs > 0 ? 3_600_000 : 0,
    () => app.db.direct.execute(sql`select jobs_purge(now() - interval '30 days')`),
    true,
  );
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await app.db.listen(JOBS_CHANNEL, kick, kick);
    kick();
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
  });
  const entry = { worker, kick };
  workers.set(app.db, entry);
  return entry;
}
