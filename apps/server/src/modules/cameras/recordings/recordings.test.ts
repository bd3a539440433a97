// Stills and clips from a camera that really streams (demo/rtsp-camera.ts): taken by the server from
// the live stream, stored as files of the company with their SHA-256, downloadable, audited, kept a
// month unless under legal hold; another company's ids are 404s.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows';
import { RtspTestCamera } from '../../../demo/rtsp-camera';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../../test/harness';
import { findFfmpeg } from '../video/ffmpeg';
import { purgeVideo } from './recordings.service';

const hasFfmpeg = findFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg') !== null;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.skipIf(!hasFfmpeg).each(engines)('camera stills and clips on %s', (engine) => {
  let t: TestApp;
  let cam: RtspTestCamera;
  let owner: Tenant;
  let cameraId: string;
  let siteId: string;

  beforeAll(async () => {
    cam = new RtspTestCamera();
    await cam.listen();
    await cam.startStream('hall', { fps: 25, gop: 25, width: 320, height: 180 });
    t = await createTestApp(engine, {
      CAMERA_PROBE_INTERVAL_MS: '0',
      VIDEO_LINGER_MS: '200',
      VIDEO_ALARM_CLIP_SECONDS: '2',
    });
    owner = await registerCompany(t.app);
    siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Siège', address: '2 rue Haute' },
      })
    ).json().id;
    cameraId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cameras',
        headers: owner.auth,
        payload: { siteId, name: 'Hall', location: 'Accueil', rtspUrl: cam.url('hall') },
      })
    ).json().id;
  });
  afterAll(async () => {
    await t?.close();
    await cam?.close();
  });

  const call = (who: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

  it('takes a still from the stream, with its fingerprint, and serves it as a JPEG', async () => {
    const res = await call(owner, 'POST', `/api/cameras/${cameraId}/captures`);
    expect(res.statusCode).toBe(201);
    const still = res.json();
    expect(still).toMatchObject({
      kind: 'still',
      trigger: 'manual',
      state: 'ready',
      contentType: 'image/jpeg',
    });
    const file = await call(owner, 'GET', `/api/cameras/recordings/${still.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="capture-Hall-\d{8}-\d{6}\.jpg"$/,
    );
    expect(file.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(sha(file.rawPayload)).toBe(still.sha256);
    expect(file.headers['x-content-sha256']).toBe(still.sha256);
    const list = (await call(owner, 'GET', `/api/cameras/${cameraId}/recordings`)).json();
    expect(list.map((r: { id: string }) => r.id)).toContain(still.id);
    const audit = rowsOf<{ action: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select action from audit_log where company_id = ${owner.company.id} order by id`),
      ),
    ).map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['camera.still_captured', 'camera_recording.downloaded']));
  });

  it('records a clip until stopped: a playable MP4 starting at zero, with its fingerprint', async () => {
    const started = Date.now();
    const res = await call(owner, 'POST', `/api/cameras/${cameraId}/clips`, { seconds: 60 });
    expect(res.statusCode).toBe(201);
    const clip = res.json();
    expect(clip).toMatchObject({ kind: 'clip', state: 'recording', sha256: null });
    // Busy: one operator's clip per camera at a time; not downloadable while it records.
    expect((await call(owner, 'POST', `/api/cameras/${cameraId}/clips`, { seconds: 5 })).statusCode).toBe(
      409,
    );
    expect((await call(owner, 'GET', `/api/cameras/recordings/${clip.id}/file`)).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 2500));
    const stopped = await call(owner, 'POST', `/api/cameras/recordings/${clip.id}/stop`);
    const recordedSeconds = (Date.now() - started) / 1000;
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ state: 'ready', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await call(owner, 'POST', `/api/cameras/recordings/${clip.id}/stop`)).statusCode).toBe(409);
    const file = await call(owner, 'GET', `/api/cameras/recordings/${clip.id}/file`);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(sha(file.rawPayload)).toBe(stopped.json().sha256);
    expect(file.rawPayload.length).toBe(stopped.json().sizeBytes);
    // ffprobe reads it: H.264, starting at zero, some picture and no more than the time it recorded.
    // How much picture 2.5 s of wall time holds depends on the
    // machine's load (the clip starts at a keyframe, one a second; a loaded camera lags), so the lower
    // bound is only "not empty".
    const dir = mkdtempSync(join(tmpdir(), 'vigie-clip-'));
    writeFileSync(join(dir, 'clip.mp4'), file.rawPayload);
    const probe = spawnSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,start_time:format=duration',
        '-of',
        'json',
        join(dir, 'clip.mp4'),
      ],
      { encoding: 'utf8' },
    );
    const info = JSON.parse(probe.stdout);
    expect(info.streams[0].codec_name).toBe('h264');
    expect(Number(info.streams[0].start_time)).toBeLessThan(0.1);
    expect(Number(info.format.duration)).toBeGreaterThan(0);
    expect(Number(info.format.duration)).toBeLessThan(recordedSeconds + 0.5);
  });

  it('keeps another company, agents and bad input out', async () => {
    const other = await registerCompany(t.app);
    const still = (await call(owner, 'POST', `/api/cameras/${cameraId}/captures`)).json();
    for (const [method, url] of [
      ['GET', `/api/cameras/${cameraId}/recordings`],
      ['POST', `/api/cameras/${cameraId}/captures`],
      ['POST', `/api/cameras/${cameraId}/clips`],
      ['GET', `/api/cameras/recordings/${still.id}/file`],
      ['POST', `/api/cameras/recordings/${still.id}/stop`],
      ['DELETE', `/api/cameras/recordings/${still.id}/hold`],
    ] as const) {
      const res = await call(other, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const admin = await addUser(t.app, other, 'admin');
    expect(
      (await call(admin, 'PUT', `/api/cameras/recordings/${still.id}/hold`, { reason: 'Réquisition' }))
        .statusCode,
    ).toBe(404);
    const agent = await addUser(t.app, owner, 'agent');
    const refused = await call(agent, 'POST', `/api/cameras/${cameraId}/captures`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Les agents peuvent regarder les caméras mais pas enregistrer : demandez au poste de contrôle',
    );
    // An agent may look at the company's stills.
    expect((await call(agent, 'GET', `/api/cameras/${cameraId}/recordings`)).statusCode).toBe(200);
    const tooLong = await call(owner, 'POST', `/api/cameras/${cameraId}/clips`, { seconds: 601 });
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json())).toContain('Un clip ne doit pas dépasser 10 minutes');
    expect((await call(owner, 'POST', `/api/cameras/${cameraId}/clips`, { seconds: 'x' })).statusCode).toBe(
      422,
    );
    expect((await call(owner, 'GET', '/api/cameras/recordings/pas-un-id/file')).statusCode).toBe(422);
    const noReason = await call(owner, 'PUT', `/api/cameras/recordings/${still.id}/hold`, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    const huge = await call(owner, 'PUT', `/api/cameras/recordings/${still.id}/hold`, {
      reason: 'x'.repeat(501),
    });
    expect(huge.statusCode).toBe(422);
  });

  it('records a clip of the alarm’s camera, attached to the alarm, by one instance', async () => {
    const res = await call(owner, 'POST', '/api/alarms', {
      siteId,
      type: 'intrusion',
      severity: 'high',
      title: 'Intrusion hall',
      description: 'Détecteur du hall',
      location: 'Hall',
      cameraId,
    });
    expect(res.statusCode).toBe(201);
    const alarmId = res.json().id;
    const clips = async () =>
      (await call(owner, 'GET', `/api/alarms/${alarmId}/recordings`)).json() as {
        state: string;
        trigger: string;
        sha256: string | null;
        alarmId: string;
      }[];
    const until = Date.now() + 15_000;
    while ((await clips())[0]?.state !== 'ready' && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    const [clip, ...more] = await clips();
    expect(more).toEqual([]);
    expect(clip).toMatchObject({
      trigger: 'alarm',
      alarmId,
      state: 'ready',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Another company's alarm: a 404, as every alarm route.
    const other = await registerCompany(t.app);
    expect((await call(other, 'GET', `/api/alarms/${alarmId}/recordings`)).statusCode).toBe(404);
    // A camera that went offline is not filmed.
    const offline = await call(owner, 'POST', '/api/alarms', {
      siteId,
      type: 'camera_offline',
      severity: 'medium',
      title: 'Caméra hors ligne',
      description: 'Hall',
      location: 'Hall',
      cameraId,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await call(owner, 'GET', `/api/alarms/${offline.json().id}/recordings`)).json()).toEqual([]);
  });

  it('purges video after a month, except what is under legal hold (administrators only)', async () => {
    const kept = (await call(owner, 'POST', `/api/cameras/${cameraId}/captures`)).json();
    const gone = (await call(owner, 'POST', `/api/cameras/${cameraId}/captures`)).json();
    const operator = await addUser(t.app, owner, 'operator');
    expect(
      (await call(operator, 'PUT', `/api/cameras/recordings/${kept.id}/hold`, { reason: 'Enquête' }))
        .statusCode,
    ).toBe(403);
    const held = await call(owner, 'PUT', `/api/cameras/recordings/${kept.id}/hold`, {
      reason: 'Réquisition judiciaire n° 2026/114',
    });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ legalHold: true, expiresAt: null });
    expect(gone.expiresAt).toBe(new Date(Date.parse(gone.startedAt) + 30 * 86_400_000).toISOString());
    // Thirty-one days later.
    const removed = await purgeVideo(t.db, new Date(Date.now() + 31 * 86_400_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await call(owner, 'GET', `/api/cameras/recordings/${gone.id}/file`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/cameras/recordings/${kept.id}/file`)).statusCode).toBe(200);
    const lifted = await call(owner, 'DELETE', `/api/cameras/recordings/${kept.id}/hold`);
    expect(lifted.json()).toMatchObject({ legalHold: false, holdReason: null });
    await purgeVideo(t.db, new Date(Date.now() + 31 * 86_400_000));
    expect((await call(owner, 'GET', `/api/cameras/recordings/${kept.id}/file`)).statusCode).toBe(404);
  });
});
