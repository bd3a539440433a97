// The background work queue on a bare database (no app, so no other worker takes the jobs): enqueue
// in the caller's transaction, retry with backoff, give up with the last error kept, SKIP LOCKED
// between workers, a lease that runs out hands the job over, the app role's limits, and the kick a
// commit gives the app's worker.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, engines } from '../test/harness';
import { type Database, openDatabase } from './client';
import { enqueueJobs, FinalJobError, type Job, JobWorker, jobQueue, jobsSummary, retryDelayMs } from './jobs';
import { rowsOf } from './rows';
import { companies } from './schema';

describe('retry delays', () => {
  it('doubles from the base with jitter, within the cap', () => {
    expect(retryDelayMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(retryDelayMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(retryDelayMs(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(retryDelayMs(20, 1000, 60_000, () => 1)).toBe(60_000);
  });
});

describe.each(engines)('job queue on %s', (engine) => {
  let db: Database;
  let other: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  let dir: string | undefined;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const pg = await createPostgresDatabase();
      url = pg.url;
      drop = pg.drop;
      db = await openDatabase({ databaseUrl: url, poolSize: 4 });
      other = await openDatabase({ databaseUrl: url, poolSize: 4 });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'vigie-jobs-'));
      db = await openDatabase({ dataDir: dir });
    }
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
    await drop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A worker whose handlers record what they were given. */
  const recorder = (on: Database, kind: string, fn: (job: Job) => Promise<void> = async () => {}) => {
    const seen: Job[] = [];
    const worker = new JobWorker(on, { retryBaseMs: 40, retryMaxMs: 200, batch: 5 }).handle(
      kind,
      async (job) => {
        seen.push(job);
        await fn(job);
      },
    );
    return { worker, seen };
  };

  const waiting = async (kind: string) => (await jobsSummary(db)).filter((s) => s.kind === kind);

  it('runs a committed job once and forgets it; a rolled-back one never exists', async () => {
    const kind = `test.once.${randomUUID()}`;
    await db.withoutTenant((tx) => enqueueJobs(tx, [{ kind, payload: { n: 1 } }]));
    await db
      .withoutTenant(async (tx) => {
        await enqueueJobs(tx, [{ kind, payload: { n: 2 } }]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    const { worker, seen } = recorder(db, kind);
    expect(await worker.runOnce()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(seen.map((j) => [j.payload, j.attempts, j.companyId])).toEqual([[{ n: 1 }, 1, null]]);
    expect(await waiting(kind)).toEqual([]);
    expect((await worker.runOnce()).done).toBe(0);
  });

  it('retries with a growing delay, then succeeds', async () => {
    const kind = `test.retry.${randomUUID()}`;
    await db.withoutTenant((tx) => enqueueJobs(tx, [{ kind }]));
    const times: number[] = [];
    const { worker, seen } = recorder(db, kind, async (job) => {
      times.push(Date.now());
      if (job.attempts < 3) throw new Error(`essai ${job.attempts} raté`);
    });
    for (let i = 0; i < 100 && seen.length < 3; i++) {
      await worker.runOnce();
      await sleep(10);
    }
    expect(seen.map((j) => j.attempts)).toEqual([1, 2, 3]);
    // Half of each step at least: 20 ms, then 40 ms.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(20);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(40);
    expect(await waiting(kind)).toEqual([]);
  });

  it('gives up after the last attempt, or at once for a final error, keeping the last error', async () => {
    const kind = `test.fail.${randomUUID()}`;
    const final = `test.final.${randomUUID()}`;
    await db.withoutTenant((tx) => enqueueJobs(tx, [{ kind, maxAttempts: 3 }, { kind: final }]));
    const { worker, seen } = recorder(db, kind, async (job) => {
      throw new Error(`panne ${job.attempts}`);
    });
    worker.handle(final, async () => {
      throw new FinalJobError('adresse refusée');
    });
    for (let i = 0; i < 100 && seen.length < 3; i++) {
      await worker.runOnce();
      await sleep(10);
    }
    await sleep(300);
    await worker.runOnce();
    expect(seen.map((j) => j.attempts)).toEqual([1, 2, 3]);
    expect(await waiting(kind)).toEqual([
      { kind, status: 'failed', jobs: 1, attempts: 3, last_error: 'Error: panne 3' },
    ]);
    expect(await waiting(final)).toEqual([
      { kind: final, status: 'failed', jobs: 1, attempts: 1, last_error: 'FinalJobError: adresse refusée' },
    ]);
  });

  it('hands a job over when its lease runs out (the instance that took it stopped)', async () => {
    const kind = `test.lease.${randomUUID()}`;
    await db.withoutTenant((tx) => enqueueJobs(tx, [{ kind }]));
    // An instance claims it for one second and dies without a word.
    const taken = rowsOf<{ id: string }>(await db.direct.execute(sql`select id from jobs_claim(50, 1)`));
    expect(taken.length).toBeGreaterThanOrEqual(1);
    const { worker, seen } = recorder(db, kind);
    await worker.runOnce();
    expect(seen).toEqual([]);
    await sleep(1_100);
    await worker.runOnce();
    expect(seen.map((j) => j.attempts)).toEqual([2]);
    // The dead instance's late answer changes nothing.
    const late = rowsOf<{ ok: boolean }>(
      await db.direct.execute(sql`select jobs_complete(${Number(taken[0]?.id)}::bigint, 1) as ok`),
    );
    expect(late[0]?.ok).toBe(false);
  });

  it('never gives one job to two workers (FOR UPDATE SKIP LOCKED)', async () => {
    const kind = `test.skip.${randomUUID()}`;
    const n = 40;
    await db.withoutTenant((tx) =>
      enqueueJobs(
        tx,
        Array.from({ length: n }, (_, i) => ({ kind, payload: { i } })),
      ),
    );
    const slow = async () => {
      await sleep(5);
    };
    // Two instances on PostgreSQL (two pools); on PGlite, two workers of the one process.
    const a = recorder(db, kind, slow);
    const b = recorder(other ?? db, kind, slow);
    await Promise.all([a.worker.runOnce(), b.worker.runOnce(), a.worker.runOnce(), b.worker.runOnce()]);
    const all = [...a.seen, ...b.seen].map((j) => j.payload.i as number).sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
    if (other) expect(a.seen.length > 0 && b.seen.length > 0).toBe(true);
  });

  it("lets the app role add only its own company's jobs, and read none", async () => {
    const companyId = randomUUID();
    const otherCompany = randomUUID();
    for (const id of [companyId, otherCompany]) {
      await db.withTenant(id, (tx) =>
        tx.insert(companies).values({ id, name: `Société ${id.slice(0, 8)}`, email: 'contact@exemple.fr' }),
      );
    }
    const kind = `test.tenant.${randomUUID()}`;
    await db.withTenant(companyId, (tx) => enqueueJobs(tx, [{ kind }]));
    const { worker, seen } = recorder(db, kind);
    await worker.runOnce();
    expect(seen.map((j) => j.companyId)).toEqual([companyId]);
    const refusal = (statement: ReturnType<typeof sql>) =>
      db
        .withTenant(companyId, (tx) => tx.execute(statement))
        .then(
          () => 'accepted',
          (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
        );
    expect(
      await refusal(sql`insert into queue.jobs (company_id, kind) values (${otherCompany}::uuid, ${kind})`),
    ).toMatch(/row-level security/);
    expect(await refusal(sql`select * from queue.jobs`)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from queue.jobs`)).toMatch(/permission denied/);
    expect(await refusal(sql`update queue.jobs set attempts = 0`)).toMatch(/permission denied/);
  });

  it('keeps a job across a restart: a new process on the same database runs it', async () => {
    const kind = `test.restart.${randomUUID()}`;
    await db.withoutTenant((tx) => enqueueJobs(tx, [{ kind, payload: { survived: true } }]));
    await db.close();
    db = url
      ? await openDatabase({ databaseUrl: url, poolSize: 4 })
      : await openDatabase({ dataDir: dir as string });
    const { worker, seen } = recorder(db, kind);
    await worker.runOnce();
    expect(seen.map((j) => j.payload)).toEqual([{ survived: true }]);
  });
});

describe.each(engines)("the app's worker on %s", (engine) => {
  it('is kicked by the commit that enqueues, without waiting for its periodic pass', async () => {
    const t = await createTestApp(engine, { JOBS_POLL_INTERVAL_MS: '0' });
    try {
      const kind = `test.kick.${randomUUID()}`;
      const seen: Job[] = [];
      jobQueue(t.app, { pollIntervalMs: 0 }).worker.handle(kind, async (job) => {
        seen.push(job);
      });
      await t.db.withoutTenant((tx) => enqueueJobs(tx, [{ kind }]));
      for (let i = 0; i < 200 && seen.length === 0; i++) await sleep(10);
      expect(seen).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
