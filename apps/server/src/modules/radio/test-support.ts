// Helpers of the radio tests: IMEIs with a valid check digit, radios, channels, a gateway key and
// an agent on duty with a position, all through the API.
import type { FastifyInstance } from 'fastify';
import type { Tenant } from '../../test/harness';
import { addUser } from '../../test/harness';
import { createAgent, createShift, createSite, shiftAround } from '../planning/test-support';

/** 14 digits plus their Luhn check digit. */
export function imeiFrom(body14: string) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body14[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body14 + String((10 - (sum % 10)) % 10);
}

let n = 0;
export const nextImei = () =>
  imeiFrom(`35${String(Date.now() % 1e8).padStart(8, '0')}${String(n++ % 10_000).padStart(4, '0')}`);

async function post(app: FastifyInstance, tenant: Tenant, url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, headers: tenant.auth, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createRadio(app: FastifyInstance, tenant: Tenant, extra: Record<string, unknown> = {}) {
  return (await post(app, tenant, '/api/radio/radios/', {
    radioId: nextImei(),
    serialNumber: `SN-${n++}`,
    ...extra,
  })) as { id: string; radioId: string; status: string; agentId: string | null };
}

export async function createChannel(
  app: FastifyInstance,
  tenant: Tenant,
  extra: Record<string, unknown> = {},
) {
  return (await post(app, tenant, '/api/radio/channels/', {
    name: `Canal ${Date.now().toString(36)}${n++}`,
    type: 'site',
    priority: 0,
    ...extra,
  })) as { id: string; name: string; priority: number; activeMembers: number };
}

/** A radio gateway key: the `x-api-key` header to present. */
export async function gatewayKey(app: FastifyInstance, tenant: Tenant) {
  const key = (await post(app, tenant, '/api/radio/keys', { name: `Passerelle ${n++}` })) as { key: string };
  return { 'x-api-key': key.key };
}

// Place de la Concorde and nearby points.
export const concorde = { lat: 48.8657, lng: 2.3213 };

/** An agent (with a phone user) clocked in now on a site at the Concorde. */
export async function agentOnDuty(app: FastifyInstance, owner: Tenant, name: string) {
  const phone = await addUser(app, owner, 'agent');
  const agent = await createAgent(app, owner, { userId: phone.user.id, name });
  const site = await createSite(app, owner);
  const shift = await createShift(app, owner, shiftAround(agent.id, site.id, 5));
  const res = await app.inject({
    method: 'POST',
    url: `/api/shifts/${(shift as { id: string }).id}/clock-in`,
    headers: phone.auth,
    payload: { latitude: concorde.lat, longitude: concorde.lng, accuracy: 10 },
  });
  if (res.statusCode !== 200) throw new Error(`clock-in: ${res.statusCode} ${res.body}`);
  return { agent, site, phone };
}
