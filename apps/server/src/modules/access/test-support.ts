// Helpers of the access tests: a site, a point with its reader key, badges, all through the API.
import type { FastifyInstance } from 'fastify';
import type { Tenant } from '../../test/harness';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function post(app: FastifyInstance, tenant: Tenant, url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, headers: tenant.auth, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createSite(app: FastifyInstance, tenant: Tenant, name = `Site ${next()}`) {
  return (await post(app, tenant, '/api/sites', { name, address: '1 rue de la Paix, Paris' })) as {
    id: string;
    name: string;
  };
}

export async function createPoint(
  app: FastifyInstance,
  tenant: Tenant,
  siteId: string,
  extra: Record<string, unknown> = {},
) {
  return (await post(app, tenant, '/api/access/points', {
    name: `Entrée ${next()}`,
    siteId,
    kind: 'porte',
    ...extra,
  })) as { id: string; name: string; siteId: string };
}

/** A reader key bound to the point: the `x-api-key` header to present. */
export async function readerKey(app: FastifyInstance, tenant: Tenant, pointId: string) {
  const key = (await post(app, tenant, `/api/access/points/${pointId}/keys`, {
    name: `Lecteur ${next()}`,
  })) as {
    id: string;
    key: string;
  };
  return { id: key.id, headers: { 'x-api-key': key.key } };
}

export async function createBadge(app: FastifyInstance, tenant: Tenant, extra: Record<string, unknown> = {}) {
  return (await post(app, tenant, '/api/access/badges', {
    badgeType: 'qrcode',
    badgeId: `B-${next()}`,
    holderName: 'Hélène Dupré',
    department: 'Sécurité',
    ...extra,
  })) as { id: string; badgeId: string; status: string; qrVersion: number; nfcUid: string | null };
}

export async function qrOf(app: FastifyInstance, tenant: Tenant, badgeId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/access/badges/${badgeId}/qr`,
    headers: tenant.auth,
  });
  if (res.statusCode !== 200) throw new Error(`qr: ${res.statusCode} ${res.body}`);
  return (res.json() as { payload: string }).payload;
}

export async function check(
  app: FastifyInstance,
  headers: Record<string, string>,
  credential: string,
  type: 'qrcode' | 'nfc' = 'qrcode',
) {
  return app.inject({ method: 'POST', url: '/api/access/check', headers, payload: { credential, type } });
}
