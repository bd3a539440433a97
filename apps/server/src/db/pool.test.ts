// The pool's admission rule on PostgreSQL (db/pool.ts): with every connection busy and the waiting
// queue full, the next request is answered 503 at once, in French, with Retry-After, and changes
// nothing; the queued one is served when a connection frees up.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type Tenant, type TestApp } from '../test/harness';
import { isPoolSaturated, PoolSaturatedError, poolShedding } from './pool';

describe.skipIf(!process.env.TEST_DATABASE_URL)('database pool admission (PostgreSQL)', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp('postgres', {
      DATABASE_POOL_SIZE: '1',
      DATABASE_POOL_MAX_WAITING: '1',
      DATABASE_POOL_WAIT_MS: '20000',
    });
    a = await registerCompany(t.app);
  });
  afterAll(async () => t?.close());

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('refuses past the waiting bound with a French 503 at once, then serves the queued request', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/sites', headers: a.auth });
    expect(before.statusCode).toBe(200);

    // Hold the only connection in an open transaction.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const holder = t.db.direct.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    await until(() => t.db.poolStats()?.idle === 0);

    // One request waits for it…
    const queued = t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: a.auth,
      payload: { name: 'Servi', address: '1 rue du Test, Paris' },
    });
    await until(() => t.db.poolStats()?.waiting === 1);

    // …the next is refused without waiting, and says so in French.
    const refusedBefore = poolShedding.refused;
    const shed = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: a.auth,
      payload: { name: 'Refusé', address: '1 rue du Test, Paris' },
    });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json().detail).toMatch(/surchargé/);
    expect(poolShedding.refused).toBe(refusedBefore + 1);

    release();
    await holder;
    expect((await queued).statusCode).toBe(201);
    // The refused creation left nothing behind.
    const list = await t.app.inject({ method: 'GET', url: '/api/sites', headers: a.auth });
    const names = (list.json() as { name: string }[]).map((s) => s.name);
    expect(names).toContain('Servi');
    expect(names).not.toContain('Refusé');
  });

  it('recognises its refusal through a wrapper', () => {
    expect(isPoolSaturated(new Error('x', { cause: new PoolSaturatedError(3) }))).toBe(true);
    expect(isPoolSaturated(new Error('timeout exceeded when trying to connect'))).toBe(false);
  });
});
