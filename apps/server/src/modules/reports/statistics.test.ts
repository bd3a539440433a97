// GET /api/reports/statistics against counts made directly in SQL on seeded activity, on both
// engines: every card, the two charts' series, the site filter, and the endpoint's refusals.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { dayStart, nextDay } from '../../lib/days';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { localDay } from './period';
import { type Seeded, seedActivity } from './test-support';

describe.each(engines)('report statistics (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  let seeded: Seeded;
  const tz = 'Europe/Paris';
  const today = localDay(new Date(), tz);
  const start = localDay(new Date(Date.now() - 12 * 86_400_000), tz);

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app);
    other = await registerCompany(t.app);
    seeded = await seedActivity(t.app, t.db, owner);
    await seedActivity(t.app, t.db, other, { seed: 99, alarms: 15, logs: 10 });
  }, 120_000);
  afterAll(() => t?.close());

  const get = (url: string, who: Tenant | null = owner) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

  /** The figures counted straight from the tables, for the owner's company. */
  async function expected(siteId: string | null) {
    const c = owner.company.id;
    const from = dayStart(start, tz).toISOString();
    const to = dayStart(nextDay(today), tz).toISOString();
    const site = (col: string) => (siteId ? sql.raw(` and ${col} = '${siteId}'`) : sql``);
    return t.db.withTenant(c, async (tx) => {
      const one = async (q: ReturnType<typeof sql>) =>
        rowsOf<Record<string, unknown>>(await tx.execute(q))[0] ?? {};
      const a =
        await one(sql`select count(*)::int as total, count(*) filter (where status = 'resolved')::int as resolved,
          avg(extract(epoch from coalesce(acknowledged_at, resolved_at) - triggered_at))::float8 as resp
          from alarms where company_id = ${c} and triggered_at between ${from}::timestamptz and ${to}::timestamptz - interval '1 microsecond' ${site('site_id')}`);
      const p = await one(sql`select sum(p.ok_probes)::float8 / nullif(sum(p.probes), 0) * 100 as uptime
          from camera_probes p, cameras k where k.company_id = p.company_id and k.id = p.camera_id and p.company_id = ${c}
          and p.bucket >= ${from}::timestamptz and p.bucket < ${to}::timestamptz ${site('k.site_id')}`);
      const l =
        await one(sql`select count(*)::int as n, count(*) filter (where status = 'Refusé')::int as refused
          from access_logs where company_id = ${c} and at >= ${from}::timestamptz and at < ${to}::timestamptz ${site('site_id')}`);
      const s = await one(
        sql`select count(distinct agent_id)::int as n from shifts where company_id = ${c} and status = 'En cours' ${site('site_id')}`,
      );
      const m = await one(
        sql`select count(*)::int as n from sites where company_id = ${c} and status = 'active' ${site('id')}`,
      );
      const perDay = rowsOf<{ day: string; n: number; critical: number; refused: number }>(
        await tx.execute(sql`select to_char(triggered_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as n,
            count(*) filter (where severity = 'critical')::int as critical, 0 as refused
            from alarms where company_id = ${c} and triggered_at >= ${from}::timestamptz ${site('site_id')} group by 1`),
      );
      const refusals = rowsOf<{ day: string; n: number }>(
        await tx.execute(sql`select to_char(at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as n
            from access_logs where company_id = ${c} and status = 'Refusé' and at >= ${from}::timestamptz ${site('site_id')} group by 1`),
      );
      return {
        totalIncidents: a.total,
        resolvedIncidents: a.resolved,
        avgResponseTime: a.resp === null ? null : Math.round((Number(a.resp) / 60) * 10) / 10,
        camerasUptime: p.uptime === null ? null : Math.round(Number(p.uptime) * 10) / 10,
        accessAttempts: l.n,
        unauthorizedAttempts: l.refused,
        activeSecurity: s.n,
        sitesMonitored: m.n,
        perDay,
        refusals,
      };
    });
  }

  it('equals the counts made in SQL, for the whole company and for one site', async () => {
    for (const siteId of [null, seeded.siteIds[1] as string]) {
      const res = await get(
        `/api/reports/statistics?period=custom&startDate=${start}&endDate=${today}${siteId ? `&siteId=${siteId}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const want = await expected(siteId);
      const { perDay, refusals, ...cards } = want;
      expect(body).toMatchObject(cards);
      expect(body.totalIncidents).toBeGreaterThan(0);
      expect(body.activeSecurity).toBe(siteId ? 0 : 1);
      expect(body.alarmsPerDay).toHaveLength(13);
      for (const d of perDay) {
        const got = body.alarmsPerDay.find((x: { day: string }) => x.day === d.day);
        expect(got.low + got.medium + got.high + got.critical).toBe(d.n);
        expect(got.critical).toBe(d.critical);
      }
      const sumAlarms = body.alarmsPerDay.reduce(
        (n: number, d: { low: number; medium: number; high: number; critical: number }) =>
          n + d.low + d.medium + d.high + d.critical,
        0,
      );
      expect(sumAlarms).toBe(want.totalIncidents);
      for (const r of refusals) {
        expect(body.responsePerDay.find((x: { day: string }) => x.day === r.day).accessRefusals).toBe(r.n);
      }
    }
  });

  it('answers rolling periods ending today', async () => {
    const week = (await get('/api/reports/statistics?period=week')).json();
    expect(week.endDate).toBe(today);
    expect(week.alarmsPerDay).toHaveLength(7);
    const month = (await get('/api/reports/statistics')).json();
    expect(month.alarmsPerDay).toHaveLength(30);
    expect(month.totalIncidents).toBeGreaterThanOrEqual(week.totalIncidents);
  });

  it('refuses bad input in French, another company’s site, no session and agents', async () => {
    const bad = await get('/api/reports/statistics?period=decade');
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('Période invalide');
    const custom = await get('/api/reports/statistics?period=custom&startDate=2026-01-01');
    expect(custom.statusCode).toBe(422);
    const reversed = await get(
      '/api/reports/statistics?period=custom&startDate=2026-02-01&endDate=2026-01-01',
    );
    expect(JSON.stringify(reversed.json())).toContain('postérieure');
    const long = await get('/api/reports/statistics?period=custom&startDate=2020-01-01&endDate=2026-01-01');
    expect(JSON.stringify(long.json())).toContain('400 jours');
    expect((await get('/api/reports/statistics?siteId=abc')).statusCode).toBe(422);
    const foreign = await get(`/api/reports/statistics?siteId=${seeded.siteIds[0]}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Site introuvable');
    expect((await get('/api/reports/statistics', null)).statusCode).toBe(401);
    const agent = await addUser(t.app, owner, 'agent');
    const denied = await get('/api/reports/statistics', agent);
    expect(denied.statusCode).toBe(403);
    const operator = await addUser(t.app, owner, 'operator');
    expect((await get('/api/reports/statistics', operator)).statusCode).toBe(200);
  });
});
