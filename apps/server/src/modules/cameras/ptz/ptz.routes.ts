import {
  gotoCameraPtzPreset,
  listCameraPtzPresets,
  moveCameraPtz,
} from '@vigie/contract/camera-ptz.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/endpoint';
import * as service from './ptz.service';

/** PTZ of a camera through ONVIF: registered by camerasRoutes. */
export async function ptzRoutes(app: FastifyInstance) {
  const deps = { db: app.db, secrets: app.secrets, policy: app.outbound };
  route(app, moveCameraPtz, async ({ auth, params, body }) => {
    await service.movePtz(deps, auth, params.id, body);
    return undefined;
  });
  route(app, listCameraPtzPresets, async ({ auth, params }) => service.listPtzPresets(deps, auth, params.id));
  route(app, gotoCameraPtzPreset, async ({ auth, params }) => {
    await service.gotoPtzPreset(deps, auth, params.id, params.token);
    return undefined;
  });
}
