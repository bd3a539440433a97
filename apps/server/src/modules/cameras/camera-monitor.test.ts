import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { FIRST_ROUND_DELAY_MS, probeAllCameras } from './camera-monitor';
import { type CameraStatusEvent, cameraStatusEvents } from './camera-status-events';

/** A real TCP listener standing in for a camera's RTSP port. */
const listen = (port = 0): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const close = (server: Server) => new Promise((r) => server.close(r));
const portOf = (server: Server) => (server.address() as AddressInfo).port;

describe.each(engines)('camera health monitor on %s', (engine) => {
  let t: TestApp;
  const servers: Server[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await Promise.all(servers.filter((s) => s.listening).map(close));
    await t.close();
  });

  const addCamera = async (tenant: Tenant, name: string, rtspUrl: string) => {
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: tenant.auth,
        payload: { name: `Site ${name}`, address: 'Rue' },
      })
    ).json().id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: tenant.auth,
      payload: { siteId, name, location: 'Quai', rtspUrl },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const camera = async (tenant: Tenant, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/cameras/${id}`, headers: tenant.auth })).json();

  it('marks open ports online, closed ones offline, and records each transition', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const open = await listen();
    const flapping = await listen();
    const gone = await listen();
    const closedPort = portOf(gone);
    await close(gone);
    servers.push(open, flapping);
    const flapPort = portOf(flapping);

    const openId = await addCamera(a, 'Ouverte', `rtsp://127.0.0.1:${portOf(open)}/live`);
    const closedId = await addCamera(a, 'Fermée', `rtsp://127.0.0.1:${closedPort}/live`);
    const flapId = await addCamera(a, 'Intermittente', `rtsp://127.0.0.1:${flapPort}/live`);
    const otherId = await addCamera(b, 'Autre société', `rtsp://127.0.0.1:${portOf(open)}/live`);

    const events: CameraStatusEvent[] = [];
    const onStatus = (e: CameraStatusEvent) => events.push(e);
    cameraStatusEvents.on('status', onStatus);
    try {
      const first = await probeAllCameras(t.db, t.app.outbound, { timeoutMs: 1000 });
      expect(first.probed).toBeGreaterThanOrEqual(4);
      const online = await camera(a, openId);
      expect(online.status).toBe('En ligne');
      expect(Date.parse(online.lastPing)).toBeGreaterThan(Date.now() - 60_000);
      expect(await camera(a, closedId)).toMatchObject({ status: 'Hors ligne', lastPing: null });
      expect((await camera(b, otherId)).status).toBe('En ligne');
      const flapPing = (await camera(a, flapId)).lastPing;
      expect(flapPing).not.toBeNull();

      // Down…
      await close(flapping);
      await probeAllCameras(t.db, t.app.outbound, { timeoutMs: 1000 });
      expect(await camera(a, flapId)).toMatchObject({ status: 'Hors ligne', lastPing: flapPing });
      // …and back on the same port.
      servers.push(await listen(flapPort));
      await probeAllCameras(t.db, t.app.outbound, { timeoutMs: 1000 });
      expect((await camera(a, flapId)).status).toBe('En ligne');
    } finally {
      cameraStatusEvents.off('status', onStatus);
    }

    const recorded = await t.db.withTenant(a.company.id, async (tx) =>
      rowsOf<{ from_status: string; to_status: string }>(
        await tx.execute(
          sql`select from_status, to_status from camera_events where company_id = ${a.company.id} and camera_id = ${flapId} order by id`,
        ),
      ),
    );
    // The first row is the initial discovery (new cameras start 'Hors ligne'); then down and back up.
    expect(recorded.slice(-2)).toEqual([
      { from_status: 'En ligne', to_status: 'Hors ligne' },
      { from_status: 'Hors ligne', to_status: 'En ligne' },
    ]);
    expect(events.filter((e) => e.cameraId === flapId).map((e) => e.status)).toEqual([
      'En ligne',
      'Hors ligne',
      'En ligne',
    ]);
    expect(events.find((e) => e.cameraId === closedId)).toBeUndefined();
    expect(events.find((e) => e.cameraId === otherId)?.companyId).toBe(b.company.id);

    // Hourly history: three probes of the flapping camera, two successful.
    const history = await t.db.withTenant(a.company.id, async (tx) =>
      rowsOf<{ probes: number; ok: number }>(
        await tx.execute(
          sql`select sum(probes)::int as probes, sum(ok_probes)::int as ok from camera_probes where company_id = ${a.company.id} and camera_id = ${flapId}`,
        ),
      ),
    );
    expect(history[0]).toEqual({ probes: 3, ok: 2 });
  });

  it('is started by the app when CAMERA_PROBE_INTERVAL_MS is set, and stops with it', async () => {
    const live = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '100' });
    try {
      const tenant = await registerCompany(live.app);
      const open = await listen();
      servers.push(open);
      const siteId = (
        await live.app.inject({
          method: 'POST',
          url: '/api/sites',
          headers: tenant.auth,
          payload: { name: 'S', address: 'R' },
        })
      ).json().id;
      const id = (
        await live.app.inject({
          method: 'POST',
          url: '/api/cameras',
          headers: tenant.auth,
          payload: { siteId, name: 'Auto', location: 'Q', rtspUrl: `rtsp://127.0.0.1:${portOf(open)}/` },
        })
      ).json().id;
      let status = 'Hors ligne';
      for (let i = 0; i < 50 && status !== 'En ligne'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (
          await live.app.inject({ method: 'GET', url: `/api/cameras/${id}`, headers: tenant.auth })
        ).json().status;
      }
      expect(status).toBe('En ligne');
    } finally {
      await live.close();
    }
  });

  it('runs its first round soon after start-up, not a full interval later', async () => {
    // Rounds every hour: only the first round can bring the camera online within the test.
    const live = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '3600000' });
    try {
      const tenant = await registerCompany(live.app);
      // A port free now: the camera is created offline (its immediate probe fails), then it opens.
      const probe = await listen();
      const port = portOf(probe);
      await close(probe);
      const siteId = (
        await live.app.inject({
          method: 'POST',
          url: '/api/sites',
          headers: tenant.auth,
          payload: { name: 'S', address: 'R' },
        })
      ).json().id;
      const id = (
        await live.app.inject({
          method: 'POST',
          url: '/api/cameras',
          headers: tenant.auth,
          payload: { siteId, name: 'Au démarrage', location: 'Q', rtspUrl: `rtsp://127.0.0.1:${port}/` },
        })
      ).json().id;
      const statusOf = async () =>
        (await live.app.inject({ method: 'GET', url: `/api/cameras/${id}`, headers: tenant.auth })).json()
          .status as string;
      expect(await statusOf()).toBe('Hors ligne');
      servers.push(await listen(port));
      let status = await statusOf();
      for (let i = 0; i < (FIRST_ROUND_DELAY_MS + 5000) / 200 && status !== 'En ligne'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        status = await statusOf();
      }
      expect(status).toBe('En ligne');
    } finally {
      await live.close();
    }
  }, 30_000);

  it('probes a camera at once when it is created or edited, and pushes the status', async () => {
    // Rounds every hour: only the immediate probe can bring the camera online within the test.
    const live = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '3600000' });
    try {
      const tenant = await registerCompany(live.app);
      const open = await listen();
      servers.push(open);
      const pushed: CameraStatusEvent[] = [];
      const onStatus = (e: CameraStatusEvent) => pushed.push(e);
      cameraStatusEvents.on('status', onStatus);
      const siteId = (
        await live.app.inject({
          method: 'POST',
          url: '/api/sites',
          headers: tenant.auth,
          payload: { name: 'S', address: 'R' },
        })
      ).json().id;
      const id = (
        await live.app.inject({
          method: 'POST',
          url: '/api/cameras',
          headers: tenant.auth,
          payload: { siteId, name: 'Neuve', location: 'Q', rtspUrl: 'rtsp://127.0.0.1:1/' },
        })
      ).json().id;
      const statusOf = async () =>
        (await live.app.inject({ method: 'GET', url: `/api/cameras/${id}`, headers: tenant.auth })).json()
          .status as string;
      const waitFor = async (wanted: string) => {
        let status = await statusOf();
        for (let i = 0; i < 50 && status !== wanted; i++) {
          await new Promise((r) => setTimeout(r, 100));
          status = await statusOf();
        }
        return status;
      };
      expect(await waitFor('Hors ligne')).toBe('Hors ligne');
      const edit = await live.app.inject({
        method: 'PATCH',
        url: `/api/cameras/${id}`,
        headers: tenant.auth,
        payload: { rtspUrl: `rtsp://127.0.0.1:${portOf(open)}/` },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await waitFor('En ligne')).toBe('En ligne');
      cameraStatusEvents.off('status', onStatus);
      expect(pushed).toContainEqual({ companyId: tenant.company.id, cameraId: id, status: 'En ligne' });
    } finally {
      await live.close();
    }
  });
});
