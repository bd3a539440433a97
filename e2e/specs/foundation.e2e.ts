// The foundation as a new customer lives it: landing page → demo request → company registration →
// login → every menu entry → logout; a 401 mid-session; two companies never see each other.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11y } from '../support/a11y';
import { api, registerViaApi, uniqueId } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';

const menu = [
  { label: 'Tableau de bord', path: '/dashboard', slug: 'overview' },
  { label: 'Sites & Clients', path: '/dashboard/sites', slug: 'sites' },
  { label: 'Caméras', path: '/dashboard/cameras', slug: 'cameras' },
  { label: 'Alarmes', path: '/dashboard/alarms', slug: 'alarms' },
  { label: 'Carte', path: '/dashboard/map', slug: 'map' },
  { label: 'Main courante', path: '/dashboard/logbook', slug: 'logbook' },
  { label: 'Rondes', path: '/dashboard/tours', slug: 'tours' },
  { label: "Contrôle d'accès", path: '/dashboard/access', slug: 'access' },
  { label: 'Radio POC 4G', path: '/dashboard/radio', slug: 'radio' },
  { label: 'Rapports et analyses', path: '/dashboard/reports', slug: 'reports' },
  { label: 'Rapports Sécurité', path: '/dashboard/security-reports', slug: 'security-reports' },
  { label: 'Planning Agents', path: '/dashboard/planning', slug: 'planning' },
  { label: 'Paramètres', path: '/dashboard/settings', slug: 'settings' },
];

