// Alarms seen from the other screens: open alarms on site cards, counters, recent alerts and the
// 7-day chart of the dashboard overview.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { readOverview } from '../dashboard/dashboard.repository';

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
    await post(tenant, `/api/alarms/${done.id}/resolve`, {
      note: 'ok',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });
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

  it('counts today and the 7-day chart from the quarter-hour counts exactly as from the alarms, in any timezone', async () => {
    const tenant = await registerCompany(t.app);
    const companyId = tenant.company.id;
    const s = await addSite(tenant, 'Entrepôt');
    // 400 alarms spread over the last 9 days at odd minutes (a device's backlog, written directly),
    // then one moved to another severity and time, as the update trigger must follow.
    await t.db.withTenant(companyId, (tx) =>
      tx.execute(sql`
        insert into alarms (company_id, site_id, type, severity, title, description, location, source, triggered_at)
        select ${companyId}, ${s}, 'intrusion', (array['low','medium','high','critical'])[1 + i % 4],
               'Arriéré ' || i, 'd', 'l', 'device', now() - (i * interval '32 minutes 7 seconds')
          from generate_series(1, 400) i`),
    );
    await t.db.withTenant(companyId, (tx) =>
      tx.execute(sql`
        update alarms set severity = 'critical', triggered_at = now() - interval '2 days 5 hours'
         where company_id = ${companyId} and title = 'Arriéré 7'`),
    );
    const truth = async (timezone: string) =>
      rowsOf<{ day: string; severity: string; n: number }>(
        await t.db.withTenant(companyId, (tx) =>
          tx.execute(sql`
            select to_char(a.triggered_at at time zone ${timezone}, 'YYYY-MM-DD') as day, a.severity,
                   count(*)::int as n
              from alarms a where a.company_id = ${companyId} group by 1, 2`),
        ),
      );
    for (const timezone of ['Europe/Paris', 'America/New_York', 'Pacific/Marquesas', 'Asia/Kathmandu']) {
      const o = await readOverview(t.db, companyId, timezone);
      const rows = await truth(timezone);
      const count = (day: string, severity: string) =>
        rows.find((r) => r.day === day && r.severity === severity)?.n ?? 0;
      const today = o.alarms.perDay[6]?.date as string;
      expect(Number(o.alarms.today), timezone).toBe(
        rows.filter((r) => r.day === today).reduce((n, r) => n + r.n, 0),
      );
      for (const d of o.alarms.perDay) {
        expect(
          {
            date: d.date,
            critical: Number(d.critical),
            high: Number(d.high),
            medium: Number(d.medium),
            low: Number(d.low),
          },
          timezone,
        ).toEqual({
          date: d.date,
          critical: count(d.date, 'critical'),
          high: count(d.date, 'high'),
          medium: count(d.date, 'medium'),
          low: count(d.date, 'low'),
        });
      }
      expect(
        o.alarms.perDay.reduce(
          (n, d) => n + Number(d.critical) + Number(d.high) + Number(d.medium) + Number(d.low),
          0,
        ),
      ).toBeGreaterThan(250);
    }
  });

  it('gives the totals by status and severity (bell, counters, active critical) from the kept counts, exactly', async () => {
    const tenant = await registerCompany(t.app);
    const companyId = tenant.company.id;
    const s = await addSite(tenant, 'Quai');
    const severities = ['low', 'medium', 'high', 'critical'];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await create(tenant, {
        siteId: s,
        title: `Alarme ${i}`,
        description: 'd',
        location: 'l',
        severity: severities[i % 4],
      });
      ids.push(r.json().id);
    }
    // A device backlog written directly, some of it already resolved.
    await t.db.withTenant(companyId, (tx) =>
      tx.execute(sql`
        insert into alarms (company_id, site_id, type, severity, status, title, description, location, source)
        select ${companyId}, ${s}, 'fire', (array['low','medium','high','critical'])[1 + i % 4],
               case when i % 3 = 0 then 'resolved' else 'active' end, 'Lot ' || i, 'd', 'l', 'device'
          from generate_series(1, 30) i`),
    );
    for (const id of ids.slice(0, 5)) await post(tenant, `/api/alarms/${id}/acknowledge`);
    for (const id of ids.slice(3, 8))
      await post(tenant, `/api/alarms/${id}/resolve`, {
        note: 'Levée de doute faite',
        decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
      });
    // A refused transition changes nothing.
    expect((await post(tenant, `/api/alarms/${ids[3]}/acknowledge`)).statusCode).toBe(409);
    const other = await registerCompany(t.app);
    await create(other, {
      siteId: await addSite(other, 'Ailleurs'),
      title: 'x',
      description: 'd',
      location: 'l',
      severity: 'critical',
    });

    const truth = rowsOf<{ status: string; severity: string; n: number }>(
      await t.db.withTenant(companyId, (tx) =>
        tx.execute(
          sql`select status, severity, count(*)::int as n from alarms where company_id = ${companyId} group by 1, 2`,
        ),
      ),
    );
    const expected = (status?: string, severity?: string) =>
      truth
        .filter((r) => (!status || r.status === status) && (!severity || r.severity === severity))
        .reduce((n, r) => n + r.n, 0);
    for (const status of [undefined, 'active', 'acknowledged', 'resolved']) {
      for (const severity of [undefined, ...severities]) {
        const q = new URLSearchParams({
          limit: '1',
          ...(status ? { status } : {}),
          ...(severity ? { severity } : {}),
        });
        const res = await t.app.inject({ method: 'GET', url: `/api/alarms?${q}`, headers: tenant.auth });
        expect(Number(res.headers['x-total-count']), `${status} ${severity}`).toBe(
          expected(status, severity),
        );
      }
    }
    expect(expected()).toBe(42);
    const o = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: tenant.auth })
    ).json();
    expect(o.stats.criticalAlerts).toBe(expected('active', 'critical'));
  });
});
