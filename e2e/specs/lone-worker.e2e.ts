// Lone-worker protection in Chromium against the real server: the agent (375 px, position granted)
// turns protection on with a 1-minute interval, the phone rings « Tout va bien ? », nobody answers,
// and the control room (1440 px, another page open) sees the alert appear without reload, with the
// last position, and acknowledges it. Then the agent's SOS reaches the radio page, and the agent
// reads the positions recorded. Screenshots at 375 and 1440 px, axe scans on each screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { agentPhone, loneAgentOnDuty } from '../support/lone-worker';
import { signIn } from '../support/session';

const agentName = 'Nadia Ferhat';

describe('lone-worker protection in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let duty: Awaited<ReturnType<typeof loneAgentOnDuty>>;
  let phone: BrowserContext;
  let page: Page;
  let control: BrowserContext;
  let room: Page;
  const errors: string[][] = [];

  beforeAll(async () => {
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    company = await registerViaApi('Travailleur isolé');
    duty = await loneAgentOnDuty(company, agentName);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('misses a check-in: the phone rings, the control room sees the alert live and acknowledges it', async () => {
    // The control room, on another back-office page, opened first.
    control = await newContext(browser, 'desktop');
    room = await control.newPage();
    errors.push(watchConsole(room));
    await signIn(room, company.email, company.password);
    await room.goto('/dashboard/sites');
    await room.getByRole('heading', { level: 1 }).first().waitFor();

    ({ context: phone, page } = await agentPhone(browser, duty.account));
    errors.push(watchConsole(page));
    await page.goto('/dashboard/service');
    const panel = page.getByTestId('lone-worker-panel');
    await panel.waitFor();
    const toggle = page.getByRole('switch', { name: 'Protection travailleur isolé' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('lone-worker-state').textContent()).toBe('Désactivée');
    // 30 minutes unless chosen otherwise.
    expect(await page.getByLabel('Vérification').inputValue()).toBe('30');
    await expectNoSeriousA11y(page);
    await screenshot(page, 'lone-worker-off-phone');

    await page.getByLabel('Vérification').selectOption('1');
    await toggle.click();
    await page.getByTestId('lone-worker-next').waitFor();
    expect(await page.getByTestId('lone-worker-state').textContent()).toBe('Activée');
    expect(await page.getByTestId('lone-worker-next').textContent()).toMatch(
      /^Prochaine vérification dans [01]:\d\d \(à \d\d:\d\d\)$/,
    );
    await page.getByText('Vérification : toutes les minutes').waitFor();
    await expectNoSeriousA11y(page);
    await screenshot(page, 'lone-worker-on-phone');

    // At the due time, the full-screen prompt rings; the agent does not answer.
    const prompt = page.getByRole('alertdialog', { name: 'Tout va bien ?' });
    await prompt.waitFor({ timeout: 90_000 });
    await prompt.getByRole('button', { name: 'Je vais bien' }).waitFor();
    expect(await prompt.textContent()).toMatch(/Confirmez avant\s*0:0\d/);
    await screenshot(page, 'lone-worker-prompt-phone', { fullPage: false });
    await expectNoSeriousA11y(page);

    // The control room's screen shows the alert without reload, with the last position.
    const banner = room.getByTestId('lone-worker-alerts');
    await banner.getByText(agentName).waitFor({ timeout: 60_000 });
    await banner.getByRole('heading', { name: 'Travailleur isolé sans réponse (1)' }).waitFor();
    const alert = banner.getByTestId('lone-worker-alert').filter({ hasText: agentName });
    expect(await alert.textContent()).toContain('Dépôt de Vénissieux');
    expect(await alert.textContent()).toMatch(/Vérification de \d\d:\d\d sans réponse/);
    const map = alert.getByRole('link', { name: /^Dernière position 45\.70\d+, 4\.87\d+ à \d\d:\d\d$/ });
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=45\.70/);
    // Every role of the control room is told at once: a toast too.
    await room.getByText('Travailleur isolé sans réponse', { exact: true }).first().waitFor();
    await screenshot(room, 'lone-worker-alert-desktop', { fullPage: false });
    await dismissToasts(room);
    await expectNoSeriousA11y(room);

    // The phone says the alert went out, and still takes the answer.
    await prompt.getByText('Alerte envoyée au centre de contrôle.', { exact: false }).waitFor();
    await screenshot(page, 'lone-worker-prompt-alerted-phone', { fullPage: false });

    // The control room acknowledges it: the banner goes.
    await alert.getByRole('button', { name: `Acquitter l'alerte de ${agentName}` }).click();
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await screenshot(room, 'lone-worker-acknowledged-desktop', { fullPage: false });

    // The agent answers at last: the prompt closes, the next check-in is a minute away.
    await prompt.getByRole('button', { name: 'Je vais bien' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.getByText(/^Dernière confirmation à \d\d:\d\d$/).waitFor();

    // Protection off (before the next minute's prompt).
    await toggle.click();
    await expect.poll(() => page.getByTestId('lone-worker-state').textContent()).toBe('Désactivée');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
  }, 300_000);

  it('raises an SOS from the phone, seen on the radio page; lists the positions recorded', async () => {
    await page.getByRole('button', { name: 'SOS', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer un SOS ?' });
    await dialog.waitFor();
    await screenshot(page, 'lone-worker-sos-confirm-phone', { fullPage: false });
    await dialog.getByRole('button', { name: "Envoyer l'alerte" }).click();
    await page.getByText('Alerte envoyée — le centre de contrôle est prévenu').waitFor();
    await screenshot(page, 'lone-worker-sos-sent-phone');

    // The control room is told at once (its critical alarm), and finds the same SOS as a radio's on
    // the radio page.
    await room.getByText('Alarme critique', { exact: true }).first().waitFor({ timeout: 15_000 });
    await room.goto('/dashboard/radio');
    const alerts = room.getByTestId('radio-alerts');
    await alerts.waitFor();
    const sos = alerts.getByTestId('radio-alert-item').filter({ hasText: agentName });
    await sos.first().waitFor({ timeout: 30_000 });
    expect(await sos.first().textContent()).toContain('SOS');
    await dismissToasts(room);
    await screenshot(room, 'lone-worker-sos-radio-desktop');

    // What the phone recorded: the SOS, the protection's positions, the clock-in.
    await page.getByRole('button', { name: 'Positions enregistrées' }).click();
    const list = page.locator('#recorded-positions');
    await list.getByText('SOS', { exact: true }).waitFor();
    await list.getByText('Protection travailleur isolé').first().waitFor();
    await list.getByText('Prise de service').waitFor();
    await expectNoSeriousA11y(page);
    await screenshot(page, 'lone-worker-positions-phone');

    await phone.close();
    await control.close();
    expect(errors.flat()).toEqual([]);
  });
});
