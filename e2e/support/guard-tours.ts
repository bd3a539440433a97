// Helpers of the guard tour spec: a site with an agent clocked in on it, a tour and a round walked
// through the API (as the agent's phone would), so that the control room's screen has live data.
import { expect } from 'vitest';
import { api, type RegisteredCompany, uniqueId } from './api';
import { createAgentAccount, createSiteAt, planShiftViaApi, shiftRunningNow } from './planning';

export const warehouse = {
  name: 'Entrepôt Gerland',
  address: '40 allée de Fontenay, 69007 Lyon',
  lat: 45.7326,
  lng: 4.8331,
};

export async function agentOnDuty(company: RegisteredCompany, name: string) {
  const siteId = await createSiteAt(company, warehouse);
  const account = await createAgentAccount(company, name);
  const u = uniqueId();
  const agent = await api<{ id: string }>(
    'POST',
    '/api/agents',
    {
      name,
      badge: `B-${u}`,
      phone: '0612345678',
      email: `agent-rec-${u}@exemple.fr`,
      speciality: 'Surveillance',
      level: 'senior',
      hireDate: '2022-03-01',
      cnapsNumber: 'CAR-069-2031-03-14-20190123456',
      cnapsExpiresOn: '2031-03-14',
      userId: account.id,
    },
    company.token,
  );
  expect(agent.status, JSON.stringify(agent.body)).toBe(201);
  const shift = await planShiftViaApi(company, shiftRunningNow(agent.body.id, siteId));
  const login = await api<{ access_token: string }>('POST', '/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  const token = login.body.access_token;
  const clock = await api(
    'POST',
    `/api/shifts/${shift.id}/clock-in`,
    { latitude: warehouse.lat, longitude: warehouse.lng, accuracy: 10 },
    token,
  );
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  return { siteId, agentId: agent.body.id, agentToken: token };
}

export interface TourView {
  id: string;
  name: string;
  checkpoints: { id: string; name: string; code: string | null }[];
}

export async function tourViaApi(company: RegisteredCompany, body: Record<string, unknown>) {
  const res = await api<TourView>('POST', '/api/tours', body, company.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function scanViaApi(token: string, roundId: string, payload: Record<string, unknown>) {
  const res = await api('POST', `/api/rounds/${roundId}/scans`, payload, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
