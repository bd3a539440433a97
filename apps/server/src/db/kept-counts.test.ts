// Kept counts as deltas (migration 0038, docs/decisions/0020): what the screens show is the same
// before and after a fold, every delta is gone after it, and the base rows then equal the rows
// counted live; a deleted site's deltas are dropped, not folded into a row that cannot exist.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../test/harness';
import { foldKeptCounts } from './kept-counts';

const deltaTables = [
  'alarm_count_deltas',
  'alarm_status_count_deltas',
  'site_count_deltas',
  'site_total_deltas',
  'access_log_count_deltas',
  'access_log_site_total_deltas',
] as const;

describe.each(engines)('kept counts folded on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (tenant: Tenant, method: 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: tenant.auth, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : (res.json() as { id: string });
  };

  /** What the site list, the alarm list's totals and the dashboard show. */
  const figures = async (owner: Tenant) => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.auth });
    const sites = await get('/api/sites?limit=50');
    const active = await get('/api/alarms?status=active&limit=1');
    const all = await get('/api/alarms?limit=1');
    const overview = (await get('/api/dashboard/overview')).json() as Record<string, unknown>;
    return {
      sites: (sites.json() as { name: string; camerasCount: number; alarmsCount: number }[]).map(
        (s) => `${s.name}: ${s.camerasCount} cameras, ${s.alarmsCount} open`,
      ),
      siteTotal: sites.headers['x-total-count'],
      active: active.headers['x-total-count'],
      all: all.headers['x-total-count'],
      overview: JSON.stringify(overview),
    };
  };

  const pending = async (companyId: string) => {
    const [row] = await t.db.readTenant<Record<string, number>>(
      companyId,
      sql.join(
        [
          sql`select `,
          sql.join(
            deltaTables.map(
              (d) =>
                sql`(select count(*)::int from ${sql.identifier(d)} where company_id = ${companyId}) as ${sql.identifier(d)}`,
            ),
            sql`, `,
          ),
        ],
        sql``,
      ),
      { prepare: false },
    );
    return Object.values(row ?? {}).reduce((a, b) => a + Number(b), 0);
  };

  it('shows the same figures before and after a fold, with no delta left', async () => {
    const owner = await registerCompany(t.app, { subscription: 'enterprise' });
    const sites: string[] = [];
    for (const name of ['Entrepôt Nord', 'Mairie', 'Clinique'])
      sites.push((await call(owner, 'POST', '/api/sites', { name, address: `1 rue ${name}` }))?.id as string);
    const [a, b, c] = sites as [string, string, string];
    const cameras: string[] = [];
    for (const siteId of [a, a, c])
      cameras.push(
        (await call(owner, 'POST', '/api/cameras', { siteId, name: 'Caméra', location: 'Hall' }))
          ?.id as string,
      );
    const alarms: string[] = [];
    for (const [i, siteId] of [a, a, b, b, b].entries()) {
      const severity = i % 2 === 0 ? 'critical' : 'low';
      const body = { siteId, title: 'Intrusion', description: 'Zone 1', location: 'Hall', severity };
      alarms.push((await call(owner, 'POST', '/api/alarms', body))?.id as string);
    }
    await call(owner, 'POST', `/api/alarms/${alarms[0]}/acknowledge`);
    await call(owner, 'POST', `/api/alarms/${alarms[2]}/resolve`, {
      note: 'Levée de doute',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });

    const before = await figures(owner);
    expect(before.sites).toEqual([
      'Clinique: 1 cameras, 0 open',
      'Entrepôt Nord: 2 cameras, 2 open',
      'Mairie: 0 cameras, 2 open',
    ]);
    expect([before.siteTotal, before.active, before.all]).toEqual(['3', '3', '5']);
    expect(await pending(owner.company.id)).toBeGreaterThan(0);

    await foldKeptCounts(t.db);
    expect(await pending(owner.company.id)).toBe(0);
    expect(await figures(owner)).toEqual(before);

    // Changes after a fold add deltas to folded rows; a deleted site's deltas are dropped.
    await call(owner, 'DELETE', `/api/cameras/${cameras[2]}`);
    await call(owner, 'DELETE', `/api/sites/${c}`);
    await call(owner, 'POST', `/api/alarms/${alarms[1]}/resolve`, {
      note: 'Fausse alerte',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });
    const later = await figures(owner);
    expect(later.sites).toEqual(['Entrepôt Nord: 2 cameras, 1 open', 'Mairie: 0 cameras, 2 open']);
    await foldKeptCounts(t.db);
    expect(await pending(owner.company.id)).toBe(0);
    expect(await figures(owner)).toEqual(later);
    // The base rows alone now equal the live counts.
    const mismatches = await t.db.readTenant<{ site_id: string }>(
      owner.company.id,
      sql`select s.id::text as site_id from sites s left join site_counts k on k.company_id = s.company_id and k.site_id = s.id
           where s.company_id = ${owner.company.id}
             and (coalesce(k.cameras, 0) <> (select count(*) from cameras x where x.company_id = s.company_id and x.site_id = s.id)
               or coalesce(k.open_alarms, 0) <> (select count(*) from alarms x where x.company_id = s.company_id
                                                   and x.site_id = s.id and x.status <> 'resolved'))
          union all
          select k.status from alarm_status_counts k where k.company_id = ${owner.company.id}
             and k.n <> (select count(*) from alarms x where x.company_id = k.company_id and x.status = k.status
                           and x.severity = k.severity)`,
      { prepare: false },
    );
    expect(mismatches).toEqual([]);
  });
});
