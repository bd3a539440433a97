// The device side of a plugin: routes declared with `apiKey` authenticate an X-Api-Key before
// validation (as the session check does), and the handler reads the device from the request. The key
// check itself is the integrations module's (authenticateDevice), passed in by the plugin, so that
// this file depends on no module.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeClock } from '../db/change-feed';
import type { Database } from '../db/client';
import { CompanyCache } from '../plugins/company-cache';

/** Checks a request's key header; `known` keeps the devices already checked (see CompanyCache). */
export type DeviceAuthenticator<Device extends object> = (
  db: Database,
  header: string | string[] | undefined,
  known: { clock: ChangeClock; cache: CompanyCache<Device> },
) => Promise<Device>;

/** Registers the key check on the calling plugin's `apiKey` routes; answers how to read the device. */
export function registerDeviceAuth<Device extends object>(
  app: FastifyInstance,
  authenticate: DeviceAuthenticator<Device>,
) {
  const devices = new WeakMap<FastifyRequest, Device>();
  const known = {
    clock: app.accessChanges,
    cache: new CompanyCache<Device>(app.accessChanges, {
      ttlMs: 30_000,
      maxBytes: 4 * 1024 * 1024,
      sizeOf: () => 500,
    }),
  };
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.endpoint?.apiKey) return;
    devices.set(request, await authenticate(app.db, request.headers['x-api-key'], known));
  });
  return (request: FastifyRequest) => {
    const device = devices.get(request);
    if (!device) throw new Error('device route without a device');
    return device;
  };
}
