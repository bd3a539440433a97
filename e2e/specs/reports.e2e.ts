// Rapports et analyses in Chromium against the real server: the statistics and the two charts from
// the company's alarms, a report asked in the dialog (the missing type is refused in French), seen
// going from 'En attente' to 'Prêt' without a reload (real-time events), then downloaded and read
// back; the page at 1440 and 375 px, and an agent told the screen is not theirs.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts } from '../support/a11y';
import { createUser, fitsWidth, pickOption, shotAndScan, signInAs } from '../support/access';
import { type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, watchConsole } from '../support/browser';
import { pdfText, seedReportActivity } from '../support/reports';
import { signIn } from '../support/session';

const siteName = 'Centre logistique Gerland';

describe('reports and analyses in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Rapports');
    await seedReportActivity(company, siteName);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the statistics, generates a report that turns Prêt without reload, and downloads it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/reports');
    await page.getByRole('heading', { level: 1, name: 'Rapports et analyses' }).waitFor();

    const cards = page.getByRole('region', { name: 'Statistiques de la période' });
    await cards.getByText('Incidents totaux').waitFor();
    await expect.poll(() => cards.getByText('5', { exact: true }).first().isVisible()).toBe(true);
    await page.getByTestId('report-alarms-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page
      .getByTestId('report-response-chart')
      .locator('.recharts-line')
      .first()
      .waitFor({ state: 'attached' });
    await expect.poll(() => page.getByText('Aucun rapport pour le moment').isVisible()).toBe(true);

    // The dialog: the type is required, the graphs box ticked by default.
    await page.getByRole('button', { name: 'Générer un rapport' }).click();
    const dialog = page.getByRole('dialog', { name: 'Générer un rapport' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Inclure les graphiques').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Générer le rapport' }).click();
    await dialog.getByText('Le type de rapport est obligatoire').waitFor();
    await pickOption(page, dialog.locator('#report-type'), 'Rapport des alarmes');
    await dialog.getByRole('button', { name: 'Générer le rapport' }).click();
    await page.getByText('Rapport en cours de génération').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Built by the server's queue; the list follows the events, with no reload.
    const item = page.getByTestId('report-item').first();
    await item.getByText(/Rapport des alarmes du/).waitFor();
    await expect
      .poll(() => item.getByTestId('report-status').textContent(), { timeout: 60_000 })
      .toBe('Prêt');
    await page.getByText('Rapport créé').first().waitFor();
    await expect.poll(() => item.getByText(/Ko|Mo/).count()).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Télécharger' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rapport-alarms-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(pdf);
    expect(text).toContain(company.companyName);
    expect(text).toContain('Rapport des alarmes');
    expect(text).toContain('Détection zone 1');
    expect(text).toContain('Alarmes par jour et par gravité');
    await page.getByText('Export réussi').first().waitFor();

    // The quick generator: one click, a PDF of the whole activity.
    await page.getByRole('button', { name: 'Générer (PDF)' }).click();
    await expect.poll(() => page.getByTestId('report-item').count()).toBe(2);
    await expect
      .poll(() => page.getByTestId('report-item').first().getByTestId('report-status').textContent(), {
        timeout: 60_000,
      })
      .toBe('Prêt');

    // A weekly report e-mailed to the site's client contact.
    const schedules = page.getByTestId('report-schedules');
    await schedules.getByLabel(/Destinataires/).fill('pas-une-adresse');
    await schedules.getByRole('button', { name: 'Planifier' }).click();
    await schedules.getByText('Adresse e-mail invalide').waitFor();
    await schedules.getByLabel(/Destinataires/).fill('client@gerland-logistique.fr');
    await schedules.getByRole('button', { name: 'Planifier' }).click();
    await schedules.getByText(/Rapport de sécurité · Chaque semaine/).waitFor();
    await schedules.getByText(/client@gerland-logistique\.fr/).waitFor();

    await dismissToasts(page);
    // The shell is sticky: a full-page shot taken scrolled down would draw it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotAndScan(page, 'reports-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone at 375 px', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/reports');
    await page.getByRole('heading', { level: 1, name: 'Rapports et analyses' }).waitFor();
    await page.getByTestId('report-item').first().waitFor();
    await page.getByTestId('report-alarms-chart').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shotAndScan(page, 'reports-phone');
    await context.close();
  });

  it('tells an agent the screen is for administrators and operators', async () => {
    const agent = await createUser(company, 'agent');
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInAs(page, agent, '/agent');
    await page.goto('/dashboard/reports');
    await page.getByText('Écran réservé aux administrateurs et aux opérateurs').waitFor();
    await context.close();
  });
});
