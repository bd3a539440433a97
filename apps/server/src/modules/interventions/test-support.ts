// Helpers of the interventions tests: agents (users of role agent with an agent record) clocked in
// on their own site, located at a chosen place by the agent space's positions, and alarms.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows';
import { addUser, type Tenant, type TestApp } from '../../test/harness';
import { createAgent, createShift, createSite, shiftAround } from '../planning/test-support';

/** The sites of the tests are at the Concorde (planning/test-support.ts): 48.8656, 2.3212. */
export const concorde = { lat: 48.8656, lng: 2.3212 };
const clockInAt = { latitude: 48.8657, longitude: 2.3213, accuracy: 12 };

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

/** A position `metres` north of the Concorde (1° of latitude ≈ 111,195 m). */
export const north = (metres: number, accuracy = 10) => ({
  lat: concorde.lat + metres / 111_195,
  lng: concorde.lng,
  accuracy,
});

export interface OnDuty {
  phone: Tenant;
  agent: { id: string; name: string };
  site: { id: string; name: string };
  shift: { id: string };
}

/** An agent with a phone account, clocked in on a new site of the company (at the Concorde). */
export async function agentOnDuty(app: FastifyInstance, owner: Tenant, name?: string): Promise<OnDuty> {
  const phone = await addUser(app, owner, 'agent');
  const agent = await createAgent(app, owner, { userId: phone.user.id, ...(name ? { name } : {}) });
  const site = await createSite(app, owner);
  const shift = await createShift(app, owner, shiftAround(agent.id, site.id, 5));
  const res = await req(app, phone, 'POST', `/api/shifts/${shift.id}/clock-in`, clockInAt);
  if (res.statusCode !== 200) throw new Error(`clock-in: ${res.statusCode} ${res.body}`);
  return { phone, agent, site, shift };
}

/** The agent consents and sends one position. */
export async function locate(
  app: FastifyInstance,
  d: OnDuty,
  position: { lat: number; lng: number; accuracy: number },
) {
  const c = await req(app, d.phone, 'PUT', '/api/agent/location-consent', { consented: true });
  if (c.statusCode !== 200) throw new Error(`consent: ${c.statusCode} ${c.body}`);
  const res = await req(app, d.phone, 'POST', '/api/agent/positions', position);
  if (res.statusCode !== 201) throw new Error(`position: ${res.statusCode} ${res.body}`);
  return res.json() as { recordedAt: string; nextInSeconds: number };
}

export async function createAlarm(
  app: FastifyInstance,
  who: Tenant,
  siteId: string,
  extra: Record<string, unknown> = {},
) {
  const res = await req(app, who, 'POST', '/api/alarms', {
    siteId,
    title: 'Intrusion quai 3',
    description: 'Détecteur de mouvement déclenché',
    location: 'Quai 3',
    type: 'intrusion',
    severity: 'high',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`alarm: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; siteId: string; title: string };
}

export async function propose(app: FastifyInstance, who: Tenant, body: Record<string, unknown>) {
  const res = await req(app, who, 'POST', '/api/interventions', body);
  if (res.statusCode !== 201) throw new Error(`propose: ${res.statusCode} ${res.body}`);
  return res.json() as {
    id: string;
    state: string;
    agentId: string;
    proposedAt: string;
    acceptSeconds: number;
    arriveMinutes: number;
  };
}

export const french = (body: string) => /[a-zéèêàç]/i.test(body) && !/Invalid|Expected|Required/.test(body);

/** How many positions an agent has, every kind. */
export async function positionsCount(t: TestApp, companyId: string, agentId: string) {
  const [row] = rowsOf<{ n: number }>(
    await t.db.withTenant(companyId, (tx) =>
      tx.execute(
        sql`select count(*)::int as n from agent_positions where company_id = ${companyId} and agent_id = ${agentId}`,
      ),
    ),
  );
  return Number(row?.n ?? 0);
}
