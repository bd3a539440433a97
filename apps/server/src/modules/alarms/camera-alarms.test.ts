// Camera outages become alarms: real TCP listeners stand in for the cameras' RTSP ports, and the
// real health monitor round (probeAllCameras) finds the transitions.
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { probeAllCameras } from '../cameras/camera-monitor';
import { cameraAlarmsIdle } from './alarms.jobs';
import { BACK_ONLINE_NOTE, CAMERA_DELETED_NOTE } from './camera-alarms';

const listen = async () => {
  const srv = createServer((s) => s.end());
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  return srv;
};
const close = (srv: Server) => new Promise((r) => srv.close(r));

describe.each(engines)('camera offline alarms on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('raises one camera_offline alarm per outage and resolves it when the camera is back', async () => {
    const owner = await registerCompany(t.app);
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Parking', address: 'Rue Haute' },
      })
    ).json().id;
    let camera = await listen();
    const port = (camera.address() as AddressInfo).port;
    const cam = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cameras',
        headers: owner.auth,
        payload: {
          siteId,
          name: 'Entrée parking',
          location: 'Barrière',
          rtspUrl: `rtsp://127.0.0.1:${port}/live`,
        },
      })
    ).json();
    const round = async () => {
      await probeAllCameras(t.db, t.app.outbound, { timeoutMs: 1000 });
      await cameraAlarmsIdle(t.db);
    };
    const alarms = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/alarms?type=camera_offline', headers: owner.auth })
      ).json();

    await round();
    expect(await alarms()).toEqual([]);

    await close(camera);
    await round();
    await round();
    const raised = await alarms();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'camera_offline',
      severity: 'high',
      status: 'active',
      cameraId: cam.id,
      siteId,
      source: 'system',
      title: 'Caméra hors ligne : Entrée parking',
      location: 'Barrière',
    });

    camera = createServer((s) => s.end());
    await new Promise<void>((r) => camera.listen(port, '127.0.0.1', () => r()));
    await round();
    const [resolved] = await alarms();
    expect(resolved).toMatchObject({
      id: raised[0].id,
      status: 'resolved',
      resolutionNote: BACK_ONLINE_NOTE,
    });
    expect(resolved.timeline.at(-1)).toMatchObject({ kind: 'resolved', author: 'Système' });

    // A second outage is a second alarm.
    await close(camera);
    await round();
    const both = await alarms();
    expect(both).toHaveLength(2);
    expect(both[0].status).toBe('active');

    // Deleting the camera during its outage closes the alarm (it would stay open forever), and the
    // alarm stays in the history.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/cameras/${cam.id}`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBe(204);
    await cameraAlarmsIdle(t.db);
    const after = await alarms();
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({
      id: both[0].id,
      status: 'resolved',
      resolutionNote: CAMERA_DELETED_NOTE,
      resolvedBy: 'Système',
    });
    expect(after[0].timeline.at(-1)).toMatchObject({ kind: 'resolved', author: 'Système' });
  });
});
