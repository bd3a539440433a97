// Languages (issue 35), in Chromium against the real server. An administrator switches his profile
// to English, then Spanish: the side menu and every settings tab read in that language with no
// French word left, a form's field error too, and every screen is shot (English at 1440 px, Spanish
// at 375 px); switching back to French restores the specification's texts exactly. The sign-in
// page follows the browser's language before anyone signs in.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, viewports, watchConsole } from '../support/browser';
import { signIn } from '../support/session';
import { tabLoaded } from '../support/settings';

/**
 * Words of the app's French that neither English nor Spanish writes: one of them on an English or
 * Spanish screen is a text left out of the catalogue. (User data is kept free of them: the test
 * company's name and people are plain ASCII.)
 */
const frenchWords =
  /\b(des|du|aucun|aucune|enregistrer|annuler|supprimer|modifier|rechercher|paramètres|sécurité|société|utilisateurs?|mot de passe|caméras?|alarmes?|tableau de bord|système|rondes?|main courante|rapports?|fuseau|langue|prénom|nom complet|connexion|déconnecter|activer|désactiver|créer|ajouter|aujourd'hui|heure|semaine|chargement)\b|[èêàçùâîôûëï]/i;

/** The side menu's entries, as the specification names them (French). */
const frenchMenu = [
  'Tableau de bord',
  'Sites & Clients',
  'Caméras',
  'Alarmes',
  'Carte',
  'Main courante',
  'Rondes',
  "Contrôle d'accès",
  'Radio POC 4G',
  'Rapports et analyses',
  'Rapports Sécurité',
  'Planning Agents',
  'Paramètres',
];

const menuLinks = (page: Page) => page.getByTestId('side-menu').getByRole('link');

/** The visible text of the side menu's entries (the « IA » / « AI » badge aside). */
async function menuTexts(page: Page): Promise<string[]> {
  const texts = await menuLinks(page).allInnerTexts();
  return texts.map((t) => t.replace(/\s*(IA|AI)$/, '').trim());
}

/** French words found in a text, for a clear failure message. */
function frenchIn(raw: string): string[] {
  // « Français » is the French language's own name in the language choice, in every language.
  const text = raw.replaceAll('Français', '');
  const found = new Set<string>();
  const pattern = new RegExp(frenchWords.source, 'gi');
  for (const match of text.matchAll(pattern)) {
    const start = Math.max(0, (match.index ?? 0) - 25);
    found.add(text.slice(start, (match.index ?? 0) + 25).replace(/\s+/g, ' '));
  }
  return [...found];
}

/** No spinner left in the page's main area. */
async function screenLoaded(page: Page) {
  await expect.poll(() => page.locator('main .animate-spin').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * Chooses a language in Paramètres · Profil utilisateur and saves; waits for the menu to follow,
 * and checks that the page was not reloaded for it (a mark left on the window survives).
 */
async function chooseLanguage(page: Page, option: RegExp, saveLabel: RegExp, dashboardLabel: string) {
  await page.goto('/dashboard/settings?tab=profile');
  await tabLoaded(page);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await page.locator('#profile-language').click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('button', { name: saveLabel }).click();
  await expect.poll(() => menuTexts(page), { timeout: 15_000 }).toContain(dashboardLabel);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

/** Every settings tab (by its test id), each checked for French. */
async function settingsTabsWithoutFrench(page: Page, shotPrefix: string) {
  await page.goto('/dashboard/settings?tab=profile');
  await tabLoaded(page);
  const tabIds = await page
    .locator('[data-testid^="settings-tab-"]')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-testid') ?? ''));
  expect(tabIds.length).toBeGreaterThanOrEqual(8);
  const leftovers: string[] = [];
  for (const id of tabIds) {
    const tab = page.getByTestId(id);
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await tabLoaded(page);
    const label = await tab.innerText();
    const panel = await page.getByRole('tabpanel').innerText();
    for (const found of frenchIn(`${label}\n${panel}`)) leftovers.push(`${id}: ${found}`);
    await screenshot(page, `${shotPrefix}-${id}`);
  }
  return leftovers;
}

/** The side menu's addresses (read at 1440 px: on a phone the menu is a closed drawer). */
const menuHrefs = (page: Page) =>
  menuLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

/** Visits each address and shoots it; returns the French found on each screen. */
async function everyScreen(page: Page, hrefs: string[], shotPrefix: string) {
  expect(hrefs.length).toBe(frenchMenu.length);
  const leftovers: string[] = [];
  for (const href of hrefs) {
    await page.goto(href);
    await screenLoaded(page);
    const text = await page.locator('main').innerText();
    for (const found of frenchIn(text)) leftovers.push(`${href}: ${found}`);
    await screenshot(page, `${shotPrefix}${href.replaceAll('/', '-')}`, { maxHeight: 2400 });
  }
  return leftovers;
}

/** The name field emptied and saved: the field's error, in the current language. */
async function nameFieldError(page: Page) {
  await page.goto('/dashboard/settings?tab=profile');
  await tabLoaded(page);
  const name = page.locator('#profile-name');
  // The form holds the profile once it is read.
  await expect.poll(() => name.inputValue()).not.toBe('');
  const before = await name.inputValue();
  await name.fill('');
  await page.locator('form button[type="submit"]').first().click();
  const error = page.locator('#profile-name-error');
  await error.waitFor();
  const text = (await error.innerText()).trim();
  await name.fill(before);
  return text;
}

describe('Languages in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let frenchError = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Languages');
    context = await newContext(browser);
    page = await context.newPage();
    consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('starts in French with the specification’s menu', async () => {
    await expect.poll(() => menuTexts(page), { timeout: 15_000 }).toEqual(frenchMenu);
    frenchError = await nameFieldError(page);
    expect(frenchError).toBe('Le nom est obligatoire');
  });

  it('switches to English without a reload: menu, settings tabs, field error and every screen', async () => {
    await chooseLanguage(page, /English/, /^Enregistrer$/, 'Dashboard');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    const menu = await menuTexts(page);
    expect(menu).toHaveLength(frenchMenu.length);
    expect(menu.flatMap(frenchIn)).toEqual([]);
    expect(menu).toContain('Settings');

    const error = await nameFieldError(page);
    expect(error).not.toBe(frenchError);
    expect(frenchIn(error)).toEqual([]);

    expect(await settingsTabsWithoutFrench(page, 'languages-en-settings')).toEqual([]);
    expect(await everyScreen(page, await menuHrefs(page), 'languages-en')).toEqual([]);
  });

  it('switches to Spanish, shot at 375 px', async () => {
    await chooseLanguage(page, /Español/, /^Save$/, 'Panel de control');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect((await menuTexts(page)).flatMap(frenchIn)).toEqual([]);
    const error = await nameFieldError(page);
    expect(error).not.toBe(frenchError);
    expect(frenchIn(error)).toEqual([]);
    expect(await settingsTabsWithoutFrench(page, 'languages-es-settings')).toEqual([]);

    const hrefs = await menuHrefs(page);
    await page.setViewportSize(viewports.phone);
    expect(await everyScreen(page, hrefs, 'languages-es-phone')).toEqual([]);
    await page.setViewportSize(viewports.desktop);
  });

  it('switches back to French: the specification’s texts exactly', async () => {
    await chooseLanguage(page, /Français/, /^Guardar$/, 'Tableau de bord');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expect.poll(() => menuTexts(page), { timeout: 15_000 }).toEqual(frenchMenu);
    expect(await nameFieldError(page)).toBe(frenchError);
    expect(consoleErrors).toEqual([]);
  });

  it('follows the browser’s language on the sign-in page before anyone signs in', async () => {
    const spanish = await newContext(browser, 'desktop', { locale: 'es-ES' });
    const visitor = await spanish.newPage();
    await visitor.goto('/login');
    await visitor.locator('form').waitFor();
    const text = await visitor.locator('body').innerText();
    expect(frenchIn(text)).toEqual([]);
    await screenshot(visitor, 'languages-es-login');
    await spanish.close();
  });
});
