// Alarms as a control room lives them, in Chromium against the real server: two browsers of one
// company (one of them with two tabs sharing a single event stream) see an alarm raised in the
// other appear, get acknowledged and resolved, without reloading; a critical alarm toasts once in
// each tab; another company never sees any of it; an alarm panel posts with an integration key.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { api, type RegisteredCompany, registerViaApi, uniqueId } from '../support/api';
import {
  baseUrl,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
  watchConsole,
} from '../support/browser';
import { signIn } from '../support/session';

/** Real time must beat the 60 s polling fallback by far. */
const LIVE = { timeout: 6_000 };

async function pickOption(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const row = (page: Page, title: string) => page.getByTestId('alarm-row').filter({ hasText: title });
const bellCount = async (page: Page) => {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? '0' : ((await badge.textContent()) ?? '').trim();
};
const counter = (page: Page, status: string) =>
  page.getByTestId(`alarm-counter-${status}`).locator('p').nth(1).textContent();
const statValue = (page: Page, title: string) =>
  page.getByRole('heading', { name: title }).locator('xpath=following-sibling::p[1]').textContent();
const toastCount = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).count();

async function openSignedIn(browser: Browser, who: RegisteredCompany, path: string, viewport?: 'phone') {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  await page.goto(path);
  return { context, page };
}

