// The audit journal list read in one round trip: the page and its bounded total in one statement, a
// search whose words match few entries too (its count, page and total); a search matching more than
// the bound reads a second time (the walk), and so does an empty page after a cursor (its total).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth';
import { signCursor } from '../../plugins/pagination';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { roundTripCounter } from '../../test/round-trips';
import { COUNT_BOUND } from './audit.repository';
import { recordAudit } from './audit.service';
import { listJournal } from './journal.service';

describe.each(engines)('audit journal list on %s', (engine) => {
  let t: TestApp;
  let company: Tenant;
  const past = ['2000-01-01T00:00:00.000000Z', 1] as [string, number];

  beforeAll(async () => {
    t = await createTestApp(engine);
    company = await registerCompany(t.app);
    const companyId = company.company.id;
    await t.db.withTenant(companyId, async (tx) => {
      for (let i = 0; i < 30; i++)
        await recordAudit(tx, {
          companyId,
          actorUserId: null,
          action: 'job.few',
          entity: 'job',
          details: { title: `Vitrine ${i}` },
        });
      // More than the bound, in one statement (the search tokens are kept by triggers).
      await tx.execute(sql`insert into audit_log (company_id, action, entity, details)
        select ${companyId}, 'job.many', 'job', jsonb_build_object('title', 'Portail ' || i)
          from generate_series(1, ${COUNT_BOUND + 1}) i`);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: company.auth });
  const cursor = (values: [string, number]) =>
    encodeURIComponent(signCursor(t.app.secrets, company.company.id, '/api/audit', values));

  it('answers the total of an empty page after the last cursor, filtered, searched or not', async () => {
    for (const [query, total] of [
      ['action=job.few', '30'],
      ['action=job.', String(COUNT_BOUND + 1)],
      ['', String(COUNT_BOUND + 1)],
      ['search=vitrine', '30'],
      ['search=vitrine&action=job.few', '30'],
      ['search=vitrine&action=job.many', '0'],
      ['search=portail', String(COUNT_BOUND + 1)],
      // Many matches narrowed by another filter are counted with it.
      ['search=portail&action=job.many', String(COUNT_BOUND + 1)],
      ['search=portail&action=job.few', '0'],
    ] as const) {
      const first = await list(`${query}&limit=5`);
      expect(first.statusCode, query).toBe(200);
      expect(first.headers['x-total-count'], query).toBe(total);
      const res = await list(`${query}&limit=5&cursor=${cursor(past)}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toEqual([]);
      expect(res.headers['x-total-count'], query).toBe(total);
    }
    // A search of no word matches nothing.
    const none = await list('search=%21%21');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('pages a few-match search to its end with its total on every page', async () => {
    const titles: string[] = [];
    let url: string | undefined = '/api/audit?search=vitrine&limit=7';
    while (url) {
      const res: Awaited<ReturnType<typeof list>> = await t.app.inject({
        method: 'GET',
        url,
        headers: company.auth,
      });
      expect(res.headers['x-total-count']).toBe('30');
      titles.push(...res.json().map((e: { details: { title: string } }) => e.details.title));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(titles).toEqual(Array.from({ length: 30 }, (_, i) => `Vitrine ${29 - i}`));
  });

  it('refuses a non-administrator before any read, and reads in one round trip', async () => {
    const counter = roundTripCounter(t.db, engine);
    const db = counter.db;
    const auth = (role: AuthContext['role']) =>
      ({
        companyId: company.company.id,
        userId: company.user.id,
        role,
        user: { timezone: 'Europe/Paris' },
      }) as AuthContext;
    const query = (q: Record<string, unknown>) =>
      ({ limit: 50, ...q }) as unknown as Parameters<typeof listJournal>[2];
    const after = Buffer.from(JSON.stringify(past)).toString('base64url');
    const roundTrips = counter.count;
    try {
      const operator = await addUser(t.app, company, 'operator');
      await expect(
        listJournal(db, { ...auth('operator'), userId: operator.user.id }, query({})),
      ).rejects.toMatchObject({ statusCode: 403 });
      expect(await roundTrips(() => listJournal(db, auth('operator'), query({})))).toEqual({
        reads: [],
        messages: 0,
      });

      const one = { reads: ['read'], messages: 1 };
      expect(await roundTrips(() => listJournal(db, auth('admin'), query({})))).toEqual(one);
      // An action prefix is bound and planned with its value (decision 0021): one message still.
      expect(await roundTrips(() => listJournal(db, auth('admin'), query({ action: 'job.' })))).toEqual({
        reads: ['read (planned)'],
        messages: 1,
      });
      expect(
        await roundTrips(() =>
          listJournal(db, auth('admin'), query({ from: '2026-01-01', to: '2026-12-31' })),
        ),
      ).toEqual(one);
      expect(await roundTrips(() => listJournal(db, auth('admin'), query({ cursor: after })))).toEqual({
        reads: ['read', 'read'],
        messages: 2,
      });
      // Few matches: their count, the page and the total in one statement, after a cursor too.
      const planned = { reads: ['read (planned)'], messages: 1 };
      expect(await roundTrips(() => listJournal(db, auth('admin'), query({ search: 'vitrine' })))).toEqual(
        planned,
      );
      expect(
        await roundTrips(() => listJournal(db, auth('admin'), query({ search: 'vitrine', cursor: after }))),
      ).toEqual(planned);
      // More than the bound: the count, then the walk with its total.
      expect(await roundTrips(() => listJournal(db, auth('admin'), query({ search: 'portail' })))).toEqual({
        reads: ['read (planned)', 'read (planned)'],
        messages: 2,
      });
      expect(await roundTrips(() => listJournal(db, auth('admin'), query({ search: '!!' })))).toEqual({
        reads: [],
        messages: 0,
      });
    } finally {
      counter.restore();
    }
  });
});
