// The site list's cameras and open alarms come from counts kept by triggers (site_counts, migration
// 0028): after cameras and alarms are created, moved, acknowledged, resolved and deleted, in two
// companies, every site's kept counts equal the rows counted live.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';

describe.each(engines)('kept site counts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (
    tenant: Tenant,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({ method, url, headers: tenant.auth, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : (res.json() as { id: string });
  };

  async function busyCompany() {
    const owner = await registerCompany(t.app, { subscription: 'enterprise' });
    const sites: string[] = [];
    for (const name of ['Entrepôt Nord', 'Mairie', 'Clinique']) {
      sites.push((await call(owner, 'POST', '/api/sites', { name, address: `1 rue ${name}` }))?.id as string);
    }
    const [a, b, c] = sites as [string, string, string];
    const cameras: string[] = [];
    for (const [i, siteId] of [a, a, a, b].entries()) {
      cameras.push(
        (await call(owner, 'POST', '/api/cameras', { siteId, name: `Cam ${i}`, location: 'Hall' }))
          ?.id as string,
      );
    }
    const alarms: string[] = [];
    for (const siteId of [a, a, a, a, b, b, c]) {
      const body = { siteId, title: 'Intrusion', description: 'Zone 1', location: 'Hall', severity: 'high' };
      alarms.push((await call(owner, 'POST', '/api/alarms', body))?.id as string);
    }
    // Acknowledged stays open; resolved leaves the count; a camera moves; another goes.
    await call(owner, 'POST', `/api/alarms/${alarms[0]}/acknowledge`);
    await call(owner, 'POST', `/api/alarms/${alarms[1]}/resolve`, {
      note: 'Levée de doute',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });
    await call(owner, 'POST', `/api/alarms/${alarms[6]}/resolve`, {
      note: 'Fausse alerte',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });
    await call(owner, 'PATCH', `/api/cameras/${cameras[0]}`, { siteId: c });
    await call(owner, 'DELETE', `/api/cameras/${cameras[1]}`);
    return { owner, sites };
  }

  it("equal the live counts of every site, and a company's counts are its own", async () => {
    const one = await busyCompany();
    const two = await busyCompany();
    for (const { owner } of [one, two]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/sites?limit=50', headers: owner.auth });
      const listed = (list.json() as { id: string; camerasCount: number; alarmsCount: number }[])
        .map((s) => ({ id: s.id, cameras: s.camerasCount, open: s.alarmsCount }))
        .sort((x, y) => x.id.localeCompare(y.id));
      const live = await t.db.readTenant<{ id: string; cameras: number; open: number }>(
        owner.company.id,
        sql`select s.id,
                   (select count(*)::int from cameras c where c.company_id = s.company_id and c.site_id = s.id) as cameras,
                   (select count(*)::int from alarms a where a.company_id = s.company_id and a.site_id = s.id
                      and a.status <> 'resolved') as open
              from sites s where s.company_id = ${owner.company.id} order by s.id`,
        { prepare: false },
      );
      expect(listed).toEqual(
        live.map((r) => ({ id: r.id, cameras: Number(r.cameras), open: Number(r.open) })),
      );
      // Entrepôt Nord: 3 cameras, one moved away, one deleted; 4 alarms, one resolved.
      expect(listed.map((s) => [s.cameras, s.open]).sort()).toEqual(
        [
          [1, 0],
          [1, 2],
          [1, 3],
        ].sort(),
      );
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/sites/${listed[0]?.id}`,
        headers: owner.auth,
      });
      expect({ cameras: detail.json().camerasCount, open: detail.json().alarmsCount }).toEqual({
        cameras: listed[0]?.cameras,
        open: listed[0]?.open,
      });
    }
  });

  it('keep the list totals by status and type through creations, edits and deletions', async () => {
    const owner = await registerCompany(t.app, { subscription: 'enterprise' });
    const other = await registerCompany(t.app, { subscription: 'enterprise' });
    await call(other, 'POST', '/api/sites', { name: 'Autre', address: '1 rue Autre', type: 'public' });
    const ids: string[] = [];
    for (const [i, type] of ['commercial', 'industriel', 'industriel', 'public', 'residentiel'].entries()) {
      ids.push(
        (await call(owner, 'POST', '/api/sites', { name: `Site ${i}`, address: `${i} rue`, type }))
          ?.id as string,
      );
    }
    await call(owner, 'PATCH', `/api/sites/${ids[0]}`, { status: 'inactive' });
    await call(owner, 'PATCH', `/api/sites/${ids[1]}`, { type: 'public', status: 'inactive' });
    await call(owner, 'PATCH', `/api/sites/${ids[2]}`, { name: 'Renommé' });
    await call(owner, 'DELETE', `/api/sites/${ids[3]}`);
    const totalOf = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sites?limit=1${query}`,
        headers: owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.headers['x-total-count']);
    };
    // Live: commercial inactive, public inactive, industriel active, residentiel active.
    expect(await totalOf('')).toBe(4);
    expect(await totalOf('&status=active')).toBe(2);
    expect(await totalOf('&status=inactive')).toBe(2);
    expect(await totalOf('&type=public')).toBe(1);
    expect(await totalOf('&type=industriel&status=active')).toBe(1);
    expect(await totalOf('&type=commercial&status=active')).toBe(0);
    // Past the last page (an empty page after a cursor reads the total apart).
    const all = await t.app.inject({ method: 'GET', url: '/api/sites?limit=4', headers: owner.auth });
    expect(all.json()).toHaveLength(4);
    expect(Number(all.headers['x-total-count'])).toBe(4);
  });
});