describe('foundation in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes a visitor from the landing page to a registered, signed-in company and back out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    const id = uniqueId();

    // Landing page, in French, with every section.
    await page.goto('/');
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    for (const text of [
      'Démarrer maintenant',
      'Essayer gratuitement',
      'Le plus populaire',
      'Starter',
      'Professional',
      'Enterprise',
    ]) {
      expect(await page.getByText(text, { exact: false }).first().isVisible()).toBe(true);
    }
    await screenshot(page, 'landing-desktop');
    await expectNoSeriousA11y(page);

    // Demo request through the pricing modal.
    await page
      .getByRole('button', { name: /Commencer/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Demander une démonstration' });
    await dialog.waitFor();
    await dialog.getByLabel('Prénom').fill('Claire');
    await dialog.getByLabel('Nom', { exact: true }).fill('Moreau');
    await dialog.getByLabel('Email professionnel').fill(`claire-${id}@gardiennage.fr`);
    await dialog.getByLabel('Téléphone').fill('+33 6 12 34 56 78');
    await dialog.getByLabel('Société').fill('Gardiennage Moreau');
    await dialog.getByLabel('Nombre de sites').click();
    await page.getByRole('option', { name: '11-50' }).click();
    await screenshot(page, 'landing-demo-modal');
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await page.getByText('Demande envoyée').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Company registration, with the spec's validation messages first.
    await page
      .getByRole('link', { name: /Démarrer maintenant/ })
      .first()
      .click();
    await page.waitForURL('**/register-company');
    await page.locator('#company-name').fill(`Sécurité Test ${id}`);
    await page.locator('#company-email').fill(`contact-${id}@securite-test.fr`);
    await page.locator('#admin-name').fill(`Camille Roux ${id}`);
    await page.locator('#admin-email').fill(`camille-${id}@securite-test.fr`);
    await page.locator('#admin-password').fill('abc');
    await page.locator('#admin-confirm-password').fill('abd');
    await page.getByRole('button', { name: 'Créer ma société' }).click();
    await page.getByText('Le mot de passe doit contenir au moins 8 caractères').first().waitFor();
    await page.locator('#admin-password').fill('secret123');
    await page.locator('#admin-confirm-password').fill('secret124');
    await page.getByRole('button', { name: 'Créer ma société' }).click();
    await page.getByText('Les mots de passe ne correspondent pas').first().waitFor();
    await screenshot(page, 'register-errors-desktop');
    await expectNoSeriousA11y(page);
    await page.locator('#admin-confirm-password').fill('secret123');
    await page.getByRole('button', { name: 'Créer ma société' }).click();
    await page.getByText('Inscription réussie').waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });

    // Login.
    await expectNoSeriousA11y(page);
    await screenshot(page, 'login-desktop');
    await signIn(page, `camille-${id}@securite-test.fr`, 'secret123');
    await page.getByText('Connexion réussie').waitFor();

    // The shell: exact menu, user menu with the real user and company, footer.
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByRole('link').first().waitFor();
    const entries = await nav.getByRole('link').allInnerTexts();
    expect(entries.map((e) => e.replace(/\s+/g, ' ').trim())).toEqual(
      menu.map((m) => (m.label === 'Radio POC 4G' ? 'Radio POC 4G IA' : m.label)),
    );
    expect(await page.getByText('v1.0 - Production').isVisible()).toBe(true);
    expect(
      await page
        .getByText(/VG-\d{6}/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByTestId('user-menu').click();
    const userMenu = page.getByRole('menu');
    await userMenu.waitFor();
    expect(await userMenu.textContent()).toContain(`Camille Roux ${id}`);
    expect(await userMenu.textContent()).toContain(`camille-${id}@securite-test.fr`);
    expect(await userMenu.textContent()).toContain(`Sécurité Test ${id}`);
    await screenshot(page, 'dashboard-user-menu');
    await page.keyboard.press('Escape');
    await expectNoSeriousA11y(page);

    // Every menu entry opens its route.
    for (const entry of menu) {
      await nav.getByRole('link', { name: entry.label }).click();
      await page.waitForURL(`**${entry.path}`);
      await expect.poll(() => page.locator('main h1').first().isVisible()).toBe(true);
      await screenshot(page, `dashboard-${entry.slug}-desktop`);
    }

    // Signed in: /login and /register go to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/register');
    await page.waitForURL('**/dashboard');

    // Logout clears the session.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.goto('/register');
    await page.waitForURL('**/register-company');

    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    await context.close();
  });

  it('returns to /login when the session is revoked mid-session (any 401)', async () => {
    const company = await registerViaApi('Révocation');
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, company.email, company.password);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Revoke the browser's token from outside, as an administrator signing it out would.
    expect((await api('POST', '/api/auth/logout', undefined, token ?? '')).status).toBe(204);
    // The real-time stream may meet the revoked token first (when it connects after the logout):
    // then the app is already on its way to /login and the click finds no menu.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Paramètres' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('shows each company only its own users, side by side', async () => {
    const a = await registerViaApi('Alpha');
    const b = await registerViaApi('Beta');
    const ctxA = await newContext(browser);
    const ctxB = await newContext(browser);
    const pageA = await ctxA.newPage();
    const pageB = await ctxB.newPage();
    await signIn(pageA, a.email, a.password);
    await signIn(pageB, b.email, b.password);
    for (const [page, me, other, slug] of [
      [pageA, a, b, 'a'],
      [pageB, b, a, 'b'],
    ] as const) {
      await page.goto('/dashboard/settings');
      await page.getByText(me.email).first().waitFor();
      expect(await page.locator('main').textContent()).not.toContain(other.email);
      await screenshot(page, `settings-users-company-${slug}`);
    }
    // Company A adds an agent; B still does not see it.
    const agentEmail = `agent-${uniqueId()}@alpha.fr`;
    const created = await api(
      'POST',
      '/api/users',
      { name: 'Agent Alpha', email: agentEmail, password: 'secret12', role: 'agent' },
      a.token,
    );
    expect(created.status).toBe(201);
    await pageA.reload();
    await pageA.getByText(agentEmail).waitFor();
    await pageB.reload();
    await pageB.getByText(b.email).first().waitFor();
    expect(await pageB.locator('main').textContent()).not.toContain(agentEmail);
    await ctxA.close();
    await ctxB.close();
  });

  it('is usable at phone width', async () => {
    const company = await registerViaApi('Mobile');
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    for (const [path, name] of [
      ['/', 'landing-phone'],
      ['/login', 'login-phone'],
      ['/register-company', 'register-phone'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
      expect(await noHorizontalScroll()).toBe(true);
      await screenshot(page, name);
    }
    await signIn(page, company.email, company.password);
    await expect.poll(() => page.locator('main h1').first().isVisible()).toBe(true);
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'dashboard-phone');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('link', { name: 'Sites & Clients' }).click();
    await page.waitForURL('**/dashboard/sites');
    await screenshot(page, 'dashboard-sites-phone');
    await context.close();
  });
});
