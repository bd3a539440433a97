// Helpers of the planning tests: valid agents, sites and shifts through the API.
import type { FastifyInstance } from 'fastify';
import type { Tenant } from '../../test/harness';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

export const agentBody = (extra: Record<string, unknown> = {}) => {
  const u = next();
  return {
    name: `Agent ${u}`,
    badge: `AG-${u}`,
    phone: '06 12 34 56 78',
    email: `agent-${u}@exemple.fr`,
    speciality: 'Surveillance',
    level: 'senior',
    hireDate: '2023-03-01',
    cnapsNumber: 'CAR-075-2035-03-14-20190123456',
    cnapsExpiresOn: '2035-03-14',
    ...extra,
  };
};

export async function createAgent(app: FastifyInstance, tenant: Tenant, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: tenant.auth,
    payload: agentBody(extra),
  });
  if (res.statusCode !== 201) throw new Error(`agent: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; status: string; photo: string | null };
}

export async function createSite(app: FastifyInstance, tenant: Tenant, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: tenant.auth,
    payload: {
      name: `Site ${next()}`,
      address: '1 place de la Concorde, Paris',
      latitude: 48.8656,
      longitude: 2.3212,
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

export const shiftBody = (agentId: string, siteId: string, extra: Record<string, unknown> = {}) => ({
  agentId,
  siteId,
  date: '2030-06-17',
  startTime: '08:00',
  endTime: '17:00',
  breakStart: '12:00',
  breakEnd: '13:00',
  shiftType: 'custom',
  ...extra,
});

export async function createShift(app: FastifyInstance, tenant: Tenant, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/shifts', headers: tenant.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`shift: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; status: string; workedMinutes: number; start: string; end: string };
}

/** A 1×1 PNG, and a JPEG made by sharp in the test. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Local date and time (Europe/Paris) of an instant, as the shift form takes them. */
export function parisParts(d: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A shift body starting `startInMin` minutes from now, `hours` long, without a break. */
export function shiftAround(agentId: string, siteId: string, startInMin: number, hours = 8) {
  const start = new Date(Date.now() + startInMin * 60_000);
  const end = new Date(start.getTime() + hours * 3_600_000);
  const s = parisParts(start);
  return {
    agentId,
    siteId,
    date: s.date,
    startTime: s.time,
    endTime: parisParts(end).time,
    breakStart: null,
    breakEnd: null,
    shiftType: 'custom',
  };
}
