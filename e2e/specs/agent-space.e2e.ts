// The agent's phone space (/agent) in Chromium at 375 px, against the real server: the agent signs
// in and lands there, reads the previous agent's relève, takes the service on site, starts a
// random-order round and scans its labels through a fake camera (one with an anomaly), writes an
// entry with a photo; then the phone loses the network (the context's offline mode): two more
// entries and a scan are kept on the phone, the page still opens, and when the network is back they
// reach the control room's screen (1440 px, opened before, never reloaded) once each, in order,
// with the times they were made.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import {
  type AgentSpaceSetup,
  agentSpaceSetup,
  checkpointNames,
  depot,
  entriesOf,
  handoverText,
  labelsVideo,
  phoneBrowser,
  phonePhoto,
  roundOf,
} from '../support/agent-space';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { baseUrl, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';

const agentName = 'Léa Martin';
const online = { text: 'Ronde de 22 h : grille du quai forcée, photo prise, PC prévenu' };
const offlineA = 'Hors ligne 1 : livreur Transports Martin reçu au portail nord';
const offlineB = 'Hors ligne 2 : éclairage du parking éteint côté chaufferie';
const LIVE = { timeout: 20_000 };

/** Nothing wider than the phone's screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** The elements sticking out on the right (named in a failure). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
  );

async function shoot(page: Page, name: string) {
  if (!(await fitsWidth(page))) expect(await overflowing(page), `${name} overflows`).toEqual([]);
  // From the top: the sticky bar would otherwise sit mid-page in a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Waits for the camera to recognise a label, then confirms the passage (with a note if given). */
async function scanNext(page: Page, note?: string) {
  const found = page.getByTestId('scan-found');
  await found.waitFor({ timeout: 30_000 });
  const name = (await found.getByRole('heading').textContent()) ?? '';
  if (note) {
    await found.getByRole('button', { name: 'Signaler une anomalie' }).click();
    await found.getByLabel('Anomalie constatée').fill(note);
    await found.getByRole('button', { name: 'Valider avec l’anomalie' }).click();
  } else {
    await found.getByRole('button', { name: 'Valider le passage' }).click();
  }
  return name;
}

describe('agent space on a phone', () => {
  let company: RegisteredCompany;
  let setup: AgentSpaceSetup;
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let control: BrowserContext;
  let room: Page;
  const consoleErrors: string[][] = [];

  beforeAll(async () => {
    company = await registerViaApi('Espace agent');
    setup = await agentSpaceSetup(company, agentName);
    browser = await phoneBrowser(await labelsVideo(setup.codes));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands on /agent, shows the relève first, takes the service and walks a random round', async () => {
    // The control room watches the site's register at 1440 px, opened before everything.
    control = await newContext(browser, 'desktop');
    room = await control.newPage();
    consoleErrors.push(watchConsole(room));
    await signIn(room, company.email, company.password);
    await room.goto('/dashboard/logbook');
    await room.getByText(handoverText).waitFor();

    phone = await newContext(browser, 'phone', {
      geolocation: { latitude: depot.lat, longitude: depot.lng, accuracy: 15 },
      permissions: ['geolocation'],
    });
    await phone.grantPermissions(['geolocation', 'camera'], { origin: baseUrl() });
    page = await phone.newPage();
    consoleErrors.push(watchConsole(page));
    await page.goto('/login');
    await page.getByLabel('Email').fill(setup.account.email);
    await page.getByLabel('Mot de passe').fill(setup.account.password);
    await page.getByRole('button', { name: 'Connexion', exact: true }).click();
    await page.waitForURL('**/agent');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^Bon(jour|soir) ${agentName}$`) })
      .waitFor();
    expect(await page.getByTestId('agent-connection').textContent()).toBe('En ligne');
    await page.getByRole('link', { name: 'Version complète' }).waitFor();

    // The relève of the previous agent comes first, to be read.
    const handover = page.getByTestId('agent-handover');
    await handover.getByText(handoverText).waitFor();
    expect(await handover.getAttribute('data-read')).toBe('false');
    await handover.getByText('Karim Benali', { exact: false }).waitFor();
    await expectNoSeriousA11y(page);
    await shoot(page, 'agent-space-handover-phone');
    await handover.getByRole('button', { name: "J'ai lu la relève" }).click();
    await handover.getByText('Relève lue').waitFor();

    // « Prendre mon service »: the position checked once, on site.
    await page.getByRole('button', { name: 'Prendre mon service' }).click();
    const clock = page.getByRole('dialog', { name: 'Prendre mon service' });
    await clock.getByRole('button', { name: 'Continuer' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Service commencé' }).waitFor();
    await page.getByRole('button', { name: 'Terminer mon service' }).waitFor();
    await page.getByRole('button', { name: 'Écrire la relève' }).waitFor();
    await dismissToasts(page);
    await shoot(page, 'agent-space-on-duty-phone');

    // The planned round: started from the phone, its order drawn by the server and shown as the route.
    const round = page.getByTestId('agent-round');
    await round.getByText('Ronde de nuit — extérieurs').waitFor();
    await round.getByRole('button', { name: 'Démarrer la ronde' }).click();
    await page.getByTestId('scan-screen').waitFor();
    await dismissToasts(page);
    const drawn = await api<{ checkpoints: { name: string }[]; orderMode: string }>(
      'GET',
      `/api/rounds/${setup.roundId}`,
      undefined,
      company.token,
    );
    expect(drawn.body.orderMode).toBe('random');
    const route = page.getByTestId('route-checkpoint');
    await expect.poll(() => route.count()).toBe(3);
    expect(await route.allTextContents()).toEqual(drawn.body.checkpoints.map((c, i) => `${i + 1}${c.name}`));
    await page.getByText('0 / 3 points').waitFor();
    expect(await page.getByTestId('scan-nfc').textContent()).toContain('NFC non disponible');

    // Two labels through the camera, the second with an anomaly.
    const first = await scanNext(page);
    await page.getByText(`Passage enregistré : ${first}`).waitFor();
    await page.getByText('1 / 3 points').waitFor();
    const foundSecond = page.getByTestId('scan-found');
    await foundSecond.waitFor({ timeout: 30_000 });
    await shoot(page, 'agent-space-scan-found-phone');
    const second = await scanNext(page, 'Grille du quai forcée');
    expect(second).not.toBe(first);
    await page.getByText(`Passage enregistré : ${second}`).waitFor();
    await page.getByText('2 / 3 points').waitFor();
    await expect.poll(() => route.filter({ has: page.getByLabel('Scanné') }).count()).toBe(2);
    await expectNoSeriousA11y(page);
    await shoot(page, 'agent-space-scanning-phone');
    const afterTwo = await roundOf(company, setup.roundId);
    expect(afterTwo).toMatchObject({ status: 'in_progress', scanned: 2, anomalies: 1 });
    await page.getByRole('button', { name: 'Retour' }).click();
  });

  it('writes an entry with a photo, seen live by the control room', async () => {
    await page.getByLabel('Catégorie').selectOption('incident');
    await page.getByLabel('Texte').fill(online.text);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'quai.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    await page.getByAltText('Pièce jointe 1').waitFor();
    await page.getByRole('button', { name: "Enregistrer l'entrée" }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: /^Entrée n° \d+ enregistrée/ })
      .waitFor();
    await page.getByTestId('agent-entry').filter({ hasText: online.text }).waitFor();
    await room.getByText(online.text).waitFor(LIVE);
    const written = (await entriesOf(company, setup.siteId)).find((e) => e.text === online.text);
    expect(written?.photos).toHaveLength(1);
    await dismissToasts(page);
    await shoot(page, 'agent-space-logbook-phone');
  });

  it('keeps two entries and a scan while offline, then delivers them once each, in order', async () => {
    // The control room's « Rondes » in a second tab: the round under way, two points of three.
    const tours = await control.newPage();
    consoleErrors.push(watchConsole(tours));
    await tours.goto('/dashboard/tours');
    await tours.getByText('2/3 points').waitFor();

    await phone.setOffline(true);
    await page.getByTestId('agent-connection').getByText('Hors ligne').waitFor();

    const before = Date.now();
    for (const text of [offlineA, offlineB]) {
      await page.getByLabel('Catégorie').selectOption('passage');
      await page.getByLabel('Texte').fill(text);
      await page.getByRole('button', { name: "Enregistrer l'entrée" }).click();
      await page.getByTestId('agent-entry-pending').filter({ hasText: text }).waitFor();
      // One second apart: their own times tell them apart.
      await page.waitForTimeout(1_100);
    }
    await page.getByText('2 en attente d’envoi').waitFor();

    // The last checkpoint, scanned without network.
    await page.getByTestId('agent-round').getByRole('button', { name: 'Scanner les points' }).click();
    const third = await scanNext(page);
    expect(checkpointNames).toContain(third);
    await page.getByText(`Hors ligne : passage « ${third} » gardé sur le téléphone`).waitFor();
    await page.getByText('3 / 3 points').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('route-checkpoint')
          .filter({ has: page.getByLabel("En attente d'envoi") })
          .count(),
      )
      .toBe(1);
    await shoot(page, 'agent-space-scan-offline-phone');
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.getByText('3 en attente d’envoi').waitFor();
    await dismissToasts(page);
    await shoot(page, 'agent-space-offline-phone');

    // Nothing has left the phone: the server has neither entry, the round still waits.
    const meanwhile = await entriesOf(company, setup.siteId);
    expect(meanwhile.filter((e) => e.text === offlineA || e.text === offlineB)).toEqual([]);
    expect((await roundOf(company, setup.roundId)).scanned).toBe(2);

    // The page opens again without network (the service worker's shell, the kept data and outbox).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: new RegExp(agentName) }).waitFor();
    await page.getByText('3 en attente d’envoi').waitFor();
    expect(await page.getByTestId('agent-connection').textContent()).toBe('Hors ligne');
    await page.getByTestId('agent-entry-pending').filter({ hasText: offlineB }).waitFor();
    await shoot(page, 'agent-space-reopened-offline-phone');

    // Back online: sent by themselves, in order.
    const reconnected = Date.now();
    await phone.setOffline(false);
    await page.getByTestId('agent-connection').getByText('En ligne').waitFor();
    await page.getByTestId('outbox-pending').waitFor({ state: 'detached', timeout: 30_000 });
    await room.getByText(offlineA).waitFor(LIVE);
    await room.getByText(offlineB).waitFor(LIVE);
    expect(await room.getByText(offlineA).count()).toBe(1);
    expect(await room.getByText(offlineB).count()).toBe(1);

    const entries = await entriesOf(company, setup.siteId);
    const a = entries.filter((e) => e.text === offlineA);
    const b = entries.filter((e) => e.text === offlineB);
    expect([a.length, b.length]).toEqual([1, 1]);
    const [ea, eb] = [a[0], b[0]] as [(typeof a)[number], (typeof b)[number]];
    const onlineEntry = entries.find((e) => e.text === online.text);
    // Numbered in the order written, with the times they were written on the phone. The site's
    // system entries (its clock-in, copied from its event by the copier's own pass) may take a
    // number in between: among the people's entries, the three follow each other.
    const written = entries
      .filter((e) => e.source === 'user')
      .sort((x, y) => x.number - y.number)
      .map((e) => e.id);
    const at = written.indexOf(onlineEntry?.id ?? '');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(written.slice(at, at + 3)).toEqual([onlineEntry?.id, ea.id, eb.id]);
    expect(eb.number).toBeGreaterThan(ea.number);
    expect(Date.parse(ea.occurredAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(ea.occurredAt)).toBeLessThan(Date.parse(eb.occurredAt));
    expect(Date.parse(eb.occurredAt)).toBeLessThan(reconnected);
    expect(Date.parse(ea.createdAt)).toBeGreaterThanOrEqual(reconnected - 1_000);

    // The scan keeps its own time too, and completes the round.
    const walked = await roundOf(company, setup.roundId);
    expect(walked).toMatchObject({ status: 'done', scanned: 3, anomalies: 1 });
    const last = walked.checkpoints.find((c) => c.name === third);
    expect(Date.parse(last?.scan?.scannedAt ?? '')).toBeLessThan(reconnected);

    await dismissToasts(room);
    await screenshot(room, 'agent-space-control-room-desktop');
    // The offline scan reached « Rondes » live: the round is done, counted in the week's rate.
    await tours.getByText(/^1 terminée · 0 manquée/).waitFor(LIVE);
    await tours.getByText('2/3 points').waitFor({ state: 'detached', ...LIVE });
    await dismissToasts(tours);
    await screenshot(tours, 'agent-space-control-room-rounds-desktop');
    await page.getByTestId('agent-round').waitFor({ state: 'detached', timeout: 15_000 });
    await dismissToasts(page);
    await shoot(page, 'agent-space-synced-phone');
  });

  it('offers the relève before leaving, and fits a wide screen too', async () => {
    await page.getByRole('button', { name: 'Écrire la relève' }).click();
    expect(await page.getByLabel('Catégorie').inputValue()).toBe('relève');
    await page.getByLabel('Texte').fill('Relève de jour : ronde extérieure faite, grille du quai à réparer.');
    await page.getByRole('button', { name: 'Enregistrer la relève' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: /^Entrée n° \d+ enregistrée/ })
      .waitFor();
    const handover = await api<{ text: string }>(
      'GET',
      `/api/logbook/handover?siteId=${setup.siteId}`,
      undefined,
      company.token,
    );
    expect(handover.body.text).toContain('Relève de jour');

    // Written by the agent: not a relève for them to read.
    expect(await page.getByTestId('agent-handover').getAttribute('data-read')).toBe('true');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dismissToasts(page);
    await expectNoSeriousA11y(page);
    await shoot(page, 'agent-space-desktop');
    expect(
      consoleErrors.flat().filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
    ).toEqual([]);
    await phone.close();
    await control.close();
  });
});
