// A report table pages on (time, id): the next page starts after the last row's key. Times written
// by the database carry microseconds (now(), intervals), which a JavaScript Date cuts: a key cut to
// the millisecond made the last row come back on every page, and a report of a few alarms went round
// until its 250,000-row cap (the demo's report on PostgreSQL, found by the demo seed's test).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../../../test/harness';
import { periodOf } from '../period';
import { tablesOf } from './tables';

describe.each(engines)('report table pages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads each alarm once when the times carry microseconds', async () => {
    const owner = await registerCompany(t.app);
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: owner.auth,
      payload: { name: 'Dépôt', address: '1 rue du Port, Lyon' },
    });
    for (const title of ['Porte forcée', 'Intrusion', 'Défaut SSI']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/alarms',
        headers: owner.auth,
        payload: { siteId: site.json().id, title, description: 'Test', location: 'Hall' },
      });
      expect(res.statusCode).toBe(201);
    }
    const companyId = owner.company.id;
    await t.db.withTenant(companyId, (tx) =>
      tx.execute(sql`update alarms set triggered_at = timestamptz '2026-11-20 10:00:00.123100+00'
        + (1 + random() * 800)::int * interval '1 microsecond' where company_id = ${companyId}`),
    );
    const [source] = await tablesOf('alarms', {
      db: t.db,
      companyId,
      period: periodOf('2026-11-19', '2026-11-21', 'Europe/Paris'),
      siteId: null,
    });
    if (!source) throw new Error('no alarm table');
    const first = await source.page(null);
    expect(first.rows).toHaveLength(3);
    const next = await source.page(first.last);
    expect(next.rows).toHaveLength(0);
  });
});
