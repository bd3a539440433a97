// The main courante list read in one round trip: the page, the total and the reader's right to the
// site in one statement; an empty page reads again to tell an unknown site (404), a site the agent
// has no shift on (403) and an empty page (its total after a cursor) apart.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth';
import { signCursor } from '../../plugins/pagination';
import {
  addUser,
  asOwner as asOwnerOf,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { roundTripCounter } from '../../test/round-trips';
import { listEntries } from './logbook.service';

describe.each(engines)('main courante list on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  let agent: Tenant;
  /** A site with 5 entries, the agent on duty there. */
  let site: { id: string; name: string };
  /** A site of the company without entries nor shifts. */
  let bare: { id: string; name: string };
  /** A site with 2 entries where the agent has only a cancelled shift. */
  let cancelled: { id: string; name: string };
  /** The other company's site, with an entry. */
  let theirs: { id: string; name: string };

  let n = 0;
  const createSite = async (tenant: Tenant) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: tenant.auth,
      payload: { name: `Site ${Date.now()}-${n++}`, address: '1 rue de la Paix, Paris' },
    });
    if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; name: string };
  };
  const write = async (tenant: Tenant, siteId: string, text: string, occurredAt?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logbook',
      headers: tenant.auth,
      payload: { siteId, category: 'ronde', text, ...(occurredAt ? { occurredAt } : {}) },
    });
    if (res.statusCode !== 201) throw new Error(`entry: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; number: number };
  };
  const asOwner = (q: ReturnType<typeof sql>) => asOwnerOf(t, q);
  /** A shift of the agent user on the site (clocked in when in progress). */
  const shift = async (companyId: string, agentId: string, siteId: string, status: string) => {
    await asOwner(sql`
      insert into shifts (company_id, agent_id, site_id, type, status, starts_at, ends_at, local_date,
                          start_time, end_time, worked_minutes, clock_in_at)
      values (${companyId}, ${agentId}, ${siteId}, 'custom', ${status}, now() - interval '1 hour',
              now() + interval '7 hours', current_date, '08:00', '16:00', 480,
              ${status === 'En cours' ? sql`now() - interval '1 hour'` : sql`null`})`);
  };
  const list = (who: Tenant, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/logbook?${query}`, headers: who.auth });
  const cursorAfter = (who: Tenant, number: number) =>
    encodeURIComponent(signCursor(t.app.secrets, who.company.id, '/api/logbook', [number]));

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app);
    other = await registerCompany(t.app);
    agent = await addUser(t.app, owner, 'agent');
    site = await createSite(owner);
    bare = await createSite(owner);
    cancelled = await createSite(owner);
    theirs = await createSite(other);
    const u = `${Date.now()}`;
    const [row] = (
      (await asOwner(sql`
        insert into agents (company_id, name, badge, phone, email, speciality, level, hire_date, user_id)
        values (${owner.company.id}, ${`Agent ${u}`}, ${`B-${u}`}, '0612345678', ${`a-${u}@exemple.fr`},
                'Surveillance', 'junior', '2024-01-15', ${agent.user.id})
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const agentId = row?.id as string;
    await shift(owner.company.id, agentId, site.id, 'En cours');
    await shift(owner.company.id, agentId, cancelled.id, 'Annulé');
    const hour = 3_600_000;
    for (let i = 5; i >= 1; i--)
      await write(owner, site.id, `Ronde ${6 - i}`, new Date(Date.now() - i * hour).toISOString());
    await write(owner, cancelled.id, 'Ronde A');
    await write(owner, cancelled.id, 'Ronde B');
    await write(other, theirs.id, 'Secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages with the total on every page, and after the last entry still answers the total', async () => {
    const first = await list(owner, `siteId=${site.id}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((e: { number: number }) => e.number)).toEqual([5, 4]);
    const last = await list(owner, `siteId=${site.id}&limit=2&cursor=${cursorAfter(owner, 2)}`);
    expect(last.json().map((e: { number: number }) => e.number)).toEqual([1]);
    expect(last.headers['x-total-count']).toBe('5');
    const past = await list(owner, `siteId=${site.id}&limit=2&cursor=${cursorAfter(owner, 1)}`);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    // A period: its own count, after the last cursor too.
    const from = encodeURIComponent(new Date(Date.now() - 3.5 * 3_600_000).toISOString());
    const period = await list(owner, `siteId=${site.id}&from=${from}`);
    expect(period.json().map((e: { number: number }) => e.number)).toEqual([5, 4, 3]);
    expect(period.headers['x-total-count']).toBe('3');
    const periodPast = await list(owner, `siteId=${site.id}&from=${from}&cursor=${cursorAfter(owner, 3)}`);
    expect(periodPast.json()).toEqual([]);
    expect(periodPast.headers['x-total-count']).toBe('3');
    // An empty register: no entry, no total.
    const empty = await list(owner, `siteId=${bare.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
  });

  it('answers 404 for an unknown or foreign site, with or without entries, and leaks nothing', async () => {
    for (const query of [
      `siteId=00000000-0000-4000-8000-000000000000`,
      `siteId=${theirs.id}`,
      `siteId=${theirs.id}&cursor=${cursorAfter(owner, 2)}`,
      `siteId=${theirs.id}&from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`,
    ]) {
      const res = await list(owner, query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().detail).toBe('Site introuvable');
      expect(res.body).not.toContain('Secret');
    }
    // The agent too: an unknown site is unknown before it is another's.
    expect((await list(agent, `siteId=${theirs.id}`)).statusCode).toBe(404);
  });

  it("limits an agent to their shifts' sites, whether the register is empty or not", async () => {
    const mine = await list(agent, `siteId=${site.id}&limit=2`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-total-count']).toBe('5');
    expect((await list(agent, `siteId=${site.id}&cursor=${cursorAfter(owner, 1)}`)).headers).toMatchObject({
      'x-total-count': '5',
    });
    for (const query of [
      `siteId=${bare.id}`,
      `siteId=${cancelled.id}`,
      `siteId=${cancelled.id}&cursor=${cursorAfter(owner, 2)}`,
    ]) {
      const res = await list(agent, query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().detail).toBe("Vous n'avez pas accès à la main courante de ce site");
      expect(res.body).not.toContain('Ronde');
    }
    // Administrators and operators read every site of the company.
    const operator = await addUser(t.app, owner, 'operator');
    expect((await list(operator, `siteId=${cancelled.id}`)).headers['x-total-count']).toBe('2');
  });

  it('reads a page in one round trip; only an empty page reads again', async () => {
    const counter = roundTripCounter(t.db, engine);
    const db = counter.db;
    const authOf = (who: Tenant, role: AuthContext['role']) =>
      ({ companyId: who.company.id, userId: who.user.id, role }) as AuthContext;
    const admin = authOf(owner, 'admin');
    const query = (q: Record<string, unknown>) =>
      ({ limit: 50, ...q }) as unknown as Parameters<typeof listEntries>[2];
    const cursor = (number: number) => Buffer.from(JSON.stringify([number])).toString('base64url');
    const roundTrips = counter.count;
    try {
      const one = { reads: ['read'], messages: 1 };
      const two = { reads: ['read', 'read'], messages: 2 };
      expect(await roundTrips(() => listEntries(db, admin, query({ siteId: site.id })))).toEqual(one);
      // A period is planned with its instants, still in one message.
      const from = new Date(Date.now() - 86_400_000).toISOString();
      expect(await roundTrips(() => listEntries(db, admin, query({ siteId: site.id, from })))).toEqual({
        reads: ['read (planned)'],
        messages: 1,
      });
      expect(
        await roundTrips(() => listEntries(db, authOf(agent, 'agent'), query({ siteId: site.id }))),
      ).toEqual(one);
      expect(
        await roundTrips(() => listEntries(db, admin, query({ siteId: site.id, cursor: cursor(1) }))),
      ).toEqual(two);
      expect(await roundTrips(() => listEntries(db, admin, query({ siteId: theirs.id })))).toEqual(two);
      expect(
        await roundTrips(() => listEntries(db, authOf(agent, 'agent'), query({ siteId: bare.id }))),
      ).toEqual(two);
    } finally {
      counter.restore();
    }
  });
});
