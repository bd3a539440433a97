// The device simulator against a real app listening on a port: with short intervals, its panels,
// readers and radios reach the device API, and what they send arrives through the services
// (dashboard health, alarms, access logs, radio traffic). stop() leaves no timer or socket behind.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemo } from '../db/seeds/demo';
import { probeAllCameras } from '../modules/cameras/camera-monitor';
import { checkAttendance } from '../modules/planning/planning.jobs';
import { createTestApp, engines, login, type Tenant, type TestApp } from '../test/harness';
import { startSimulator } from './simulator';

const sockets = () =>
  process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap' || r === 'TCPServerWrap').length;

describe.each(engines)('device simulator on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedDemo(t.db, t.app.secrets);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await login(t.app, DEMO_LOGIN.email, DEMO_LOGIN.password);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const total = async (url: string) => Number((await get(url)).headers['x-total-count']);

  it('drives the device API with the demo company keys, then stops cleanly', async () => {
    const before = {
      alarms: await total('/api/alarms?limit=1'),
      logs: await total('/api/access/logs?limit=1'),
      talks: (await get('/api/radio/communications/?limit=500')).json().length as number,
    };
    const openBefore = sockets();
    const lines: string[] = [];
    const fast: [number, number] = [150, 300];
    const sim = await startSimulator({
      baseUrl,
      login: DEMO_LOGIN,
      log: (line) => lines.push(line),
      cameras: false,
      emergencyChance: 0,
      intervals: {
        heartbeatMs: 200,
        firstAlarmMs: fast,
        alarmMs: fast,
        badgeDayMs: fast,
        badgeNightMs: fast,
        radioStatusMs: 200,
        radioTalkMs: fast,
      },
    });
    expect(sim.setup.panels.length).toBeGreaterThanOrEqual(3);
    expect(sim.setup.readers.length).toBeGreaterThanOrEqual(10);
    expect(sim.setup.credentials.length).toBeGreaterThanOrEqual(20);
    expect(sim.setup.handsets.length).toBeGreaterThanOrEqual(10);
    try {
      await expect
        .poll(
          () => ({
            beats: (sim.counts['signal de vie'] ?? 0) > 0,
            alarms: (sim.counts.alarme ?? 0) >= 2,
            badges: (sim.counts.badge ?? 0) >= 3,
            status: (sim.counts['état radio'] ?? 0) > 0,
            talks: (sim.counts['communication radio'] ?? 0) >= 2,
            clockIns: (sim.counts.pointage ?? 0) >= 1,
          }),
          { timeout: 60_000, interval: 250 },
        )
        .toEqual({ beats: true, alarms: true, badges: true, status: true, talks: true, clockIns: true });
    } finally {
      await sim.stop();
    }
    expect(lines).toEqual([]);
    // Every agent signed in on their phone; nobody on the planning is missing a service.
    expect(sim.setup.agentEmails.length).toBeGreaterThanOrEqual(35);
    expect(await checkAttendance(t.db)).toBe(0);

    // What the devices sent, read back through the product's own screens.
    const health = (await get('/api/dashboard/overview')).json().systemHealth as {
      name: string;
      status: string;
      description: string;
    }[];
    expect(health.find((h) => h.name === 'Alarmes')).toMatchObject({
      status: 'Actif',
      description: `${sim.setup.panels.length}/${sim.setup.panels.length} centrales d'alarme ont émis un signal de vie dans les 10 dernières minutes`,
    });
    expect(await total('/api/alarms?limit=1')).toBeGreaterThan(before.alarms);
    expect(await total('/api/access/logs?limit=1')).toBeGreaterThan(before.logs);
    expect((await get('/api/radio/communications/?limit=500')).json().length).toBeGreaterThan(before.talks);
    const newest = (await get('/api/alarms?limit=5')).json() as { triggeredBy: string | null }[];
    expect(newest.some((a) => a.triggeredBy?.startsWith('Centrale '))).toBe(true);
    // Its keys are listed as live devices; a second start revokes them and makes its own.
    const keys = (await get('/api/integrations/keys')).json() as { name: string }[];
    expect(keys.filter((k) => k.name.startsWith('Simulateur — ')).length).toBe(sim.setup.panels.length);

    // Nothing left running: no timer fires after stop, and the sockets it opened are closed.
    const counts = JSON.stringify(sim.counts);
    await new Promise((r) => setTimeout(r, 600));
    expect(JSON.stringify(sim.counts)).toBe(counts);
    await expect.poll(sockets, { timeout: 10_000 }).toBeLessThanOrEqual(openBefore);
  }, 120_000);

  it('tries its setup again when it fails, then gives up leaving nothing open', async () => {
    const openBefore = sockets();
    const lines: string[] = [];
    await expect(
      startSimulator({
        baseUrl,
        login: { email: DEMO_LOGIN.email, password: 'not-the-password' },
        log: (line) => lines.push(line),
        setupAttempts: 2,
      }),
    ).rejects.toThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^simulateur : préparation interrompue .*, nouvel essai$/);
    await expect.poll(sockets, { timeout: 10_000 }).toBeLessThanOrEqual(openBefore);
  }, 30_000);

  it('opens a listener per camera streaming on this machine and closes them at stop', async () => {
    const sim = await startSimulator({
      baseUrl,
      login: DEMO_LOGIN,
      attendance: false,
      intervals: {
        heartbeatMs: 60_000,
        firstAlarmMs: [60_000, 60_000],
        alarmMs: [60_000, 60_000],
        badgeDayMs: [60_000, 60_000],
        badgeNightMs: [60_000, 60_000],
        radioTalkMs: [60_000, 60_000],
      },
    });
    try {
      expect(sim.setup.cameraPorts.length).toBeGreaterThanOrEqual(10);
      // From the start, the health reads right: the cameras answer the first probe round, and
      // every reader has checked a badge (one round at once, not one reader every few seconds).
      await probeAllCameras(t.db, t.app.outbound);
      const cameras = (await get('/api/cameras?limit=500')).json() as {
        rtspUrl: string | null;
        status: string;
      }[];
      const local = cameras.filter((c) => c.rtspUrl?.startsWith('rtsp://127.0.0.1:'));
      expect(local.length).toBe(sim.setup.cameraPorts.length);
      expect(local.filter((c) => c.status !== 'En ligne')).toEqual([]);
      const readers = sim.setup.readers.length;
      await expect
        .poll(
          async () =>
            (
              (await get('/api/dashboard/overview')).json().systemHealth as {
                name: string;
                description: string;
              }[]
            )
              .find((h) => h.name === 'Accès')
              ?.description.split(' ')[0],
          { timeout: 10_000, interval: 250 },
        )
        .toBe(`${readers}/${readers}`);
      // The previous run's keys are revoked: one live set of simulator keys.
      const keys = (await get('/api/integrations/keys')).json() as { name: string }[];
      expect(keys.filter((k) => k.name.startsWith('Simulateur — ')).length).toBe(sim.setup.panels.length);
    } finally {
      await sim.stop();
    }
  }, 60_000);
});
