// Concurrent creations share one transaction (db/group-commit.ts): each caller still gets its own
// alarm, with its own author, timeline, audit entry and event; a bad site in the group fails only
// its own request; and another company's concurrent creations never mix with this one's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

describe.each(engines)('alarm creation in groups (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let operator: Tenant;
  let stranger: Tenant;
  let siteId: string;
  let strangerSiteId: string;
  const newSite = async (tenant: Tenant) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: tenant.auth,
        payload: { name: 'Siège', address: '1 avenue de France, Paris' },
      })
    ).json().id as string;
  const raise = (tenant: Tenant, site: string, title: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alarms',
      headers: tenant.auth,
      payload: { siteId: site, title, description: 'Détecteur', location: 'Hall', severity: 'high' },
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app, { subscription: 'pro' });
    operator = await addUser(t.app, owner, 'operator');
    stranger = await registerCompany(t.app);
    siteId = await newSite(owner);
    strangerSiteId = await newSite(stranger);
  });
  afterAll(() => t?.close());

  it('answers each of 30 concurrent creations with its own alarm, and fails only the bad one', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 14 }, (_, i) => raise(owner, siteId, `Owner ${i}`)),
      ...Array.from({ length: 14 }, (_, i) => raise(operator, siteId, `Operator ${i}`)),
      raise(owner, strangerSiteId, 'Site of another company'),
      raise(stranger, strangerSiteId, 'Stranger'),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, 28)).toEqual(Array(28).fill(201));
    expect(statuses[28]).toBe(404);
    expect(answers[28]?.json().detail).toBe('Site introuvable');
    expect(statuses[29]).toBe(201);

    for (const [i, a] of answers.slice(0, 28).entries()) {
      const body = a.json();
      const author = i < 14 ? owner.user.name : operator.user.name;
      expect(body.title).toBe(i < 14 ? `Owner ${i}` : `Operator ${i - 14}`);
      expect(body.timeline).toEqual([expect.objectContaining({ kind: 'created', author })]);
    }
    const ids = new Set(answers.slice(0, 28).map((a) => a.json().id));
    expect(ids.size).toBe(28);

    const counts = rowsOf<{ alarms: number; audits: number; events: number; timeline: number }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select
          (select count(*)::int from alarms where company_id = ${owner.company.id}) as alarms,
          (select count(*)::int from audit_log where company_id = ${owner.company.id} and action = 'alarm.created') as audits,
          (select count(*)::int from events where company_id = ${owner.company.id} and type = 'alarm.created') as events,
          (select count(*)::int from alarm_events where company_id = ${owner.company.id} and kind = 'created') as timeline`),
      ),
    )[0];
    expect(counts).toEqual({ alarms: 28, audits: 28, events: 28, timeline: 28 });

    const theirs = await t.app.inject({ method: 'GET', url: '/api/alarms', headers: stranger.auth });
    expect(theirs.json().map((a: { title: string }) => a.title)).toEqual(['Stranger']);
  });
});
