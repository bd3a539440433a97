// The device side of a plugin: routes declared with `apiKey` authenticate an X-Api-Key before
// validation (as the session check does), and the handler reads the device from the request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompanyCache } from '../../plugins/company-cache';
import { authenticateDevice, type DeviceContext } from './integrations.service';

/** Registers the key check on the calling plugin's `apiKey` routes; answers how to read the device. */
export function registerDeviceAuth(app: FastifyInstance) {
  const devices = new WeakMap<FastifyRequest, DeviceContext>();
  const known = {
    clock: app.accessChanges,
    cache: new CompanyCache<DeviceContext>(app.accessChanges, {
      ttlMs: 30_000,
      maxBytes: 4 * 1024 * 1024,
      sizeOf: () => 500,
    }),
  };
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.endpoint?.apiKey) return;
    devices.set(request, await authenticateDevice(app.db, request.headers['x-api-key'], known));
  });
  return (request: FastifyRequest) => {
    const device = devices.get(request);
    if (!device) throw new Error('device route without a device');
    return device;
  };
}
