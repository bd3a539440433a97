// The in-memory caches (list answers, resolved sessions) on both engines: an answer is reused until
// the company's data changes, a client reads its own writes at once, a write made elsewhere (a job,
// another instance) reaches the answers through the change feed, and no company ever receives
// another company's answer. Docs/decisions/0006.
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../db/schema';
import {
  addUser,
  createTestApp,
  engines,
  login,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../test/harness';

/** Retries `check` until it passes or `ms` elapse (a notification arrives a moment after commit). */
async function eventually(check: () => Promise<void>, ms = 2000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe.each(engines)('read cache and session cache (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  const createSite = async (tenant: Tenant, name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: tenant.auth,
      payload: { name, address: '1 rue de la Paix, Paris', type: 'commercial' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const listSites = (tenant: Tenant, query = '?limit=50') =>
    t.app.inject({ method: 'GET', url: `/api/sites${query}`, headers: tenant.auth });

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app, { name: 'Cache A' });
    other = await registerCompany(t.app, { name: 'Cache B' });
  });
  afterAll(() => t?.close());

  it('answers the same list from memory, headers included, until the company writes', async () => {
    await createSite(owner, 'Entrepôt Nord');
    // The notification of the creation's commit may arrive during the first read, which is then not
    // kept (it may be stale): read until an answer is kept.
    await eventually(async () => {
      expect((await listSites(owner)).statusCode).toBe(200);
      expect(t.app.answers?.size ?? 0).toBeGreaterThan(0);
    });
    const first = await listSites(owner);
    const second = await listSites(owner);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-total-count']).toBe('1');
    expect(second.headers['content-type']).toContain('application/json');
    // Security headers are set on every answer, cached or not.
    expect(second.headers['x-content-type-options']).toBe('nosniff');

    // A write through the API is read back by the very next request.
    await createSite(owner, 'Entrepôt Sud');
    const third = await listSites(owner);
    expect(third.headers['x-total-count']).toBe('2');
    expect(third.json().map((s: { name: string }) => s.name)).toEqual(['Entrepôt Nord', 'Entrepôt Sud']);
  });

  it('reads the database once for many identical requests after a change', async () => {
    const overview = () =>
      t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: owner.auth });
    expect((await overview()).statusCode).toBe(200);
    // A change, as the feed would announce it (without a write whose own notification could land
    // in the middle of the reads below).
    t.app.changes.changed(owner.company.id);
    const real = t.db.readTenant;
    let reads = 0;
    t.db.readTenant = <T>(...args: Parameters<typeof real>) => {
      reads += 1;
      return real.apply(t.db, args) as Promise<T[]>;
    };
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, overview));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(reads).toBe(1);
    } finally {
      t.db.readTenant = real;
    }
  });

  it('never answers one company with what was kept for another', async () => {
    const mine = await listSites(owner);
    const theirs = await listSites(other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    expect(mine.json().length).toBeGreaterThan(0);
  });

  it('sees a write made outside this request path (a job, another instance) through the change feed', async () => {
    const { id } = await createSite(owner, 'Dépôt Ouest');
    const before = await listSites(owner, '?limit=50&search=depot');
    expect(before.json().map((s: { name: string }) => s.name)).toEqual(['Dépôt Ouest']);
    // Straight to the database, as the camera monitor or another instance would: no request here
    // knows of it, only the notification of its commit.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx
        .update(sites)
        .set({ name: 'Dépôt Ouest renommé' })
        .where(and(eq(sites.companyId, owner.company.id), eq(sites.id, id))),
    );
    await eventually(async () => {
      const after = await listSites(owner, '?limit=50&search=depot');
      expect(after.json().map((s: { name: string }) => s.name)).toEqual(['Dépôt Ouest renommé']);
    });
  });

  it('ends a session at once on logout, and applies a role change at the next request', async () => {
    const admin = await addUser(t.app, owner, 'admin');
    expect((await listSites(admin)).statusCode).toBe(200);
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      headers: owner.auth,
      payload: { role: 'agent', adminPassword: owner.password },
    });
    expect(demote.statusCode).toBe(200);
    const create = (who: Tenant) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: who.auth,
        payload: { name: 'Interdit', address: '2 rue de Rivoli, Paris', type: 'public' },
      });
    // A lowered role ends the user's sessions (issue 29): the cached session does not survive it.
    expect((await create(admin)).statusCode).toBe(401);
    expect((await listSites(admin)).statusCode).toBe(401);
    const agent = await login(t.app, admin.user.email, admin.password);
    expect((await create(agent)).statusCode).toBe(403);

    expect((await listSites(agent)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: agent.auth });
    expect(out.statusCode).toBeLessThan(300);
    const after = await listSites(agent);
    expect(after.statusCode).toBe(401);
  });

  it.skipIf(engine !== 'postgres')(
    'keeps nothing while the change feed is down, and starts afresh when it is back',
    async () => {
      await listSites(owner);
      // Cut this instance's LISTEN connection from the server side, as a database restart would.
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
        );
        // A write while the feed is away: its notification is lost for good.
        await admin.query(`update sites set address = '3 quai des Orfèvres, Paris' where company_id = $1`, [
          owner.company.id,
        ]);
      } finally {
        await admin.end();
      }
      await eventually(async () => {
        const res = await listSites(owner);
        expect(res.json().every((s: { address: string }) => s.address === '3 quai des Orfèvres, Paris')).toBe(
          true,
        );
      }, 5000);
      await eventually(async () => expect(t.app.changes.live).toBe(true), 15_000);
    },
    20_000,
  );
});
