// The device simulator against a real app listening on a port, its alarm receiver on a free port:
// with short intervals, its panels speak SIA DC-09 to the receiver (some encrypted), its readers and
// radios reach the device API, and what they send arrives through the services (dashboard health,
// alarms, panels' signal journals, access logs, radio traffic). With the receiver down, the panels
// fall back to the JSON integrations API. stop() leaves no timer or socket behind.
import type { AddressInfo } from 'node:net';
import type { PanelSignalDto } from '@vigie/contract/panels.contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    // Port 0: the receiver takes a free port (test files run side by side).
    t = await createTestApp(engine, { ALARM_RECEIVER_PORT: '0' });
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
  const signals = async (panelId: string) =>
    (await get(`/api/panels/${panelId}/signals?limit=200`)).json() as PanelSignalDto[];

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
        restoreMs: fast,
        armingMs: fast,
      },
    });
    // The seeded panels dial the receiver; about a third encrypt, with a key of this start.
    expect(sim.setup.receiver?.port).toBe(t.app.panelReceiverPorts().tcp);
    expect(sim.setup.panels.length).toBeGreaterThanOrEqual(3);
    const keyed = sim.setup.panels.filter((p) => p.aesKey !== null);
    const clear = sim.setup.panels.filter((p) => p.aesKey === null);
    expect(keyed.length).toBeGreaterThanOrEqual(1);
    expect(clear.length).toBeGreaterThan(keyed.length);
    expect(sim.setup.panels.every((p) => p.apiKey === null)).toBe(true);
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
            arming: (sim.counts['mise en service'] ?? 0) >= 1,
          }),
          { timeout: 60_000, interval: 250 },
        )
        .toEqual({
          beats: true,
          alarms: true,
          badges: true,
          status: true,
          talks: true,
          clockIns: true,
          arming: true,
        });
      // A keyed panel's events reach the receiver encrypted (alarms, restores, openings go to one
      // panel at a time: some land on a keyed one within seconds).
      await expect
        .poll(
          async () => {
            for (const p of keyed)
              if ((await signals(p.id)).some((s) => s.raw.includes('"*SIA-DCS"') && s.answer === 'ACK'))
                return true;
            return false;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
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
    const n = sim.setup.panels.length;
    expect(health.find((h) => h.name === 'Alarmes')).toMatchObject({
      status: 'Actif',
      description: `${n} centrales DC-09, dont 0 en perte de liaison`,
    });
    expect(health.find((h) => h.name === 'Réception des alarmes')).toMatchObject({ status: 'Actif' });
    expect(await total('/api/alarms?limit=1')).toBeGreaterThan(before.alarms);
    expect(await total('/api/access/logs?limit=1')).toBeGreaterThan(before.logs);
    expect((await get('/api/radio/communications/?limit=500')).json().length).toBeGreaterThan(before.talks);
    // A DC-09 alarm in the list: raised by the device, the panel named.
    const newest = (await get('/api/alarms?limit=20')).json() as {
      source: string;
      triggeredBy: string | null;
      siteId: string;
    }[];
    expect(
      newest.some(
        (a) =>
          a.source === 'device' &&
          sim.setup.panels.some((p) => p.siteId === a.siteId && a.triggeredBy?.includes(p.name)),
      ),
    ).toBe(true);
    // Every panel was heard and is in link; the keyed ones sent nothing in clear, the others
    // nothing encrypted; the openings and closings went to the main courante.
    const panels = (await get('/api/panels?limit=500')).json() as {
      id: string;
      linkState: string;
      hasAesKey: boolean;
    }[];
    expect(panels.map((p) => [p.linkState, p.hasAesKey])).toEqual(
      sim.setup.panels.map((p) => ['ok', p.aesKey !== null]),
    );
    const journal: PanelSignalDto[] = [];
    for (const p of keyed) {
      const rows = await signals(p.id);
      expect(rows.filter((s) => !s.raw.includes('"*'))).toEqual([]);
      journal.push(...rows);
    }
    for (const p of clear) {
      const rows = await signals(p.id);
      expect(rows.filter((s) => s.raw.includes('"*'))).toEqual([]);
      journal.push(...rows);
    }
    expect(journal.filter((s) => s.answer !== 'ACK')).toEqual([]);
    expect(journal.some((s) => s.outcome === 'supervision')).toBe(true);
    expect(journal.some((s) => s.outcome === 'alarm' && s.alarmId !== null)).toBe(true);
    expect(journal.some((s) => s.outcome === 'logbook' && /Mise (hors|en) service/.test(s.meaning))).toBe(
      true,
    );
    // The JSON keys of a previous start are revoked; DC-09 panels need none.
    const keys = (await get('/api/integrations/keys')).json() as { name: string }[];
    expect(keys.filter((k) => k.name.startsWith('Simulateur — '))).toEqual([]);

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
      // The panels dial the receiver: no JSON key of theirs is live.
      const keys = (await get('/api/integrations/keys')).json() as { name: string }[];
      expect(keys.filter((k) => k.name.startsWith('Simulateur — '))).toEqual([]);
    } finally {
      await sim.stop();
    }
  }, 60_000);

  it('falls back to the JSON integrations API when the receiver is down, and says so', async () => {
    const receiver = t.app.panelReceiver;
    if (!receiver) throw new Error('the receiver runtime is not registered');
    const down = vi.spyOn(receiver, 'info').mockReturnValue({
      port: null,
      state: 'down',
      detail: 'Port 12000 déjà utilisé par un autre programme',
      surgardPort: null,
    });
    const openBefore = sockets();
    const lines: string[] = [];
    const fast: [number, number] = [150, 300];
    try {
      const sim = await startSimulator({
        baseUrl,
        login: DEMO_LOGIN,
        log: (line) => lines.push(line),
        cameras: false,
        attendance: false,
        intervals: { heartbeatMs: 200, firstAlarmMs: fast, alarmMs: fast },
      });
      try {
        expect(sim.setup.receiver).toBeNull();
        expect(sim.setup.panels.length).toBeGreaterThanOrEqual(3);
        expect(sim.setup.panels.every((p) => p.apiKey !== null && p.aesKey === null)).toBe(true);
        await expect
          .poll(() => (sim.counts['signal de vie'] ?? 0) > 0 && (sim.counts.alarme ?? 0) >= 2, {
            timeout: 30_000,
            interval: 250,
          })
          .toBe(true);
        const keys = (await get('/api/integrations/keys')).json() as { name: string }[];
        expect(keys.filter((k) => k.name.startsWith('Simulateur — ')).length).toBe(sim.setup.panels.length);
      } finally {
        await sim.stop();
      }
      expect(lines).toEqual([
        'simulateur : réception des alarmes indisponible (Port 12000 déjà utilisé par un autre programme) ; ' +
          'les centrales d’alarme passent par l’API JSON des intégrations',
      ]);
      const newest = (await get('/api/alarms?limit=5')).json() as {
        source: string;
        triggeredBy: string | null;
      }[];
      expect(newest.some((a) => a.source === 'device' && a.triggeredBy?.startsWith('Centrale '))).toBe(true);
      await expect.poll(sockets, { timeout: 10_000 }).toBeLessThanOrEqual(openBefore);
    } finally {
      down.mockRestore();
    }
  }, 60_000);
});
