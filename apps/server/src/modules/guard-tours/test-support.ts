// Helpers of the guard tour tests: a site with an agent on duty, tours, rounds, all through the API.
import type { FastifyInstance } from 'fastify';
import { addUser, type Tenant } from '../../test/harness';
import { createAgent, createShift, createSite, shiftAround } from '../planning/test-support';

export const onSite = { latitude: 48.8657, longitude: 2.3213, accuracy: 12 };

export async function req(
  app: FastifyInstance,
  who: Tenant | null,
  method: string,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: who?.auth ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A company's site with an agent (a user of role agent) clocked in on it. */
export async function siteWithAgentOnDuty(app: FastifyInstance, owner: Tenant) {
  const phone = await addUser(app, owner, 'agent');
  const agent = await createAgent(app, owner, { userId: phone.user.id });
  const site = await createSite(app, owner);
  const shift = await createShift(app, owner, shiftAround(agent.id, site.id, 5));
  const res = await req(app, phone, 'POST', `/api/shifts/${shift.id}/clock-in`, onSite);
  if (res.statusCode !== 200) throw new Error(`clock-in: ${res.statusCode} ${res.body}`);
  return { phone, agent, site };
}

export const tourBody = (siteId: string, extra: Record<string, unknown> = {}) => ({
  siteId,
  name: 'Ronde de nuit — périmètre',
  expectedMinutes: 30,
  orderMode: 'fixed',
  checkpoints: [
    { name: 'Portail principal', kind: 'qr', instructions: 'Vérifier la chaîne du portail' },
    { name: 'Quai 3', kind: 'qr' },
    { name: 'Local technique', kind: 'qr' },
    { name: 'Issue de secours Nord', kind: 'nfc', nfcUid: `04:A2:${hex()}:${hex()}` },
  ],
  ...extra,
});
const hex = () =>
  Math.floor(Math.random() * 256)
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();

export interface TourDto {
  id: string;
  siteId: string;
  checkpoints: {
    id: string;
    name: string;
    kind: string;
    nfcUid: string | null;
    code: string | null;
    labelVersion: number;
  }[];
}

export async function createTour(app: FastifyInstance, who: Tenant, body: Record<string, unknown>) {
  const res = await req(app, who, 'POST', '/api/tours', body);
  if (res.statusCode !== 201) throw new Error(`tour: ${res.statusCode} ${res.body}`);
  return res.json() as TourDto;
}
