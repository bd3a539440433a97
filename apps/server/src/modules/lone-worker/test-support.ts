// Helpers of the lone-worker tests: an agent (a user of role agent with an agent record) clocked in
// on a site, through the API, and short requests.
import type { FastifyInstance } from 'fastify';
import { addUser, type Tenant } from '../../test/harness';
import { createAgent, createShift, createSite, shiftAround } from '../planning/test-support';

export const onSite = { latitude: 48.8657, longitude: 2.3213, accuracy: 12 };
export const phonePosition = { lat: 48.8658, lng: 2.3214, accuracy: 15 };

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

/** An agent's phone (user of role agent) with its agent record, on duty on a new site of the company. */
export async function agentOnDuty(app: FastifyInstance, owner: Tenant) {
  const phone = await addUser(app, owner, 'agent');
  const agent = await createAgent(app, owner, { userId: phone.user.id });
  const site = await createSite(app, owner);
  const shift = await createShift(app, owner, shiftAround(agent.id, site.id, 5));
  const res = await req(app, phone, 'POST', `/api/shifts/${shift.id}/clock-in`, onSite);
  if (res.statusCode !== 200) throw new Error(`clock-in: ${res.statusCode} ${res.body}`);
  return { phone, agent, site, shift };
}

export interface SessionDto {
  id: string;
  agentId: string;
  shiftId: string;
  siteId: string;
  siteName: string;
  intervalMinutes: number;
  startedAt: string;
  nextDueAt: string;
  lastCheckInAt: string | null;
  endedAt: string | null;
  endReason: string | null;
  graceSeconds: number;
  alerted: boolean;
}

/** Turns the agent's protection on; answers the session. */
export async function startProtection(
  app: FastifyInstance,
  phone: Tenant,
  body: Record<string, unknown> = {},
) {
  const res = await req(app, phone, 'POST', '/api/lone-worker/sessions', body);
  if (res.statusCode !== 201) throw new Error(`protection: ${res.statusCode} ${res.body}`);
  return res.json() as SessionDto;
}
