// Rondes in Chromium against the real server: the control room sees a round walked by the agent on
// duty progress live (scans arrive through the event stream, no reload), the weekly completion rate,
// creates a tour with its checkpoints in the dialog, downloads the labels; then the same screen on
// a phone, where a lost label is replaced. Screenshots at 1440 and 375 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { agentOnDuty, scanViaApi, tourViaApi } from '../support/guard-tours';
import { signIn } from '../support/session';

describe('guard tours in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let duty: Awaited<ReturnType<typeof agentOnDuty>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Rondes');
    duty = await agentOnDuty(company, 'Karim Benali');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a round progressing live, the weekly rate, creates a tour and prints its labels', async () => {
    const tour = await tourViaApi(company, {
      siteId: duty.siteId,
      name: 'Ronde de nuit — périmètre',
      expectedMinutes: 40,
      orderMode: 'random',
      schedule: { everyMinutes: 120, start: '22:00', end: '06:00', days: [1, 2, 3, 4, 5] },
      checkpoints: [
        { name: 'Portail principal', kind: 'qr', instructions: 'Vérifier la chaîne' },
        { name: 'Quai 3', kind: 'qr' },
        { name: 'Local technique', kind: 'qr' },
        { name: 'Issue de secours Nord', kind: 'nfc', nfcUid: '04:A2:1B:7C' },
      ],
    });
    const round = await api<{ id: string; checkpoints: { checkpointId: string }[] }>(
      'POST',
      `/api/tours/${tour.id}/rounds`,
      {},
      duty.agentToken,
    );
    expect(round.status).toBe(201);
    const codeOf = (id: string) => tour.checkpoints.find((c) => c.id === id)?.code ?? null;
    const qrOrder = round.body.checkpoints
      .map((c) => codeOf(c.checkpointId))
      .filter((c): c is string => Boolean(c));
    await scanViaApi(duty.agentToken, round.body.id, { code: qrOrder[0] });
    // A scan sent from the other side of the world is kept, flagged for the control room.
    await scanViaApi(duty.agentToken, round.body.id, {
      code: qrOrder[1],
      note: 'Porte du quai entrouverte',
      position: { latitude: -33.8568, longitude: 151.2153 },
    });

    const context = await newContext(browser, 'desktop', { acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/tours');
    await page.getByRole('heading', { level: 1, name: 'Rondes' }).waitFor();
    await page.getByText('2/4 points').waitFor();
    await page.getByText('1 anomalie').waitFor();
    await page.getByText('1 scan hors zone').waitFor();
    await page.getByText(/Hors zone \(16\s?\d{3} km\)/).waitFor();
    await page.getByText('Toutes les 2 h de 22:00 à 06:00, lun, mar, mer, jeu, ven').waitFor();

    // A scan on the phone arrives on the control room's screen without reload.
    await scanViaApi(duty.agentToken, round.body.id, { code: qrOrder[2] });
    await page.getByText('3/4 points').waitFor({ timeout: 15_000 });
    await screenshot(page, 'guard-tours-desktop');

    // A new tour through the dialog.
    await page.getByRole('button', { name: 'Nouvelle ronde' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Le nom de la ronde est obligatoire').waitFor();
    await dialog.getByLabel('Site').selectOption({ label: 'Entrepôt Gerland' });
    await dialog.getByLabel('Nom de la ronde').fill('Ronde parking');
    await dialog.getByLabel('Nom', { exact: true }).fill('Barrière entrée');
    await dialog.getByRole('button', { name: 'Ajouter un point de contrôle' }).click();
    await dialog.locator('#cp-name-1').fill('Local vélos');
    await screenshot(page, 'guard-tours-dialog-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ronde parking').waitFor();

    const download = page.waitForEvent('download');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Ronde parking' })
      .getByRole('button', { name: 'Étiquettes' })
      .click();
    expect((await download).suggestedFilename()).toMatch(/^etiquettes-Ronde-parking\.pdf$/);
    expect(errors).toEqual([]);
    await context.close();

    const phone = await newContext(browser, 'phone');
    const small = await phone.newPage();
    await signIn(small, company.email, company.password);
    await small.goto('/dashboard/tours');
    await small.getByText('3/4 points').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(small, 'guard-tours-phone');
    await phone.close();
  });

  it('replaces a lost label from the tour card: the printed one is refused at the next scan', async () => {
    const tour = await tourViaApi(company, {
      siteId: duty.siteId,
      name: 'Ronde des quais',
      expectedMinutes: 20,
      orderMode: 'fixed',
      checkpoints: [
        { name: 'Quai 1', kind: 'qr' },
        { name: 'Quai 2', kind: 'qr' },
      ],
    });
    const printed = tour.checkpoints[1]?.code ?? '';

    const phone = await newContext(browser, 'phone', { acceptDownloads: true });
    const page = await phone.newPage();
    const errors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/tours');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Ronde des quais' })
      .getByRole('button', { name: 'Remplacer une étiquette' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remplacer une étiquette' });
    await dialog.getByRole('button', { name: "Remplacer l'étiquette de « Quai 2 »" }).click();
    await screenshot(page, 'guard-tours-replace-label-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Confirmer le remplacement' }).click();
    await dialog.getByText('Remplacée : à imprimer').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Imprimer les étiquettes' }).click();
    expect((await download).suggestedFilename()).toBe('etiquettes-Ronde-des-quais.pdf');
    expect(errors).toEqual([]);
    await phone.close();

    // On the agent's phone: the label still stuck on the wall is refused, the new one is accepted.
    const round = await api<{ id: string }>('POST', `/api/tours/${tour.id}/rounds`, {}, duty.agentToken);
    expect(round.status).toBe(201);
    const fresh = await api<{ checkpoints: { code: string | null }[] }>(
      'GET',
      `/api/tours/${tour.id}`,
      undefined,
      company.token,
    );
    const replaced = fresh.body.checkpoints[1]?.code ?? '';
    expect(replaced).not.toBe(printed);
    await scanViaApi(duty.agentToken, round.body.id, { code: tour.checkpoints[0]?.code });
    const stale = await api<{ detail: { msg: string }[] }>(
      'POST',
      `/api/rounds/${round.body.id}/scans`,
      { code: printed },
      duty.agentToken,
    );
    expect(stale.status).toBe(422);
    expect(stale.body.detail[0]?.msg).toMatch(/Étiquette remplacée/);
    await scanViaApi(duty.agentToken, round.body.id, { code: replaced });
  });
});
