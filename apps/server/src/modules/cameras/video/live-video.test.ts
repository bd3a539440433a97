// Live video over the real socket, from a camera that really streams (demo/rtsp-camera.ts: ffmpeg's
// test pattern served over RTSP on 127.0.0.1): one-time tickets, one upstream per camera whatever
// the viewers, closed after the last one leaves, interruptions and logout.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RtspTestCamera } from '../../../demo/rtsp-camera';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../../test/harness';
import { findFfmpeg } from './ffmpeg';
import { isKeyframe, readInit, timescaleOf } from './fmp4';

const hasFfmpeg = findFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg') !== null;

/** A viewer: the socket, the text messages and the binary frames it received. */
class Viewer {
  texts: { type: string; codec?: string; detail?: string }[] = [];
  binaries: Buffer[] = [];
  closed: { code: number; reason: string } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.binaries.push(Buffer.from(data));
      else this.texts.push(JSON.parse(data.toString('utf8')));
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }
  async until(cond: () => boolean, ms = 10_000) {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error('viewer: timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe.skipIf(!hasFfmpeg).each(engines)('live video on %s', (engine) => {
  let t: TestApp;
  let cam: RtspTestCamera;
  let base: string;
  let owner: Tenant;
  let cameraId: string;

  const createCamera = async (who: Tenant, rtspUrl: string | null) => {
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: who.auth,
        payload: { name: 'Entrepôt', address: '1 rue du Port' },
      })
    ).json().id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: who.auth,
      payload: { siteId, name: 'Quai 1', location: 'Quai', rtspUrl },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const ticket = (who: Tenant, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/cameras/${id}/live`, headers: who.auth });
  const connect = async (who: Tenant, id = cameraId) => {
    const res = await ticket(who, id);
    expect(res.statusCode).toBe(200);
    const ws = new WebSocket(`${base}/api/cameras/live/socket?ticket=${res.json().ticket}`);
    const v = new Viewer(ws);
    await new Promise<void>((ok, ko) => {
      ws.once('open', () => ok());
      ws.once('error', ko);
    });
    return v;
  };
  const refusedWith = (url: string) =>
    new Promise<number>((ok) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        ok(101);
      });
      ws.on('error', () => undefined);
    });

  beforeAll(async () => {
    cam = new RtspTestCamera();
    await cam.listen();
    await cam.startStream('quai1', { fps: 25, gop: 25, width: 320, height: 180 });
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0', VIDEO_LINGER_MS: '300' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await registerCompany(t.app);
    cameraId = await createCamera(owner, cam.url('quai1'));
  });
  afterAll(async () => {
    await t?.close();
    await cam?.close();
  });

  it('streams one upstream to many viewers: init segment with its codec, then fragments from a keyframe', async () => {
    const viewers = await Promise.all([connect(owner), connect(owner), connect(owner)]);
    for (const v of viewers) {
      await v.until(() => v.binaries.length >= 30);
      expect(v.texts[0]).toEqual({ type: 'init', codec: expect.stringMatching(/^avc1\.[0-9a-f]{6}$/) });
      const init = readInit(v.binaries[0] as Buffer);
      expect(init.codec).toBe(v.texts[0]?.codec);
      // H.264 copied from RTP keeps its 90 kHz clock.
      expect(timescaleOf(init.bytes)).toBe(90_000);
      // The first fragment a viewer gets is a keyframe: its decoder can start at once.
      expect(isKeyframe(v.binaries[1] as Buffer, init.defaultFlags)).toBe(true);
    }
    // One connection to the camera for the three viewers.
    expect(cam.players('quai1')).toBe(1);
    for (const v of viewers) v.ws.close();
    // Closed some time (VIDEO_LINGER_MS) after the last viewer left.
    const until = Date.now() + 5000;
    while (cam.players('quai1') > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(cam.players('quai1')).toBe(0);
  });

  it('opens only with a fresh ticket of the camera’s company, once', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/cameras/${cameraId}/live` })).statusCode).toBe(
      401,
    );
    const other = await registerCompany(t.app);
    const foreign = await ticket(other, cameraId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Caméra introuvable');
    expect((await ticket(owner, 'pas-un-id')).statusCode).toBe(422);
    expect(await refusedWith(`${base}/api/cameras/live/socket?ticket=forged`)).toBe(401);
    expect(await refusedWith(`${base}/api/cameras/live/socket`)).toBe(401);
    const res = await ticket(owner, cameraId);
    const url = `${base}/api/cameras/live/socket?ticket=${res.json().ticket}`;
    expect(await refusedWith(url)).toBe(101);
    // The same ticket again: refused.
    expect(await refusedWith(url)).toBe(401);
    // An agent of the company watches too (agents read cameras).
    const agent = await addUser(t.app, owner, 'agent');
    const v = await connect(agent);
    await v.until(() => v.binaries.length >= 2);
    v.ws.close();
  });

  it('refuses a camera without stream, or whose stored address the outbound policy refuses', async () => {
    const noStream = await createCamera(owner, null);
    const res = await ticket(owner, noStream);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      "Aucune URL de flux n'est configurée pour cette caméra : renseignez-la dans sa fiche",
    );
    // Written before the rule (or under a wider setting): checked again when the stream would open.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update cameras set rtsp_url = 'rtsp://10.20.30.40/live' where company_id = ${owner.company.id} and id = ${noStream}`,
      ),
    );
    const refused = await ticket(owner, noStream);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^Flux non ouvert\. .*réseau privé/);
  });

  it('tells the viewer the stream stopped, and closes the socket when its session ends', async () => {
    await cam.startStream('quai2', { fps: 25, gop: 25, width: 320, height: 180 });
    const second = await createCamera(owner, cam.url('quai2'));
    const v = await connect(owner, second);
    await v.until(() => v.binaries.length >= 5);
    cam.stopStream('quai2');
    await v.until(() => v.closed !== null);
    expect(v.texts.at(-1)).toEqual({ type: 'interrupted' });
    expect(v.closed?.code).toBe(4000);

    const operator = await addUser(t.app, owner, 'operator');
    const w = await connect(operator);
    await w.until(() => w.binaries.length >= 2);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: operator.auth });
    expect(out.statusCode).toBe(204);
    await w.until(() => w.closed !== null);
    expect(w.closed?.code).toBe(4401);
  });
});

describe.each(engines)('video without ffmpeg on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0', FFMPEG_PATH: '/nonexistent/ffmpeg' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says why there is no video, and the rest works', async () => {
    const owner = await registerCompany(t.app);
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Site', address: 'Rue' },
      })
    ).json().id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.auth,
      payload: { siteId, name: 'Entrée', location: 'Hall', rtspUrl: 'rtsp://127.0.0.1:8554/entree' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    for (const url of [
      `/api/cameras/${id}/live`,
      `/api/cameras/${id}/captures`,
      `/api/cameras/${id}/clips`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: owner.auth });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().detail).toBe("Vidéo indisponible : ffmpeg n'est pas installé sur le serveur");
    }
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/cameras/${id}/recordings`, headers: owner.auth })
      ).json(),
    ).toEqual([]);
  });
});
