// Helpers of the alarm-to-proof spec: a guarded site with its instructions, a camera that really
// streams, an alarm panel sending a SIA DC-09 burglary frame to the server's receiver over TCP, and
// an agent on duty with a phone account.
import { connect } from 'node:net';
import { expect } from 'vitest';
import { buildFrame } from '../../apps/server/src/modules/panels/protocol/answer';
import { api, type RegisteredCompany, uniqueId } from './api';
import { baseUrl } from './browser';
import { createAgentAccount, createSiteAt, type Place, planShiftViaApi, shiftRunningNow } from './planning';

export const warehouse: Place = {
  name: 'Entrepôt de Gonesse',
  address: '4 rue de la Logistique, 95500 Gonesse',
  lat: 48.9866,
  lng: 2.4493,
};

/** About `metres` north of the warehouse (1° of latitude ≈ 111,195 m). */
export const northOfWarehouse = (metres: number) => ({
  latitude: warehouse.lat + metres / 111_195,
  longitude: warehouse.lng,
  accuracy: 10,
});

export const callList = [
  {
    name: 'Claire Martin',
    role: 'Responsable de site',
    phones: ['06 11 22 33 44'],
    password: 'GONESSE-7',
    availability: '24 h/24',
  },
  {
    name: 'Marc Petit',
    role: "Chef d'équipe",
    phones: ['06 55 66 77 88'],
    password: 'QUAI-3',
    availability: null,
  },
];
export const checklist = [
  'Visionner la caméra du quai',
  'Appeler le responsable de site',
  'Envoyer un agent',
  'Prévenir la police si intrusion confirmée',
];

export async function guardedSite(company: RegisteredCompany) {
  const siteId = await createSiteAt(company, warehouse);
  const saved = await api(
    'PUT',
    `/api/sites/${siteId}/instructions`,
    { contacts: callList, steps: checklist.map((text) => ({ text })) },
    company.token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return siteId;
}

/** An agent with a phone account, clocked in on the site through the API. */
export async function agentOnDuty(company: RegisteredCompany, siteId: string, name: string) {
  const account = await createAgentAccount(company, name);
  const u = uniqueId();
  const agent = await api<{ id: string }>(
    'POST',
    '/api/agents',
    {
      name,
      badge: `INT-${u}`,
      phone: '0612345678',
      email: `agent-rec-${u}@exemple.fr`,
      speciality: 'Intervention',
      level: 'senior',
      hireDate: '2021-09-01',
      cnapsNumber: 'CAR-095-2031-03-14-20190123456',
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
  const clock = await api(
    'POST',
    `/api/shifts/${shift.id}/clock-in`,
    { latitude: warehouse.lat, longitude: warehouse.lng, accuracy: 10 },
    login.body.access_token,
  );
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  return { agentId: agent.body.id, account, token: login.body.access_token };
}

/** A panel on the site (account of our own) and where the company's panels send their frames. */
export async function panelOnSite(company: RegisteredCompany, siteId: string) {
  const account = `${Date.now().toString(16).slice(-6).toUpperCase()}`;
  const created = await api(
    'POST',
    '/api/panels',
    {
      siteId,
      name: 'Centrale entrepôt',
      account,
      zones: [{ number: 1, name: 'Porte du quai 3' }],
    },
    company.token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const receiver = await api<{ prefix: string; port: number | null; state: string }>(
    'GET',
    '/api/panels/receiver',
    undefined,
    company.token,
  );
  expect(receiver.body.state).toBe('up');
  return { account, prefix: receiver.body.prefix, port: receiver.body.port as number };
}

/** Sends one SIA burglary event (BA, zone 1) as the panel does, over TCP; resolves with the answer. */
export function sendBurglary(panel: { account: string; prefix: string; port: number }): Promise<string> {
  const frame = buildFrame({
    id: 'SIA-DCS',
    sequence: 1,
    prefix: panel.prefix,
    account: panel.account,
    data: `#${panel.account}|Nri1/BA01`,
    timestamp: new Date(),
  });
  return new Promise((resolve, reject) => {
    const socket = connect({ host: new URL(baseUrl()).hostname, port: panel.port }, () =>
      socket.write(frame),
    );
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer from the receiver'));
    }, 15_000);
    socket.once('data', (answer) => {
      clearTimeout(timer);
      socket.end();
      resolve(answer.toString('latin1'));
    });
    socket.once('error', reject);
  });
}
