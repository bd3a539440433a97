import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { probeAllCameras } from '../cameras/camera-monitor';

describe.each(engines)('dashboard overview on %s', (engine) => {
  let t: TestApp;
  let rtspPort: Server;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
    rtspPort = createServer((s) => s.end());
    await new Promise<void>((r) => rtspPort.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    await new Promise((r) => rtspPort.close(r));
    await t.close();
  });

  const overview = (tenant: Tenant) =>
    t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: tenant.auth });
  const addSite = async (tenant: Tenant, name: string, status = 'active') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: tenant.auth,
        payload: { name, address: `${name}, Lyon`, status },
      })
    ).json().id as string;
  const addCamera = (tenant: Tenant, siteId: string, name: string, rtspUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: tenant.auth,
      payload: { siteId, name, location: 'X', rtspUrl },
    });

  it('answers zeros and "no data" for an empty company, never invented figures', async () => {
    const owner = await registerCompany(t.app);
    const res = await overview(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      stats: {
        totalSites: 0,
        newSitesThisMonth: 0,
        activeCameras: 0,
        totalCameras: 0,
        alertsToday: 0,
        criticalAlerts: 0,
        onlineAgents: 0,
        totalAgents: 0,
      },
      recentAlerts: [],
      activeSites: [],
      alarmsPerDay: expect.any(Array),
      systemHealth: [
        { name: 'Caméras', status: 'Aucune donnée', uptime: null, description: 'Aucune caméra installée' },
        {
          name: 'Alarmes',
          status: 'Aucune donnée',
          uptime: null,
          description: "Aucune centrale d'alarme raccordée",
        },
        {
          name: 'Réception des alarmes',
          status: 'Aucune donnée',
          uptime: null,
          description: 'Réception des alarmes désactivée (ALARM_RECEIVER_PORT=off)',
        },
        { name: 'Accès', status: 'Aucune donnée', uptime: null, description: "Aucun point d'accès raccordé" },
        { name: 'Agents', status: 'Aucune donnée', uptime: null, description: 'Aucune garde en cours' },
      ],
    });
    // Seven days, oldest first, every count zero.
    const days = res.json().alarmsPerDay;
    expect(days).toHaveLength(7);
    for (const d of days) expect(d).toMatchObject({ critique: 0, important: 0, moyen: 0, faible: 0 });
    expect(days[6].date > days[0].date).toBe(true);
  });

  it('computes counters, the 5 latest active sites and camera availability from real rows', async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    await addSite(other, 'Ailleurs');
    const ids: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'])
      ids.push(await addSite(owner, name));
    await addSite(owner, 'Fermé', 'inactive');
    const [alpha, bravo] = ids as [string, string];
    const port = (rtspPort.address() as AddressInfo).port;
    expect((await addCamera(owner, alpha, 'En ligne', `rtsp://127.0.0.1:${port}/`)).statusCode).toBe(201);
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    expect((await addCamera(owner, alpha, 'Hors ligne', 'rtsp://127.0.0.1:1/')).statusCode).toBe(201);
    // An older site, created last month, touched just now: first of the list, not new this month.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update sites set created_at = now() - interval '45 days' where company_id = ${owner.company.id} and id = ${bravo}`,
      ),
    );
    await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${bravo}`,
      headers: owner.auth,
      payload: { contactName: 'Léa' },
    });
    await probeAllCameras(t.db, t.app.outbound, { timeoutMs: 1000 });

    const res = await overview(owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({
      totalSites: 7,
      newSitesThisMonth: 6,
      activeCameras: 1,
      totalCameras: 2,
      alertsToday: 0,
      criticalAlerts: 0,
      onlineAgents: 0,
      totalAgents: 0,
    });
    expect(body.activeSites.map((s: { name: string }) => s.name)).toEqual([
      'Bravo',
      'Foxtrot',
      'Echo',
      'Delta',
      'Charlie',
    ]);
    expect(body.activeSites[0]).toMatchObject({
      id: bravo,
      address: 'Bravo, Lyon',
      status: 'Actif',
      cameras: 0,
      accessPoints: 0,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${alpha}`,
      headers: owner.auth,
      payload: { name: 'Alpha' },
    });
    const again = (await overview(owner)).json();
    expect(again.activeSites[0]).toMatchObject({ id: alpha, cameras: 2 });
    expect(again.systemHealth[0]).toEqual({
      name: 'Caméras',
      status: 'Dégradé',
      uptime: '50.0%',
      description: '1/2 caméras en ligne, disponibilité sur 24 h',
    });
  });

  it('is open to agents and needs a session', async () => {
    const owner = await registerCompany(t.app);
    const agent = await addUser(t.app, owner, 'agent');
    expect((await overview(agent)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview' });
    expect(anonymous.statusCode).toBe(401);
    expect(typeof anonymous.json().detail).toBe('string');
  });
});
