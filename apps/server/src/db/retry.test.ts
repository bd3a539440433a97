// The conflict retry (db/retry.ts): a deadlock or serialisation failure is run again a bounded number
// of times and counted; any other error is thrown at once. A real deadlock on PostgreSQL shows that
// the retried transaction then commits.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/harness';
import { conflictOf, conflictRetries, retryOnConflict } from './retry';

const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });
// Drizzle wraps the driver's error: the code is its cause's.
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: pgError(code) });

describe('retryOnConflict', () => {
  it('runs a transaction again after a deadlock or a serialisation failure, and counts it', async () => {
    const before = { ...conflictRetries };
    const failures = [wrapped('40P01'), pgError('40001')];
    let runs = 0;
    const out = await retryOnConflict(
      async () => {
        runs++;
        const f = failures.shift();
        if (f) throw f;
        return 'committed';
      },
      { label: 'test' },
    );
    expect(out).toBe('committed');
    expect(runs).toBe(3);
    expect(conflictRetries.deadlock - before.deadlock).toBe(1);
    expect(conflictRetries.serialization - before.serialization).toBe(1);
  });

  it('gives up after the bound, and never retries another error', async () => {
    const before = conflictRetries.exhausted;
    let runs = 0;
    await expect(
      retryOnConflict(
        async () => {
          runs++;
          throw wrapped('40P01');
        },
        { label: 'test', attempts: 2 },
      ),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(2);
    expect(conflictRetries.exhausted - before).toBe(1);
    runs = 0;
    await expect(
      retryOnConflict(
        async () => {
          runs++;
          throw pgError('23505');
        },
        { label: 'test' },
      ),
    ).rejects.toThrow('error 23505');
    expect(runs).toBe(1);
    expect(conflictOf(pgError('23505'))).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('retryOnConflict on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('commits the transaction PostgreSQL chose as the deadlock victim on its second run', async () => {
    const db = await createPostgresDatabase();
    cleanups.push(db.drop);
    const a = new pg.Client({ connectionString: db.url });
    const b = new pg.Client({ connectionString: db.url });
    await a.connect();
    await b.connect();
    cleanups.push(async () => {
      await a.end();
      await b.end();
    });
    await a.query('create table t (k int primary key, n int not null); insert into t values (1, 0), (2, 0)');
    // Two transactions take the two rows in opposite orders; each waits for the other to hold its
    // first row before asking for its second, so the cycle is certain.
    const bothHoldFirst = (() => {
      let n = 0;
      let release: () => void = () => {};
      const all = new Promise<void>((ok) => {
        release = ok;
      });
      return async () => {
        if (++n === 2) release();
        await all;
      };
    })();
    let attempts = 0;
    const crossing = (c: pg.Client, first: number, second: number) => async () => {
      attempts++;
      await c.query('begin');
      try {
        await c.query('update t set n = n + 1 where k = $1', [first]);
        if (attempts <= 2) await bothHoldFirst();
        await c.query('update t set n = n + 1 where k = $1', [second]);
        await c.query('commit');
      } catch (err) {
        await c.query('rollback');
        throw err;
      }
    };
    await Promise.all([
      retryOnConflict(crossing(a, 1, 2), { label: 'a' }),
      retryOnConflict(crossing(b, 2, 1), { label: 'b' }),
    ]);
    // Both committed once each: every row moved twice, and one of them needed a second run.
    expect(attempts).toBe(3);
    const { rows } = await a.query('select k, n from t order by k');
    expect(rows).toEqual([
      { k: 1, n: 2 },
      { k: 2, n: 2 },
    ]);
  });
});
