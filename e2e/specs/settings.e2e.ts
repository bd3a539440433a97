// Paramètres made real (issue 14), in Chromium against the real server. The administrator enrols
// two-factor sign-in as a phone would: the QR code is read back from a screenshot of the page, its
// otpauth URI carries the secret shown beside it, and the code computed from it turns the 10
// recovery codes up; signing in again takes the password, then a fresh code (the step used for
// the enrolment is refused as a replay). An operator open in two browsers changes the password in
// one: the other is signed out at its next action. Maintenance mode sends an operator to the
// « Maintenance en cours » screen while the administrator keeps working, and 'Réessayer' lets the
// operator back in once it is off. Every tab is shot and scanned at 1440 and 375 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RegisteredCompany, registerViaApi, uniqueId } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';
import {
  codeAfter,
  codeNow,
  logoPng,
  openSettingsTab,
  passwordStep,
  qrOfElement,
  shootBothWidths,
  signOut,
  tabLoaded,
  toastShown,
  toastTitled,
} from '../support/settings';

type Account = { name: string; email: string; password: string };

async function createOperator(company: RegisteredCompany, name: string): Promise<Account> {
  const account = { name, email: `operateur-${uniqueId()}@exemple.fr`, password: 'essai-vigie-1' };
  const res = await api('POST', '/api/users', { ...account, role: 'operator' }, company.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return account;
}

/** A tab of Paramètres at both widths, the selected tab brought into view in its list. */
const shootTab = (page: Page, tab: string) =>
  shootBothWidths(page, `settings-${tab}`, { show: page.getByTestId(`settings-tab-${tab}`) });

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('Paramètres in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  // The administrator's browser, open from the first test to the last.
  let admin: { context: BrowserContext; page: Page };
  const others: BrowserContext[] = [];
  const consoleErrors: string[][] = [];
  /** The base32 secret of the administrator's authenticator, and the step its first code used. */
  let secret = '';
  let enrolStep = 0;
  let enrolCode = '';

  const owner = () => ({ email: company.email, password: company.password });

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Paramètres');
    const context = await newContext(browser);
    admin = { context, page: await context.newPage() };
    consoleErrors.push(watchConsole(admin.page));
    await signIn(admin.page, company.email, company.password);
  });
  afterAll(async () => {
    // Never leave the company in maintenance, whatever failed. Saving the Système form also sent
    // its log level ('info', the company's default), which the server applies to the whole process:
    // put back the harness's LOG_LEVEL (warn) for the spec files that follow.
    await api(
      'PUT',
      '/api/settings/system',
      { maintenanceMode: false, logLevel: 'warn' },
      company?.token,
    ).catch(() => undefined);
    for (const context of others) await context.close().catch(() => undefined);
    await admin?.context.close().catch(() => undefined);
    await browser?.close();
  });

  it('enrols two-factor sign-in by reading the QR code from a screenshot', async () => {
    const { page } = admin;
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Paramètres' })
      .click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
    await openSettingsTab(page, 'security');
    const card = page.getByTestId('twofa-card');
    await card.getByText('Désactivée', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Activer', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Activer la double authentification' });
    const qr = dialog.getByTestId('twofa-qr');
    await qr.waitFor();
    await expect
      .poll(() =>
        qr.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    // What the phone's camera reads: the picture on the screen, not the server's answer.
    const uri = await qrOfElement(qr);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vigie(:|%3A)/);
    const parsed = new URL(uri ?? '');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname.slice(1))).toBe(`Vigie:${company.email}`);
    secret = ((await dialog.getByTestId('twofa-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      issuer: 'Vigie',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    await shootBothWidths(page, 'settings-2fa-qr', { dialog });

    // A code of another time is refused in French, on the field.
    const field = dialog.getByTestId('twofa-code');
    const stale = codeNow(secret);
    const wrong = stale.code === '000000' ? '111111' : '000000';
    await field.fill(wrong);
    await dialog.getByRole('button', { name: 'Activer', exact: true }).click();
    await dialog.getByText('Code incorrect ou expiré : saisissez le code affiché maintenant').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    // The code the authenticator shows now.
    const now = codeNow(secret);
    enrolStep = now.step;
    enrolCode = now.code;
    await field.fill(now.code);
    await dialog.getByRole('button', { name: 'Activer', exact: true }).click();
    const codes = dialog.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const texts = (await codes.allTextContents()).map((t) => t.trim());
    expect(new Set(texts).size).toBe(10);
    for (const code of texts) expect(code).toMatch(/^[A-Za-z0-9-]{8,}$/);
    await toastTitled(page, 'Double authentification activée').waitFor();
    await shootBothWidths(page, 'settings-2fa-recovery-codes', { dialog });

    // 'Terminer' only once the codes are said to be kept.
    const done = dialog.getByRole('button', { name: 'Terminer' });
    expect(await done.isDisabled()).toBe(true);
    await dialog.getByLabel("J'ai conservé mes codes de secours").check();
    await done.click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Activée', { exact: true }).waitFor();
    await card.getByText('Codes de secours restants : 10').waitFor();
    const status = await api<{ enabled: boolean; recoveryCodesLeft: number }>(
      'GET',
      '/api/me/2fa',
      undefined,
      (await tokenOf(page)) ?? '',
    );
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('shows every tab at 1440 and 375 px without a serious axe finding nor sideways scrolling', async () => {
    const { page } = admin;

    let panel = await openSettingsTab(page, 'profile');
    await tabLoaded(page);
    expect(await panel.locator('#profile-email').inputValue()).toBe(company.email);
    expect(await panel.locator('#profile-company').inputValue()).toBe(company.companyName);
    await panel.getByRole('heading', { name: 'Changer le mot de passe' }).waitFor();
    await shootTab(page, 'profile');

    panel = await openSettingsTab(page, 'notifications');
    await tabLoaded(page);
    expect(await panel.getByRole('switch').count()).toBeGreaterThan(2);
    await shootTab(page, 'notifications');

    panel = await openSettingsTab(page, 'security');
    await tabLoaded(page);
    await page.getByTestId('twofa-card').getByText('Activée', { exact: true }).waitFor();
    await panel.getByRole('switch', { name: 'Double authentification obligatoire' }).waitFor();
    await shootTab(page, 'security');

    panel = await openSettingsTab(page, 'system');
    await tabLoaded(page);
    expect(await panel.getByRole('switch', { name: 'Mode maintenance' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await panel.getByRole('heading', { name: 'Sauvegardes' }).waitFor();
    await shootTab(page, 'system');

    // Identité, with a logo chosen, previewed, then saved.
    panel = await openSettingsTab(page, 'identity');
    await tabLoaded(page);
    await panel.getByText('Aucun logo', { exact: true }).waitFor();
    await page.locator('#identity-logo').setInputFiles({
      name: 'logo-societe.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await panel.getByRole('img', { name: 'Aperçu du nouveau logo' }).waitFor();
    expect(await panel.getByTestId('logo-preview').count()).toBe(1);
    await panel.getByRole('button', { name: 'Enregistrer le logo' }).click();
    await toastTitled(page, 'Logo enregistré').waitFor();
    const saved = panel.getByRole('img', { name: 'Logo actuel de la société' });
    await saved.waitFor();
    await expect.poll(() => saved.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(360);
    await shootTab(page, 'identity');

    // The journal tells what was just done.
    panel = await openSettingsTab(page, 'audit');
    await tabLoaded(page);
    await expect.poll(() => panel.getByTestId('audit-entry').count()).toBeGreaterThan(1);
    const journal = (await panel.getByTestId('audit-entry').allTextContents()).join('\n');
    expect(journal).toContain('Double authentification activée');
    expect(journal).toContain(company.ownerName);
    expect(await panel.getByTestId('audit-count').textContent()).toMatch(/^\d+ entrées?$|^Les \d+ entrées/);
    await shootTab(page, 'audit');
  });

  it('signs in again with the password, then a fresh code of the authenticator', async () => {
    const { page } = admin;
    await signOut(page);
    await passwordStep(page, owner());
    await page.getByRole('heading', { level: 1, name: 'Double authentification' }).waitFor();
    const field = page.getByTestId('login-2fa-code');
    await field.waitFor();
    // The password alone opens no session.
    expect(await tokenOf(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    await shootBothWidths(page, 'login-2fa-code-step');

    // The enrolment's code again (normally a step old at most here, so still inside the server's
    // ±1 window): refused, a used step is never accepted twice.
    await field.fill(enrolCode);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page
      .locator('#login-2fa-code-error')
      .getByText('Code de double authentification incorrect')
      .waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await shootBothWidths(page, 'login-2fa-code-refused');

    const fresh = await codeAfter(secret, enrolStep);
    console.log(`two-factor: waited ${fresh.waitedMs} ms for the next 30-s step`);
    await field.fill(fresh.code);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL('**/dashboard');
    expect(await tokenOf(page)).toBeTruthy();
    await page.locator('main h1').first().waitFor();
  });

  it('changing the password signs the same user out of the other browser', async () => {
    const user = await createOperator(company, 'Camille Roux');
    const contextA = await newContext(browser);
    const contextB = await newContext(browser);
    others.push(contextA, contextB);
    const a = await contextA.newPage();
    const b = await contextB.newPage();
    consoleErrors.push(watchConsole(a));
    await Promise.all([signIn(a, user.email, user.password), signIn(b, user.email, user.password)]);

    await a.goto('/dashboard/settings');
    // An operator has no Utilisateurs tab: the page opens on the profile.
    await expect.poll(() => a.getByTestId('settings-tab-profile').getAttribute('aria-selected')).toBe('true');
    expect(await a.getByTestId('settings-tab-system').count()).toBe(0);
    await tabLoaded(a);
    const fields = ['#password-currentPassword', '#password-newPassword', '#password-confirmPassword'];
    const newPassword = 'Quai-Perrache-2026';
    await a.locator(fields[0] as string).fill(user.password);
    await a.locator(fields[1] as string).fill(newPassword);
    await a.locator(fields[2] as string).fill(newPassword);
    await a.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const toast = toastTitled(a, 'Mot de passe modifié');
    await toastShown(toast);
    expect(await toast.textContent()).toContain('1 autre session a été fermée.');
    for (const field of fields) expect(await a.locator(field).inputValue()).toBe('');
    await screenshot(a, 'settings-password-changed');

    // The other browser: its next action lands on the login page, its session cleared.
    await b.reload();
    await b.waitForURL('**/login');
    await b.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    expect(await tokenOf(b)).toBeNull();
    // This one stays signed in.
    await a.reload();
    await a.getByTestId('settings-tab-profile').waitFor();
    expect(new URL(a.url()).pathname).toBe('/dashboard/settings');
    // The new password signs in, the old one no more.
    expect(
      (await api('POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(401);
    expect((await api('POST', '/api/auth/login', { email: user.email, password: newPassword })).status).toBe(
      200,
    );
  });

  it('maintenance mode: the operator sees « Maintenance en cours », the administrator keeps working', async () => {
    const operator = await createOperator(company, 'Julien Moreau');
    const context = await newContext(browser);
    others.push(context);
    const op = await context.newPage();
    consoleErrors.push(watchConsole(op));
    const { page } = admin;
    // The operator signs in while the administrator opens Paramètres · Système.
    await Promise.all([
      signIn(op, operator.email, operator.password).then(() => op.locator('main h1').first().waitFor()),
      page.goto('/dashboard/settings?tab=system').then(() => tabLoaded(page)),
    ]);
    const maintenance = page.getByRole('tabpanel').getByRole('switch', { name: 'Mode maintenance' });
    const save = page.getByRole('tabpanel').getByRole('button', { name: 'Enregistrer', exact: true });
    await maintenance.click();
    expect(await maintenance.getAttribute('aria-checked')).toBe('true');
    await save.click();
    const saved = toastTitled(page, 'Système configuré');
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Mode maintenance actif');

    // The operator's next load meets the server's 503: one screen, in French.
    await op.reload();
    const screen = op.getByTestId('maintenance-page');
    await screen.waitFor();
    await screen.getByRole('heading', { level: 1, name: 'Maintenance en cours' }).waitFor();
    const detail =
      'Vigie est en maintenance : seuls les administrateurs peuvent se connecter pour le moment.';
    expect(await screen.textContent()).toContain(detail);
    const answer = await api<{ detail: string }>('GET', '/api/auth/me', undefined, (await tokenOf(op)) ?? '');
    expect(answer.status).toBe(503);
    expect(answer.body.detail).toContain(detail);
    await shootBothWidths(op, 'maintenance-page');
    // 'Réessayer' while it lasts says so.
    await screen.getByRole('button', { name: 'Réessayer' }).click();
    await screen
      .getByText('La maintenance est toujours en cours. Réessayez dans quelques minutes.')
      .waitFor();

    // The administrator still works: another page, then back to the settings after a reload.
    await page.goto('/dashboard');
    await page.locator('main h1').first().waitFor();
    await page.goto('/dashboard/settings?tab=system');
    await tabLoaded(page);
    expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    expect(await maintenance.getAttribute('aria-checked')).toBe('true');

    await maintenance.click();
    expect(await maintenance.getAttribute('aria-checked')).toBe('false');
    await save.click();
    await expect.poll(() => toastTitled(page, 'Système configuré').count()).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (
            await api<{ maintenanceMode: boolean }>(
              'GET',
              '/api/settings/system',
              undefined,
              (await tokenOf(page)) ?? '',
            )
          ).body.maintenanceMode,
      )
      .toBe(false);

    // The operator's 'Réessayer' gets back in, on the page they were on.
    await screen.getByRole('button', { name: 'Réessayer' }).click();
    await screen.waitFor({ state: 'hidden' });
    await op.locator('main h1').first().waitFor();
    expect(new URL(op.url()).pathname).toBe('/dashboard');
    expect(await tokenOf(op)).toBeTruthy();

    for (const errors of consoleErrors)
      expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });
});
