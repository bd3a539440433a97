import {
  createCamera,
  deleteCamera,
  getCamera,
  getCameraSnapshot,
  listCameras,
  updateCamera,
} from '@vigie/contract/cameras.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { checkCameraAddresses } from './camera-addresses';
import { sealStoredPasswords } from './camera-credentials';
import { probeCameraNow, registerCameraMonitor } from './camera-monitor';
import { getSnapshot, snapshotLimiter } from './camera-snapshot';
import { cameraErrors } from './cameras.errors';
import * as service from './cameras.service';
import { ptzRoutes } from './ptz/ptz.routes';
import { videoRoutes } from './video/video.routes';

export async function camerasRoutes(app: FastifyInstance) {
  route(
    app,
    listCameras,
    async ({ auth, query, request, reply }) => {
      const { rows, total } = await service.listCameras(app.db, auth, query);
      return paginate(request, reply, rows, query.limit, total, (c) => [c.name, c.id]);
    },
    { cache: true },
  );
  route(app, getCamera, async ({ auth, params }) => service.getCamera(app.db, auth, params.id));
  // A camera just added or edited is probed at once (with the monitor on), its status pushed as
  // a round would: the answer does not wait for it.
  const probeSoon = (companyId: string, cameraId: string) => {
    if (app.config.cameraProbeIntervalMs <= 0) return;
    probeCameraNow(app.db, app.outbound, companyId, cameraId).catch((err) =>
      app.log.warn({ err, cameraId }, 'immediate camera probe failed'),
    );
  };
  // Internal addresses the operator has not opened are refused on their field (camera-addresses.ts).
  route(app, createCamera, async ({ auth, body }) => {
    await checkCameraAddresses(app.outbound, body);
    const camera = await service.createCamera(app.db, app.secrets, auth, body);
    probeSoon(auth.companyId, camera.id);
    return camera;
  });
  route(app, updateCamera, async ({ auth, params, body }) => {
    await checkCameraAddresses(app.outbound, body);
    const camera = await service.updateCamera(app.db, app.secrets, auth, params.id, body);
    probeSoon(auth.companyId, camera.id);
    return camera;
  });
  route(app, deleteCamera, async ({ auth, params }) => {
    await service.deleteCamera(app.db, auth, params.id);
    return undefined;
  });
  // Each snapshot is a request the server sends for the company: bounded per company.
  const rate = app.config.cameraSnapshotsPerSecond;
  const snapshots = snapshotLimiter(rate, Math.max(1, 2 * rate));
  route(app, getCameraSnapshot, async ({ auth, params, reply }) => {
    if (!snapshots.take(auth.companyId)) {
      reply.header('retry-after', '1');
      throw cameraErrors.snapshotThrottled();
    }
    const snap = await getSnapshot(app.db, app.secrets, app.outbound, auth, params.id);
    // Bytes are sent as they are (Fastify does not serialise a Buffer); a live image is never cached.
    reply.header('content-type', snap.contentType).header('cache-control', 'no-store');
    return snap.bytes;
  });
  registerCameraMonitor(app);
  // Passwords stored before sealing existed are sealed once, before the app serves.
  app.addHook('onReady', async () => {
    const sealed = await sealStoredPasswords(app.db, app.secrets);
    if (sealed > 0) app.log.info(`${sealed} camera password(s) stored in clear are now sealed`);
  });
  await ptzRoutes(app);
  await videoRoutes(app);
}
