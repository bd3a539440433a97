// Alarms seen from the other screens: open alarms on site cards, counters, recent alerts and the
// 7-day chart of the dashboard overview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';

describe.each(engines)('alarms on sites and dashboard on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const addSite = async (tenant: Tenant, name: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: tenant.auth,
        payload: { name, address: `${name}, Lyon` },
      })
    ).json().id as string;
  const create = (tenant: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/alarms', headers: tenant.auth, payload });
  const post = (tenant: Tenant, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: tenant.auth, ...(payload ? { payload } : {}) });

  it('counts open alarms on site cards and feeds the dashboard (counters, recent alerts, 7-day chart)', async () => {
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    const s = await addSite(tenant, 'Tour Sud');
    const crit = (
      await create(tenant, {
        siteId: s,
        title: 'Panique',
        description: 'd',
        location: 'l',
        severity: 'critical',
      })
    ).json();
    await create(tenant, { siteId: s, title: 'Porte', description: 'd', location: 'l', severity: 'low' });
    const done = (
      await create(tenant, { siteId: s, title: 'Vieux', description: 'd', location: 'l' })
    ).json();
    await post(tenant, `/api/alarms/${done.id}/resolve`, { note: 'ok' });
    const site = (await t.app.inject({ method: 'GET', url: `/api/sites/${s}`, headers: tenant.auth })).json();
    expect(site.alarmsCount).toBe(2);
    const o = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: tenant.auth })
    ).json();
    expect(o.stats).toMatchObject({ alertsToday: 3, criticalAlerts: 1 });
    expect(o.recentAlerts[2]).toMatchObject({
      id: crit.id,
      title: 'Panique',
      severity: 'critique',
      location: 'l',
    });
    expect(o.recentAlerts.map((a: { severity: string }) => a.severity)).toEqual([
      'moyen',
      'faible',
      'critique',
    ]);
    expect(o.alarmsPerDay).toHaveLength(7);
    expect(o.alarmsPerDay[6]).toMatchObject({ critique: 1, important: 0, moyen: 1, faible: 1 });
    expect(o.alarmsPerDay[0]).toMatchObject({ critique: 0, important: 0, moyen: 0, faible: 0 });
  });
});
