// Helpers of the access-control spec: a reader presenting a badge (the real reader API with its
// device key), badges and points read or made through the API, and the steps of the screen.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from './a11y';
import { api, type RegisteredCompany, uniqueId } from './api';
import { baseUrl, screenshot } from './browser';

export type CheckAnswer = { decision: 'Autorisé' | 'Refusé'; reason: string | null; point: string };

/** What a reader or kiosk does: POST /api/access/check with its key in X-Api-Key. */
export async function presentBadge(readerKey: string, credential: string, type: 'qrcode' | 'nfc' = 'qrcode') {
  const res = await fetch(`${baseUrl()}/api/access/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': readerKey },
    body: JSON.stringify({ credential, type }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as CheckAnswer;
}

export async function badgeByNumber(company: RegisteredCompany, number: string) {
  const res = await api<{ id: string; badgeId: string }[]>(
    'GET',
    `/api/access/badges?search=${encodeURIComponent(number)}`,
    undefined,
    company.token,
  );
  expect(res.status).toBe(200);
  const badge = res.body.find((b) => b.badgeId === number);
  if (!badge) throw new Error(`badge ${number} not found`);
  return badge;
}

/** The signed text the badge's QR code carries, as a phone or a printed card shows it. */
export async function qrPayloadOf(company: RegisteredCompany, badgeId: string) {
  const res = await api<{ payload: string; version: number }>(
    'GET',
    `/api/access/badges/${badgeId}/qr`,
    undefined,
    company.token,
  );
  expect(res.status).toBe(200);
  return res.body;
}

async function created<T>(company: RegisteredCompany, path: string, body: unknown) {
  const res = await api<T>('POST', path, body, company.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A site with one door, its reader key and one QR badge, all through the API. */
export async function readerOnSite(company: RegisteredCompany, siteName: string, holderName: string) {
  const site = await created<{ id: string }>(company, '/api/sites', {
    name: siteName,
    address: '8 quai Perrache, 69002 Lyon',
  });
  const point = await created<{ id: string }>(company, '/api/access/points', {
    name: 'Tourniquet hall',
    siteId: site.id,
    kind: 'tourniquet',
  });
  const key = await created<{ key: string }>(company, `/api/access/points/${point.id}/keys`, {
    name: 'Lecteur tourniquet',
  });
  const badge = await created<{ id: string }>(company, '/api/access/badges', {
    badgeType: 'qrcode',
    badgeId: `V-${uniqueId()}`,
    holderName,
    department: 'Visiteurs',
  });
  const { payload } = await qrPayloadOf(company, badge.id);
  return { readerKey: key.key, payload };
}

export async function pickOption(page: Page, trigger: string | Locator, option: string) {
  await (typeof trigger === 'string' ? page.locator(trigger) : trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The rows of the access log as shown (table rows on a wide screen, cards on a phone). */
export const logRows = (page: Page) => page.getByTestId('access-log-row');

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
export async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/** Screenshot (toasts closed, so they hide nothing) then accessibility scan of the screen. */
export async function shotAndScan(page: Page, name: string) {
  await dismissToasts(page);
  await screenshot(page, name);
  await expectNoSeriousA11y(page);
}

/** A user of another role (agent, operator), created by the owner, signed in on a new page. */
export async function createUser(company: RegisteredCompany, role: 'agent' | 'operator') {
  const account = {
    name: `Utilisateur ${role}`,
    email: `${role}-${uniqueId()}@exemple.fr`,
    password: 'essai-vigie-1',
  };
  await created(company, '/api/users', { ...account, role });
  return account;
}

export async function signInAs(page: Page, who: { email: string; password: string }, home: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mot de passe').fill(who.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  await page.waitForURL(`**${home}`);
}
