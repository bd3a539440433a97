// Server-side request forgery through cameras (issue 29, finding 2): a camera's internal address is
// refused at create and update unless the operator opened its network (CAMERA_ALLOWED_NETWORKS),
// and a stored one is never connected to — the probe and the snapshot open no socket, so neither
// the port's state nor the credentials reach it. Snapshots are rate-limited per company.
//
// Every address here is on 127.0.0.0/8 or ::1, or is only decided upon (no socket): a listening
// server on 127.0.0.1 counts the connections it receives, and Socket#connect is watched.
import { createServer, type Server } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createOutboundPolicy } from '../../lib/outbound-address';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { probeTargets } from './camera-health.repository';
import { probeAllCameras, probeCameraNow } from './camera-monitor';
import { snapshotLimiter } from './camera-snapshot';

const user = 'viewer';
const password = 'Flux-S3cret-pour-test';
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

/** A camera on 127.0.0.1 speaking HTTP; it records each connection and each Authorization header. */
async function startLocalCamera() {
  const connections: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
  });
  server.on('connection', (s) => connections.push(String(s.remoteAddress)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    connections,
    authorizations,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Socket#connect calls aimed at `port` (database connections go elsewhere and are ignored). */
function watchConnects(port: number) {
  const spy = vi.spyOn(Socket.prototype, 'connect');
  return () =>
    spy.mock.calls.filter((args) => {
      const first = args[0] as unknown;
      const options = (Array.isArray(first) ? first[0] : first) as { port?: unknown } | number | string;
      const p = typeof options === 'object' && options !== null ? options.port : options;
      return Number(p) === port;
    }).length;
}

describe.each(engines)('camera addresses and the outbound policy on %s', (engine) => {
  // The operator opened nothing: every internal address is refused.
  let closed: TestApp;
  // The tests' default: loopback opened (127.0.0.0/8, ::1/128) through CAMERA_ALLOWED_NETWORKS.
  let open: TestApp;
  let cam: Awaited<ReturnType<typeof startLocalCamera>>;
  beforeAll(async () => {
    // One after the other: two apps starting at once on a busy machine outlast the plugin timeout.
    closed = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0', CAMERA_ALLOWED_NETWORKS: '' });
    // One snapshot a second per company (bursts of 2): the limit shows whatever the machine's speed.
    open = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0', CAMERA_SNAPSHOTS_PER_SECOND: '1' });
    cam = await startLocalCamera();
  }, 300_000);
  afterAll(async () => {
    await Promise.all([closed?.close(), open?.close(), cam?.close()]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const newSite = async (t: TestApp, tenant: Tenant) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: tenant.auth,
        payload: { name: 'Entrepôt', address: '1 rue du Port' },
      })
    ).json().id as string;
  const create = (t: TestApp, tenant: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/cameras', headers: tenant.auth, payload });

  it('never connects to a stored refused address: the probe opens no socket and reads Hors ligne, the snapshot sends no credentials', async () => {
    // A camera stored before the rule (or under a wider setting) at 127.0.0.1, with credentials.
    const owner = await registerCompany(closed.app);
    const siteId = await newSite(closed, owner);
    const created = await create(closed, owner, {
      siteId,
      name: 'Ancienne caméra',
      location: 'Quai',
      rtspUrl: 'rtsp://203.0.113.11:554/live',
      streamUsername: user,
      streamPassword: password,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await closed.db.withTenant(owner.company.id, (tx) =>
      tx.execute(sql`
        update cameras set rtsp_url = ${`rtsp://127.0.0.1:${cam.port}/live`},
               snapshot_url = ${`http://127.0.0.1:${cam.port}/snap.jpg`},
               probe_host = '127.0.0.1', probe_port = ${cam.port}, status = 'En ligne'
         where company_id = ${owner.company.id} and id = ${id}`),
    );
    const before = cam.connections.length;
    const connects = watchConnects(cam.port);

    // The whole round (in its worker thread): the listener on 127.0.0.1 receives nothing. This is
    // the closed app's first camera: the round has no other target (checked, so that a mistake can
    // never make it connect elsewhere).
    expect((await probeTargets(closed.db)).map((x) => x.host)).toEqual(['127.0.0.1']);
    await probeAllCameras(closed.db, closed.app.outbound, { timeoutMs: 1000 });
    // The immediate probe (this thread), with the closed app's policy.
    expect(await probeCameraNow(closed.db, closed.app.outbound, owner.company.id, id, 1000)).toBe(
      'Hors ligne',
    );
    const status = rowsOf<{ status: string }>(
      await closed.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select status from cameras where company_id = ${owner.company.id} and id = ${id}`),
      ),
    );
    expect(status[0]?.status).toBe('Hors ligne');

    const snap = await closed.app.inject({
      method: 'GET',
      url: `/api/cameras/${id}/snapshot`,
      headers: owner.auth,
    });
    expect(snap.statusCode).toBe(409);
    expect(snap.json().detail).toMatch(
      /^Image non demandée\. Adresse refusée : 127\.0\.0\.1 est une adresse de bouclage/,
    );
    expect(snap.body).not.toContain(password);

    expect(connects()).toBe(0);
    expect(cam.connections.length).toBe(before);
    expect(cam.authorizations).not.toContain(
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    );

    // The control: the same camera is reached, credentials included, once loopback is opened.
    const opened = createOutboundPolicy({ allowedNetworks: ['127.0.0.0/8'] });
    expect(await probeCameraNow(closed.db, opened, owner.company.id, id, 1000)).toBe('En ligne');
    expect(connects()).toBe(1);
    await vi.waitFor(() => expect(cam.connections.length).toBe(before + 1));
  });

  it('refuses internal addresses on their field with a French 422 when the operator opened none', async () => {
    const owner = await registerCompany(closed.app);
    const siteId = await newSite(closed, owner);
    const before = cam.connections.length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { rtspUrl: `rtsp://127.0.0.1:${cam.port}/live` },
        'rtspUrl',
        /127\.0\.0\.1 est une adresse de bouclage/,
      ],
      [{ rtspUrl: `rtsp://[::1]:${cam.port}/` }, 'rtspUrl', /adresse de bouclage/],
      [{ rtspUrl: `rtsp://[::ffff:7f00:1]:${cam.port}/` }, 'rtspUrl', /adresse de bouclage/],
      [{ rtspUrl: `rtsp://2130706433:${cam.port}/` }, 'rtspUrl', /adresse de bouclage/],
      [{ snapshotUrl: `http://127.0.0.1:${cam.port}/snap.jpg` }, 'snapshotUrl', /adresse de bouclage/],
      [{ snapshotUrl: 'http://[::ffff:169.254.169.254]/latest' }, 'snapshotUrl', /lien-local/],
      [{ snapshotUrl: 'http://0x7f.1/snap.jpg' }, 'snapshotUrl', /adresse de bouclage/],
      [{ ipAddress: '10.0.0.5' }, 'ipAddress', /réseau privé/],
      [{ ipAddress: '100.64.1.1' }, 'ipAddress', /CGNAT/],
      [{ ipAddress: 'fd00::5' }, 'ipAddress', /locale unique/],
      [{ ipAddress: '0.0.0.0' }, 'ipAddress', /non spécifiée/],
    ];
    for (const [fields, field, msg] of cases) {
      const res = await create(closed, owner, { siteId, name: 'Caméra', location: 'Quai', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      const [issue, ...rest] = res.json().detail;
      expect(rest).toEqual([]);
      expect(issue).toMatchObject({ loc: ['body', field], type: 'address_refused' });
      expect(issue.msg).toMatch(msg);
      expect(issue.msg).toContain('CAMERA_ALLOWED_NETWORKS');
    }
    // Several refused fields: one issue each.
    const all = await create(closed, owner, {
      siteId,
      name: 'Caméra',
      location: 'Quai',
      ipAddress: '192.168.1.64',
      rtspUrl: 'rtsp://192.168.1.64:554/Streaming/Channels/101',
      snapshotUrl: 'http://192.168.1.64/ISAPI/Streaming/channels/101/picture',
    });
    expect(all.statusCode).toBe(422);
    expect(all.json().detail.map((d: { loc: string[] }) => d.loc[1])).toEqual([
      'ipAddress',
      'rtspUrl',
      'snapshotUrl',
    ]);
    // A public address is accepted (decided only: no probe runs here, nothing connects to it).
    const ok = await create(closed, owner, {
      siteId,
      name: 'Caméra publique',
      location: 'Quai',
      rtspUrl: 'rtsp://203.0.113.10:554/live',
    });
    expect(ok.statusCode).toBe(201);
    // An update to an internal address is refused the same way, and changes nothing.
    const patched = await closed.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${ok.json().id}`,
      headers: owner.auth,
      payload: { rtspUrl: `rtsp://127.0.0.1:${cam.port}/live`, name: 'Renommée' },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().detail[0].loc).toEqual(['body', 'rtspUrl']);
    const after = await closed.app.inject({
      method: 'GET',
      url: `/api/cameras/${ok.json().id}`,
      headers: owner.auth,
    });
    expect(after.json()).toMatchObject({ name: 'Caméra publique', rtspUrl: 'rtsp://203.0.113.10:554/live' });
    expect(cam.connections.length).toBe(before);
  });

  it('accepts 127.0.0.1 once the operator opened loopback (CAMERA_ALLOWED_NETWORKS)', async () => {
    const owner = await registerCompany(open.app);
    const siteId = await newSite(open, owner);
    const res = await create(open, owner, {
      siteId,
      name: 'Caméra locale',
      location: 'Quai',
      rtspUrl: `rtsp://127.0.0.1:${cam.port}/live`,
      snapshotUrl: `http://127.0.0.1:${cam.port}/snap.jpg`,
    });
    expect(res.statusCode).toBe(201);
    // An internal network the operator did not open stays closed.
    const lan = await create(open, owner, {
      siteId,
      name: 'LAN',
      location: 'Quai',
      ipAddress: '192.168.1.64',
    });
    expect(lan.statusCode).toBe(422);
  });

  it('serves a snapshot from 127.0.0.1 through the opened network, with the credentials', async () => {
    const owner = await registerCompany(open.app);
    const siteId = await newSite(open, owner);
    const res = await create(open, owner, {
      siteId,
      name: 'Caméra locale',
      location: 'Quai',
      snapshotUrl: `http://127.0.0.1:${cam.port}/snap.jpg`,
      streamUsername: user,
      streamPassword: password,
    });
    const snap = await open.app.inject({
      method: 'GET',
      url: `/api/cameras/${res.json().id}/snapshot`,
      headers: owner.auth,
    });
    expect(snap.statusCode).toBe(200);
    expect(snap.rawPayload.equals(jpeg)).toBe(true);
    expect(cam.authorizations.at(-1)).toBe(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
  });

  it('limits snapshot requests per company with a French 429', async () => {
    const [a, b] = await Promise.all([registerCompany(open.app), registerCompany(open.app)]);
    const [siteA, siteB] = await Promise.all([newSite(open, a), newSite(open, b)]);
    const camA = (await create(open, a, { siteId: siteA, name: 'A', location: 'Q' })).json().id;
    const camB = (await create(open, b, { siteId: siteB, name: 'B', location: 'Q' })).json().id;
    const snapshot = (tenant: Tenant, id: string) =>
      open.app.inject({ method: 'GET', url: `/api/cameras/${id}/snapshot`, headers: tenant.auth });
    let throttled: Awaited<ReturnType<typeof snapshot>> | undefined;
    for (let i = 0; i < 20 && !throttled; i++) {
      const res = await snapshot(a, camA);
      if (res.statusCode === 429) throttled = res;
      else expect(res.statusCode).toBe(404); // no snapshot URL: counted all the same
    }
    expect(throttled?.json().detail).toBe(
      "Trop d'images demandées pour les caméras de la société : réessayez dans quelques secondes",
    );
    expect(throttled?.headers['retry-after']).toBe('1');
    // Another company is not held back by the first one's requests.
    expect((await snapshot(b, camB)).statusCode).toBe(404);
  });
});

describe('snapshotLimiter', () => {
  it('lets a burst through, then the refill rate, per company', () => {
    let now = 0;
    const limiter = snapshotLimiter(10, 5, () => now);
    const takes = (n: number, id = 'a') => Array.from({ length: n }, () => limiter.take(id));
    expect(takes(6)).toEqual([true, true, true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now += 100; // 0.1 s at 10/s: one more
    expect(takes(2)).toEqual([true, false]);
    now += 10_000; // refilled to the burst, not beyond
    expect(takes(6)).toEqual([true, true, true, true, true, false]);
  });
});
