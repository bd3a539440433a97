// Integration keys (administrators) and the device entry points. Panels post their heartbeat on
// POST /api/integrations/heartbeat, and alarms on their own path, POST /api/integrations/alarms, rather than on POST /api/alarms: a session and a key never
// mix on one route, and the key check runs before validation, as the session check does.
import {
  createIntegrationKey,
  ingestAlarm,
  listIntegrationKeys,
  panelHeartbeat,
  revokeIntegrationKey,
} from '@vigie/contract/integrations.contract';
import type { FastifyInstance } from 'fastify';
import { registerDeviceAuth } from '../../lib/device-auth';
import { route } from '../../plugins/endpoint';
import { type Actor, createAlarm } from '../alarms/alarms.service';
import { integrationErrors } from './integrations.errors';
import * as service from './integrations.service';

export async function integrationsRoutes(app: FastifyInstance) {
  const deviceOf = registerDeviceAuth(app, service.authenticateDevice);
  const touchIfDue = service.keyUseRecorder();
  route(app, listIntegrationKeys, async ({ auth }) => service.listKeys(app.db, auth));
  route(app, createIntegrationKey, async ({ auth, body }) => service.createKey(app.db, auth, body));
  route(app, revokeIntegrationKey, async ({ auth, params }) => {
    await service.revokeKey(app.db, auth, params.id);
    return undefined;
  });
  route(app, ingestAlarm, async ({ request, body }) => {
    const device = deviceOf(request);
    // A reader's key opens doors, it does not raise alarms.
    if (device.scope !== 'alarms') throw integrationErrors.wrongScope();
    const actor: Actor = {
      companyId: device.companyId,
      userId: null,
      name: `Centrale « ${device.name} »`,
      role: null,
      source: 'device',
      timezone: 'Europe/Paris',
    };
    return createAlarm(app.db, actor, body, touchIfDue(device));
  });
  route(app, panelHeartbeat, async ({ request, body }) => {
    const device = deviceOf(request);
    return service.recordPanelHeartbeat(app.db, device, body, touchIfDue(device));
  });
}
