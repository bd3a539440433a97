// Helpers of the lone-worker spec: an agent alone on a post (account, agent record, a shift under
// way, clocked in through the API), and the phone signed in at 375 px with its position granted.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { api, type RegisteredCompany, uniqueId } from './api';
import { baseUrl, newContext } from './browser';
import { createAgentAccount, createSiteAt, planShiftViaApi, shiftRunningNow } from './planning';

export const depot = {
  name: 'Dépôt de Vénissieux',
  address: '12 rue Pierre Sémard, 69200 Vénissieux',
  lat: 45.7049,
  lng: 4.8791,
};

export async function loneAgentOnDuty(company: RegisteredCompany, name: string) {
  const siteId = await createSiteAt(company, depot);
  const account = await createAgentAccount(company, name);
  const u = uniqueId();
  const agent = await api<{ id: string }>(
    'POST',
    '/api/agents',
    {
      name,
      badge: `PTI-${u}`,
      phone: '0612345678',
      email: `agent-rec-${u}@exemple.fr`,
      speciality: 'Surveillance',
      level: 'senior',
      hireDate: '2021-09-01',
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
  const clock = await api(
    'POST',
    `/api/shifts/${shift.id}/clock-in`,
    { latitude: depot.lat, longitude: depot.lng, accuracy: 10 },
    login.body.access_token,
  );
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  return { siteId, agentId: agent.body.id, account, agentToken: login.body.access_token };
}

/** The agent's phone: 375 px, on the site (a position a little off its centre), signed in. */
export async function agentPhone(browser: Browser, account: { email: string; password: string }) {
  const context = await newContext(browser, 'phone', {
    geolocation: { latitude: depot.lat + 0.0004, longitude: depot.lng + 0.0003, accuracy: 12 },
    permissions: ['geolocation'],
  });
  await context.grantPermissions(['geolocation'], { origin: baseUrl() });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  // Agents land on their phone space (or « Mon service » before it existed).
  await page.waitForURL(/\/(agent|dashboard)/);
  return { context, page };
}
