import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { secretBox } from '../../../plugins/secrets';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../../test/harness';
import { pinnedAgent } from './onvif-ptz';
import { type OnvifResponder, startOnvifResponder } from './onvif-responder-test-support';

/** The hosts a spied `Socket.prototype.connect` was asked for (options objects, or Node's normalized array). */
const hostsOf = (calls: unknown[][]) =>
  calls.flatMap((args) =>
    args.flat().flatMap((a) => (a && typeof a === 'object' && 'host' in a ? [String(a.host)] : [])),
  );

const user = 'operateur';
const password = 'Ptz-S3cret!';

describe.each(engines)('PTZ cameras through ONVIF on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let siteId: string;
  // A dome without credentials, one with a WS-Security account, and misbehaving devices.
  let dome: OnvifResponder;
  let secured: OnvifResponder;
  let silent: OnvifResponder;
  let lying: OnvifResponder;
  let older: OnvifResponder;
  let fixedDevice: OnvifResponder;

  beforeAll(async () => {
    // Loopback, where the responders listen, is opened the way an operator opens a network.
    t = await createTestApp(engine, {
      CAMERA_PROBE_INTERVAL_MS: '0',
      CAMERA_ALLOWED_NETWORKS: '127.0.0.0/8',
    });
    [dome, secured, silent, lying, older, fixedDevice] = await Promise.all([
      startOnvifResponder({
        presets: [
          { token: '1', name: 'Entrée' },
          { token: 'Parking_2', name: 'Parking' },
          // A token the API could not name back: not listed.
          { token: 'porte <nord>', name: 'Porte nord' },
        ],
      }),
      startOnvifResponder({ credentials: { username: user, password } }),
      startOnvifResponder({ silent: true }),
      // Its service addresses point at another host: the commands must still go to the address checked.
      startOnvifResponder({ xaddrBase: 'http://203.0.113.9:8080' }),
      startOnvifResponder({ getServices: false }),
      startOnvifResponder({ ptz: false }),
    ]);
    owner = await registerCompany(t.app, { subscription: 'enterprise' });
    siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Entrepôt', address: '1 rue du Port' },
      })
    ).json().id;
  });
  afterAll(async () => {
    await Promise.all([dome, secured, silent, lying, older, fixedDevice].map((r) => r?.close()));
    await t?.close();
  });
  beforeEach(() => {
    for (const r of [dome, secured, silent, lying, older, fixedDevice]) r.reset();
  });

  const camera = async (payload: Record<string, unknown>, tenant = owner, site = siteId) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: tenant.auth,
      payload: { siteId: site, name: 'Dôme quai', location: 'Quai 3', type: 'ptz', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const move = (id: string, payload: unknown, tenant: Tenant | null = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cameras/${id}/ptz/move`,
      headers: tenant?.auth ?? {},
      payload: payload as Record<string, unknown>,
    });
  const presets = (id: string, tenant: Tenant | null = owner) =>
    t.app.inject({ method: 'GET', url: `/api/cameras/${id}/ptz/presets`, headers: tenant?.auth ?? {} });
  const goto = (id: string, token: string, tenant: Tenant | null = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cameras/${id}/ptz/presets/${token}/goto`,
      headers: tenant?.auth ?? {},
    });

  it('moves in each direction: a ContinuousMove of the right velocity, then Stop', async () => {
    const id = await camera({ onvifUrl: dome.url });
    const expected = {
      left: { panTilt: { x: -0.5, y: 0 } },
      right: { panTilt: { x: 0.5, y: 0 } },
      up: { panTilt: { x: 0, y: 0.5 } },
      down: { panTilt: { x: 0, y: -0.5 } },
      zoom_in: { zoom: 0.5 },
      zoom_out: { zoom: -0.5 },
    };
    for (const [direction, velocity] of Object.entries(expected)) {
      dome.reset();
      const res = await move(id, { direction, durationMs: 100 });
      expect(res.statusCode, `${direction}: ${res.body}`).toBe(204);
      expect(dome.commands).toEqual([
        { type: 'ContinuousMove', profileToken: 'Profile_1', ...velocity, timeout: 'PT0.1S' },
        { type: 'Stop', profileToken: 'Profile_1', panTilt: 'true', zoom: 'true' },
      ]);
      // The PTZ commands went to the PTZ service the device announced.
      expect(dome.calls.filter((c) => c.action === 'ContinuousMove').map((c) => c.path)).toEqual([
        '/onvif/ptz_service',
      ]);
    }
    // Without a duration, half a second.
    dome.reset();
    expect((await move(id, { direction: 'left' })).statusCode).toBe(204);
    expect(dome.commands[0]).toMatchObject({ type: 'ContinuousMove', timeout: 'PT0.5S' });
  });

  it("lists the camera's presets and goes to one; an unknown preset is a 404", async () => {
    const id = await camera({ onvifUrl: dome.url });
    const list = await presets(id);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { token: '1', name: 'Entrée' },
      { token: 'Parking_2', name: 'Parking' },
    ]);
    const res = await goto(id, 'Parking_2');
    expect(res.statusCode, res.body).toBe(204);
    expect(dome.commands).toEqual([
      { type: 'GotoPreset', profileToken: 'Profile_1', presetToken: 'Parking_2' },
    ]);

    dome.reset();
    const unknown = await goto(id, 'Quai_9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe("Ce préréglage n'existe pas sur la caméra");
    expect(dome.commands).toEqual([]);
  });

  it("signs every command with the camera's account (WS-Security); a wrong password is a clear 502", async () => {
    const id = await camera({ onvifUrl: secured.url, streamUsername: user, streamPassword: password });
    expect((await move(id, { direction: 'up', durationMs: 100 })).statusCode).toBe(204);
    expect((await presets(id)).json()).toEqual([
      { token: '1', name: 'Entrée' },
      { token: 'Parking_2', name: 'Parking' },
    ]);
    // GetSystemDateAndTime is the one call ONVIF answers before authentication.
    expect(
      secured.calls.filter((c) => c.action !== 'GetSystemDateAndTime').every((c) => c.authenticated),
    ).toBe(true);
    expect(secured.commands.map((c) => c.type)).toEqual(['ContinuousMove', 'Stop']);

    const wrong = await camera({ onvifUrl: secured.url, streamUsername: user, streamPassword: 'faux' });
    secured.reset();
    const res = await move(wrong, { direction: 'up', durationMs: 100 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'cameras.ptz_unauthorized',
      detail: "La caméra refuse l'identifiant ou le mot de passe (ONVIF) : vérifiez-les dans sa fiche",
    });
    expect(secured.commands).toEqual([]);
  });

  it('sends the commands to the address checked even when the device announces its services elsewhere', async () => {
    const id = await camera({ onvifUrl: lying.url });
    expect((await move(id, { direction: 'right', durationMs: 100 })).statusCode).toBe(204);
    expect(lying.commands.map((c) => c.type)).toEqual(['ContinuousMove', 'Stop']);
    // Of the announced address, only the path was used.
    expect(lying.calls.map((c) => c.path)).toContain('/onvif/ptz_service');
  });

  it('falls back to GetCapabilities on a device that does not know GetServices', async () => {
    const id = await camera({ onvifUrl: older.url });
    expect((await goto(id, '1')).statusCode).toBe(204);
    expect(older.calls.map((c) => c.action)).toContain('GetCapabilities');
    expect(older.commands).toEqual([{ type: 'GotoPreset', profileToken: 'Profile_1', presetToken: '1' }]);
  });

  it("refuses another company's camera (404) and a caller without a session (401), reaching no camera", async () => {
    const id = await camera({ onvifUrl: dome.url });
    const other = await registerCompany(t.app);
    for (const res of [
      await move(id, { direction: 'left' }, other),
      await presets(id, other),
      await goto(id, '1', other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Caméra introuvable');
    }
    for (const res of [
      await move(id, { direction: 'left' }, null),
      await presets(id, null),
      await goto(id, '1', null),
    ])
      expect(res.statusCode).toBe(401);
    expect(dome.calls).toEqual([]);
  });

  it('lets operators turn the camera; agents see its presets but may not turn it (403)', async () => {
    const id = await camera({ onvifUrl: dome.url });
    const operator = await addUser(t.app, owner, 'operator');
    const agent = await addUser(t.app, owner, 'agent');
    expect((await move(id, { direction: 'down', durationMs: 100 }, operator)).statusCode).toBe(204);
    expect((await goto(id, '1', operator)).statusCode).toBe(204);
    expect((await presets(id, agent)).statusCode).toBe(200);
    dome.reset();
    for (const res of [await move(id, { direction: 'down' }, agent), await goto(id, '1', agent)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(
        'Les agents peuvent regarder les caméras mais pas les orienter : demandez au poste de contrôle',
      );
    }
    expect(dome.commands).toEqual([]);
  });

  it('answers a clear 409 for a fixed camera and for a PTZ camera without an ONVIF address', async () => {
    const fixed = await camera({ type: 'fixed', onvifUrl: dome.url });
    for (const res of [
      await move(fixed, { direction: 'left' }),
      await presets(fixed),
      await goto(fixed, '1'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'cameras.not_ptz',
        detail: "Cette caméra n'est pas motorisée : seules les caméras PTZ s'orientent",
      });
    }
    const bare = await camera({});
    for (const res of [await move(bare, { direction: 'left' }), await presets(bare), await goto(bare, '1')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'Adresse ONVIF non configurée pour cette caméra : renseignez-la dans ses paramètres',
      );
    }
    expect(dome.calls).toEqual([]);
  });

  it('refuses an invalid direction, duration or preset token with a French 422', async () => {
    const id = await camera({ onvifUrl: dome.url });
    const cases: [unknown, string][] = [
      [{ direction: 'diagonal' }, 'Direction invalide (left, right, up, down, zoom_in ou zoom_out)'],
      [{}, 'Direction invalide (left, right, up, down, zoom_in ou zoom_out)'],
      [{ direction: 'left', durationMs: 50 }, "La durée du mouvement doit être d'au moins 100 ms"],
      [{ direction: 'left', durationMs: 2500 }, 'La durée du mouvement ne doit pas dépasser 2000 ms'],
      [
        { direction: 'left', durationMs: 150.5 },
        'Durée du mouvement invalide (nombre entier de millisecondes)',
      ],
      [{ direction: 'left', durationMs: '500' }, 'Durée du mouvement invalide (nombre de millisecondes)'],
    ];
    for (const [payload, msg] of cases) {
      const res = await move(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail[0].msg).toBe(msg);
    }
    const extra = await move(id, { direction: 'left', speed: 1 });
    expect(extra.statusCode).toBe(422);
    const invalidToken = 'Préréglage invalide (lettres sans accent, chiffres, tiret, point ou souligné)';
    for (const [token, msg] of [
      [encodeURIComponent('porte <nord>'), invalidToken],
      [encodeURIComponent("1'; drop table cameras; --"), invalidToken],
      ['x'.repeat(65), 'Le préréglage ne doit pas dépasser 64 caractères'],
    ] as const) {
      const res = await goto(id, token);
      expect(res.statusCode, token).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['path', 'token'], msg });
    }
    expect(dome.calls).toEqual([]);
  });

  it('refuses an ONVIF address the outbound policy refuses, without opening a socket to it', async () => {
    const id = await camera({ onvifUrl: dome.url });
    // Written before the rule (or under a wider CAMERA_ALLOWED_NETWORKS): the command checks again.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update cameras set onvif_url = ${'http://10.0.0.1/onvif/device_service'} where company_id = ${owner.company.id} and id = ${id}`,
      ),
    );
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    try {
      for (const res of [await move(id, { direction: 'left' }), await presets(id), await goto(id, '1')]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'cameras.address_refused',
          detail:
            'Commande non envoyée. Adresse refusée : 10.0.0.1 est une adresse de réseau privé. Le serveur ne ' +
            "se connecte pas aux réseaux internes, sauf à ceux que l'exploitant a ouverts (CAMERA_ALLOWED_NETWORKS)",
        });
      }
      expect(hostsOf(connect.mock.calls)).not.toContain('10.0.0.1');
      // The spy does see the library's connections: a camera that is allowed is connected to.
      const allowed = await camera({ onvifUrl: dome.url });
      expect((await presets(allowed)).statusCode).toBe(200);
      expect(hostsOf(connect.mock.calls)).toContain('127.0.0.1');
    } finally {
      connect.mockRestore();
    }
  });

  it('answers 504 when the camera never answers, and 502 when it cannot be reached or has no PTZ', async () => {
    const mute = await camera({ onvifUrl: silent.url });
    const res = await move(mute, { direction: 'left' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({
      code: 'cameras.ptz_timeout',
      detail: 'La caméra ne répond pas (ONVIF)',
    });

    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const gone = await camera({ onvifUrl: `http://127.0.0.1:${port}/onvif/device_service` });
    const refused = await presets(gone);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('cameras.ptz_unreachable');

    const noPtz = await camera({ onvifUrl: fixedDevice.url });
    const unsupported = await move(noPtz, { direction: 'left' });
    expect(unsupported.statusCode).toBe(502);
    expect(unsupported.json()).toMatchObject({
      code: 'cameras.ptz_unsupported',
      detail:
        "La caméra ne propose pas de commande PTZ (ONVIF) : vérifiez l'adresse ONVIF et le type de caméra",
    });
    expect(fixedDevice.commands).toEqual([]);

    // An answer of megabytes is cut off, not buffered.
    const flood = await startOnvifResponder({
      presets: Array.from({ length: 12_000 }, (_, i) => ({ token: `P${i}`, name: 'x'.repeat(100) })),
    });
    try {
      const res = await presets(await camera({ onvifUrl: flood.url }));
      expect(res.statusCode).toBe(502);
      expect(flood.calls.map((c) => c.action)).toContain('GetPresets');
    } finally {
      await flood.close();
    }
  });

  it('asks for the password again (409) when it was sealed with another key', async () => {
    const id = await camera({ onvifUrl: secured.url, streamUsername: user, streamPassword: password });
    const foreign = secretBox('a-key-this-instance-does-not-have-000000').seal(password);
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update cameras set stream_password = ${foreign} where company_id = ${owner.company.id} and id = ${id}`,
      ),
    );
    const res = await presets(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('cameras.credentials_unreadable');
    expect(secured.calls).toEqual([]);
  });
});

describe('the connection pin of the ONVIF library', () => {
  it('opens no connection but to the address and port checked', async () => {
    const r = await startOnvifResponder();
    const agent = pinnedAgent(false, '127.0.0.1', r.port);
    const post = (host: string, port: number) =>
      new Promise<number | string>((resolve) => {
        const req = http.request(
          { host, port, method: 'POST', path: '/onvif/device_service', agent },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', (err) => resolve(err.message));
        req.end('<s:Envelope/>');
      });
    try {
      // The address checked answers (a SOAP fault for an empty call: an answer all the same).
      expect(await post('127.0.0.1', r.port)).toBe(400);
      expect(await post('127.0.0.2', r.port)).toMatch(/not the address checked/);
      expect(await post('127.0.0.1', r.port + 1)).toMatch(/not the address checked/);
      expect(r.calls).toHaveLength(1);
    } finally {
      agent.destroy();
      await r.close();
    }
  });
});
