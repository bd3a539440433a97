// The list's query plan on seeded data: the status page walks the (company_id, status,
// triggered_at desc, id desc) index and stops after the page, with no sort and no full scan, on
// both engines (the bench measures the timing on 500,000 alarms).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { listAlarmsSql } from './alarm-list.repository';

describe.each(engines)('alarm list plan on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the page from the index in order, without sorting, also after a cursor', async () => {
    const owner = await registerCompany(t.app);
    const c = owner.company.id;
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'S', address: 'A' },
      })
    ).json().id;
    // In batches: each insert feeds the word-token and count triggers, and one 20,000-row
    // statement on a loaded CI machine came near the pool's 10 s query timeout.
    for (let from = 1; from <= 20_000; from += 2_500) {
      await t.db.withTenant(c, (tx) =>
        tx.execute(sql`
          insert into alarms (company_id, site_id, type, severity, status, title, description, location, source, triggered_at)
          select ${c}::uuid, ${siteId}::uuid, 'intrusion', 'high',
                 case when i % 50 = 0 then 'active' else 'resolved' end, 'A' || i, 'd', 'l', 'device',
                 now() - make_interval(secs => i)
            from generate_series(${from}::int, ${from + 2_499}::int) i`),
      );
    }
    await t.db.withTenant(c, (tx) => tx.execute(sql`analyze alarms`));
    const plan = async (after?: [string, string]) =>
      rowsOf<{ 'QUERY PLAN': string }>(
        await t.db.withTenant(c, (tx) =>
          tx.execute(sql`explain ${listAlarmsSql(c, { status: 'active' }, { limit: 50, after })}`),
        ),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    for (const p of [
      await plan(),
      await plan([new Date().toISOString(), '00000000-0000-0000-0000-000000000000']),
    ]) {
      expect(p).toContain('alarms_company_status_triggered_idx');
      expect(p).not.toMatch(/\bSort\b/);
      expect(p).not.toMatch(/Seq Scan on alarms/);
    }
  });
});