describe('alarms and real time in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let other: RegisteredCompany;
  let siteId: string;
  const siteName = 'Entrepôt Nord';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    [company, other] = await Promise.all([registerViaApi('Alarmes'), registerViaApi('Concurrent')]);
    const site = await api<{ id: string }>(
      'POST',
      '/api/sites',
      { name: siteName, address: 'ZI des Hauts, 59000 Lille' },
      company.token,
    );
    expect(site.status).toBe(201);
    siteId = site.body.id;
    // The other company has a site and an alarm of its own: never shown to the first.
    const otherSite = await api<{ id: string }>(
      'POST',
      '/api/sites',
      { name: 'Site concurrent', address: '1 rue de Lyon, Paris' },
      other.token,
    );
    expect(otherSite.status).toBe(201);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('shares alarms live between two browsers of a company, and never with another company', async () => {
    const a = await openSignedIn(browser, company, '/dashboard/alarms');
    const b = await openSignedIn(browser, company, '/dashboard/alarms');
    const c = await openSignedIn(browser, other, '/dashboard/alarms');
    contexts.push(a.context, b.context, c.context);
    const errors = watchConsole(a.page);
    // A second tab of browser B on the overview: both tabs share B's one event stream.
    const b2 = await b.context.newPage();
    await b2.goto('/dashboard');
    for (const page of [a.page, b.page, c.page]) {
      await page.getByRole('heading', { level: 1, name: "Système d'alarmes" }).waitFor();
      await page.getByText('Aucune alarme trouvée').waitFor();
    }
    await b2.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await b2.getByTestId('alarms-chart').waitFor();
    expect(await counter(b.page, 'active')).toBe('0');
    expect(await bellCount(b.page)).toBe('0');
    expect(await statValue(b2, "Alertes aujourd'hui")).toBe('0');
    await expectNoSeriousA11y(a.page);

    // A raises an alarm through the dialog (validation first).
    await a.page.getByRole('button', { name: 'Nouvelle alarme' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Nouvelle alarme' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: "Créer l'alarme" }).click();
    await dialog.getByText('Le titre est obligatoire').waitFor();
    await pickOption(a.page, '#alarm-siteId', siteName);
    expect(await a.page.locator('#alarm-type').textContent()).toContain('Intrusion');
    expect(await a.page.locator('#alarm-severity').textContent()).toContain('Moyen');
    await pickOption(a.page, '#alarm-type', 'Incendie');
    await pickOption(a.page, '#alarm-severity', 'Important');
    const title = `Fumée détectée ${uniqueId()}`;
    await dialog.getByLabel('Titre').fill(title);
    await dialog.getByLabel('Description').fill('Détecteur optique de fumée déclenché au quai 4');
    await dialog.getByLabel('Emplacement').fill('Quai de chargement 4');
    await dialog.getByLabel('Déclenchée par').fill('Détecteur DF-04');
    await screenshot(a.page, 'alarm-dialog-desktop');
    await dismissToasts(a.page);
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await dialog.getByRole('button', { name: "Créer l'alarme" }).click();
    await a.page.getByText('Alarme créée').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(a.page, title).waitFor();

    // B sees it without reloading: list, counters, bell; its other tab: bell and dashboard.
    await row(b.page, title).waitFor(LIVE);
    expect(await row(b.page, title).textContent()).toMatch(/Important.*Active/);
    await expect.poll(() => counter(b.page, 'active'), LIVE).toBe('1');
    await expect.poll(() => bellCount(b.page), LIVE).toBe('1');
    await expect.poll(() => bellCount(b2), LIVE).toBe('1');
    await expect.poll(() => statValue(b2, "Alertes aujourd'hui"), LIVE).toBe('1');
    await expect.poll(() => b2.locator('main').textContent(), LIVE).toContain(title);

    // Filters and search are server-side.
    await b.page.getByLabel('Rechercher une alarme').fill('fumee detectee');
    await expect.poll(() => b.page.getByTestId('alarm-row').count()).toBe(1);
    await b.page.getByLabel('Rechercher une alarme').fill('');
    await pickOption(b.page, '[aria-label="Filtrer par gravité"]', 'Critique');
    await b.page.getByText('Aucune alarme trouvée').waitFor();
    await pickOption(b.page, '[aria-label="Filtrer par gravité"]', 'Important');
    await row(b.page, title).waitFor();
    await pickOption(b.page, '[aria-label="Filtrer par gravité"]', 'Toutes les gravités');

    // The bell lists it and links to its details.
    await b.page.getByTestId('notification-bell').click();
    const item = b.page.getByTestId('notification-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.textContent()).toContain(siteName);
    await screenshot(b.page, 'alarms-bell-desktop');
    await item.click();
    const details = b.page.getByRole('dialog', { name: title });
    await details.waitFor();
    expect(b.page.url()).toContain('alarm=');

    // B acknowledges: A's list follows without reload.
    await details.getByRole('button', { name: 'Acquitter' }).click();
    await b.page.getByText('Alarme acquittée').first().waitFor();
    await expect.poll(() => row(a.page, title).getAttribute('data-status'), LIVE).toBe('acknowledged');
    expect(await row(a.page, title).textContent()).toContain('Acquittée');
    await expect.poll(() => bellCount(a.page), LIVE).toBe('0');
    await expect.poll(() => counter(a.page, 'acknowledged'), LIVE).toBe('1');

    // Comment, then resolve with a note (the note is required).
    await details.getByLabel('Commentaire').fill('Patrouille envoyée sur place');
    await details.getByRole('button', { name: 'Ajouter un commentaire' }).click();
    await details
      .getByRole('list', { name: "Historique de l'alarme" })
      .getByText('Patrouille envoyée sur place')
      .waitFor();
    await details.getByRole('button', { name: 'Résoudre' }).click();
    await details.getByRole('button', { name: 'Confirmer la résolution' }).click();
    await details.getByText('La note de résolution est obligatoire').waitFor();
    // The alarm's file has no decision yet: the resolution asks for it (issue 34).
    await details.getByText('Choisissez la décision de levée de doute').waitFor();
    await details.getByLabel('Levée de doute négative').check();
    await details.getByLabel('Motif').fill('Fumée de chariot élévateur vue à la caméra');
    await details.getByLabel('Note de résolution').fill('Levée de doute : fumée de chariot élévateur');
    await details.getByRole('button', { name: 'Confirmer la résolution' }).click();
    await b.page.getByText('Alarme résolue').first().waitFor();
    await expect.poll(() => row(a.page, title).getAttribute('data-status'), LIVE).toBe('resolved');
    await expect.poll(() => counter(a.page, 'resolved'), LIVE).toBe('1');
    const timeline =
      (await details.getByRole('list', { name: "Historique de l'alarme" }).textContent()) ?? '';
    for (const text of [
      'Alarme déclenchée',
      'Alarme acquittée',
      'Commentaire',
      'Alarme résolue',
      'Levée de doute : fumée de chariot élévateur',
      company.ownerName,
    ])
      expect(timeline).toContain(text);
    expect(await details.textContent()).toMatch(/Temps de réponse.*\d+ s/);
    expect(await details.getByRole('button', { name: 'Acquitter' }).count()).toBe(0);
    await dismissToasts(b.page);
    await screenshot(b.page, 'alarm-details-desktop');
    expect(await seriousA11yViolations(b.page)).toEqual([]);

    // A, whose copy says resolved, cannot act twice; the server's 409 is shown if it tried.
    await row(a.page, title).click();
    const detailsA = a.page.getByRole('dialog', { name: title });
    await detailsA.waitFor();
    expect(await detailsA.getByRole('button', { name: 'Résoudre' }).count()).toBe(0);
    await a.page.keyboard.press('Escape');

    // A critical alarm from elsewhere (API): a toast in every tab of both browsers, once each.
    const critical = `Bouton panique ${uniqueId()}`;
    const created = await api(
      'POST',
      '/api/alarms',
      {
        siteId,
        type: 'panic',
        severity: 'critical',
        title: critical,
        description: 'Agent en détresse',
        location: 'Poste de garde',
      },
      company.token,
    );
    expect(created.status).toBe(201);
    for (const page of [a.page, b.page, b2]) {
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Alarme critique' }).first().waitFor(LIVE);
      expect(await page.locator('[data-sonner-toast]').filter({ hasText: critical }).count()).toBe(1);
    }
    await expect.poll(() => bellCount(b2), LIVE).toBe('1');
    await new Promise((r) => setTimeout(r, 1_000));
    for (const page of [a.page, b.page, b2]) expect(await toastCount(page, 'Alarme critique')).toBe(1);
    await screenshot(b2, 'alarms-critical-toast-desktop');

    // The other company saw nothing.
    expect(await bellCount(c.page)).toBe('0');
    expect(await toastCount(c.page, 'Alarme critique')).toBe(0);
    expect(await c.page.getByTestId('alarm-row').count()).toBe(0);
    expect(await counter(c.page, 'active')).toBe('0');

    // The overview's chart and recent alerts show the real alarms.
    await dismissToasts(b2);
    await b2.reload();
    await b2.getByTestId('alarms-chart').locator('.recharts-bar-rectangle').first().waitFor();
    const table = (await b2.getByTestId('alarms-chart').locator('table').textContent()) ?? '';
    expect(table).toContain('Critique');
    expect(await b2.getByTestId('alarms-chart').textContent()).toContain('2 alarmes sur la période');
    await screenshot(b2, 'overview-chart-desktop');
    await expectNoSeriousA11y(b2);

    expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });

  it('lets an administrator create an integration key that an alarm panel posts with', async () => {
    const admin = await openSignedIn(browser, company, '/dashboard/settings');
    const watcher = await openSignedIn(browser, company, '/dashboard/alarms');
    contexts.push(admin.context, watcher.context);
    const { page } = admin;
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
    await page.getByRole('tab', { name: 'Intégrations' }).click();
    await page.getByText("Aucune clé d'intégration pour le moment.").waitFor();
    expect(await page.locator('main').textContent()).toContain('/api/integrations/alarms');
    await page.getByRole('button', { name: 'Créer une clé' }).click();
    await page.getByText('Le nom de la clé est obligatoire').waitFor();
    const keyName = 'Centrale Ajax — Entrepôt Nord';
    await page.getByLabel('Nom de la clé').fill(keyName);
    await page.getByRole('button', { name: 'Créer une clé' }).click();
    const shown = page.getByRole('dialog', { name: "Clé d'intégration créée" });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('ne sera plus jamais affichée');
    const key = await shown.getByLabel("Clé d'intégration").inputValue();
    expect(key.length).toBeGreaterThan(20);
    await screenshot(page, 'settings-integration-key-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: "J'ai copié la clé" }).click();
    await page.getByTestId('integration-key-row').filter({ hasText: keyName }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain(key);
    await dismissToasts(page);
    await screenshot(page, 'settings-integrations-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The panel posts (no session, its key only): the watching browser sees it arrive.
    const title = `Intrusion zone 3 ${uniqueId()}`;
    const post = (apiKey: string) =>
      fetch(`${baseUrl()}/api/integrations/alarms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({
          siteId,
          type: 'intrusion',
          severity: 'high',
          title,
          description: 'Détecteur volumétrique déclenché',
          location: 'Entrepôt, allée B',
          triggeredBy: 'Détecteur DT-12',
        }),
      });
    expect((await post(key)).status).toBe(201);
    await row(watcher.page, title).waitFor(LIVE);
    await row(watcher.page, title).click();
    const details = watcher.page.getByRole('dialog', { name: title });
    await details.waitFor();
    expect(await details.textContent()).toContain("Centrale d'alarme");
    await watcher.page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('tab', { name: 'Intégrations' }).click();
    // Its « Dernière utilisation » is a date now, no longer « Jamais ».
    expect(await page.getByTestId('integration-key-row').textContent()).not.toContain('Jamais');

    // Revoked: the panel is refused.
    await page.getByRole('button', { name: `Révoquer ${keyName}` }).click();
    await page
      .getByRole('dialog', { name: 'Révoquer cette clé ?' })
      .getByRole('button', { name: 'Révoquer la clé' })
      .click();
    await page.getByText('Clé révoquée').first().waitFor();
    await page.getByText("Aucune clé d'intégration pour le moment.").waitFor();
    expect((await post(key)).status).toBe(401);
  });

  it('hides acknowledge and resolve from field agents', async () => {
    const id = uniqueId();
    const agent = { email: `agent-${id}@exemple.fr`, password: 'essai-vigie-1' };
    const made = await api(
      'POST',
      '/api/users',
      { name: `Agent ${id}`, email: agent.email, password: agent.password, role: 'agent' },
      company.token,
    );
    expect(made.status).toBe(201);
    const title = `Accès refusé ${id}`;
    await api(
      'POST',
      '/api/alarms',
      {
        siteId,
        type: 'access_denied',
        severity: 'low',
        title,
        description: 'Badge inconnu',
        location: 'Portail',
      },
      company.token,
    );
    const { context, page } = await openSignedIn(
      browser,
      { ...company, email: agent.email, password: agent.password },
      '/dashboard/alarms',
    );
    contexts.push(context);
    await row(page, title).click();
    const details = page.getByRole('dialog', { name: title });
    await details.getByRole('button', { name: 'Ajouter un commentaire' }).waitFor();
    expect(await details.getByRole('button', { name: 'Acquitter' }).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Résoudre' }).count()).toBe(0);
  });

  it('is usable at phone width', async () => {
    const { context, page } = await openSignedIn(browser, company, '/dashboard/alarms', 'phone');
    contexts.push(context);
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    await page.getByTestId('alarm-row').first().waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'alarms-phone');
    await page.getByTestId('alarm-row').filter({ hasText: 'Fumée détectée' }).click();
    await page.getByRole('dialog').getByRole('list', { name: "Historique de l'alarme" }).waitFor();
    await screenshot(page, 'alarm-details-phone');
    await page.keyboard.press('Escape');
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').first().waitFor();
    await screenshot(page, 'alarms-bell-phone');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    await page.getByTestId('alarms-chart').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'overview-chart-phone');
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Intégrations' }).click();
    await page.getByLabel('Nom de la clé').waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'settings-integrations-phone');
  });
});
