// Rapports de Sécurité in Chromium against the real server: the manager fills a report on site (its
// position from the device, an incident, an intervention by an agent, a signature drawn with the
// mouse), finalises it, exports it in PDF, Word and Excel (real downloads), downloads the last
// export again, and opens the public verification page from the QR code printed on the PDF. Then the
// same screen on a phone.
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { fitsWidth } from '../support/access';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { downloadOf, drawSignature, qrUrlOfPdf, siteAndAgent } from '../support/security-reports';
import { signIn } from '../support/session';

const siteName = 'Entrepôt Vénissieux';
const agentName = 'Karim Benali';
const position = { latitude: 45.69744, longitude: 4.88678 };

describe('security reports in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Rapports');
    await siteAndAgent(company, siteName, agentName);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fills, signs, finalises, exports the three formats and verifies the report from its QR code', async () => {
    const context = await newContext(browser, 'desktop', {
      geolocation: position,
      permissions: ['geolocation'],
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/security-reports');
    await page.getByRole('heading', { level: 1, name: 'Rapports de Sécurité' }).waitFor();

    // Position from the device, read-only; the responsible defaults to the signed-in user.
    const geo = page.getByLabel('Géolocalisation');
    await expect.poll(() => geo.inputValue()).toBe('45.69744, 4.88678');
    expect(await geo.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Nom du responsable').inputValue()).toBe(company.ownerName);

    // No site: the spec's message.
    await page.getByRole('button', { name: 'Créer le rapport' }).click();
    await page.getByText('Veuillez sélectionner un site').first().waitFor();

    await page.getByLabel('Site', { exact: true }).selectOption({ label: siteName });
    await page.getByLabel('Début de la période').fill('2026-11-16');
    await page.getByLabel('Fin de la période').fill('2026-11-22');

    // An incident needs its description.
    await page.getByRole('button', { name: "Ajouter l'incident" }).click();
    await page.getByText("Veuillez remplir la description de l'incident").first().waitFor();
    await page.getByLabel("Type d'incident").selectOption('vol');
    await page.getByLabel("Description de l'incident").fill('Vol de câbles en cuivre sur le parc Est');
    await page.getByLabel('Mesures prises').fill('Dépôt de plainte, zone condamnée');
    await page.getByRole('button', { name: "Ajouter l'incident" }).click();
    await page.getByText('Incident ajouté').waitFor();
    await page.getByText('Vol de câbles en cuivre sur le parc Est').waitFor();

    await page.getByRole('button', { name: "Ajouter l'intervention" }).click();
    await page.getByText("Veuillez remplir la description de l'intervention").first().waitFor();
    await page.getByLabel('Heure').fill('03:40');
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: agentName });
    await page.getByLabel("Description de l'intervention").fill('Levée de doute et sécurisation du parc Est');
    await page.getByRole('button', { name: "Ajouter l'intervention" }).click();
    await page.getByText('Intervention ajoutée').waitFor();

    await page.getByLabel('Observations').fill('Éclairage du parc Est insuffisant');
    await drawSignature(page, '#report-signature');
    await page.getByText('Signature dessinée').waitFor();
    await page.getByRole('button', { name: 'Créer le rapport' }).click();
    await page.getByText('Rapport créé', { exact: true }).waitFor();

    const year = new Date().getFullYear();
    const number = `RS-${year}-0001`;
    const card = page.getByTestId(`report-${number}`);
    await card.getByText('Brouillon').waitFor();
    await card.getByText('1 incident · 1 intervention').waitFor();
    await dismissToasts(page);
    await screenshot(page, 'security-reports-desktop');
    await expectNoSeriousA11y(page);

    // A draft is edited in the same form.
    await card.getByRole('button', { name: `Modifier le brouillon ${number}` }).click();
    await page.getByRole('heading', { name: `Modifier le brouillon ${number}` }).waitFor();
    expect(await page.getByLabel('Observations').inputValue()).toBe('Éclairage du parc Est insuffisant');
    await page.getByLabel('Commentaires').fill('Client prévenu par téléphone');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Rapport modifié').waitFor();
    await page.getByRole('heading', { name: 'Nouveau rapport' }).waitFor();

    // Finalise: already signed, so a single confirmation.
    await card.getByRole('button', { name: 'Finaliser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('ne peuvent plus être modifiés ni supprimés', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Finaliser', exact: true }).click();
    await page.getByText('Rapport finalisé').waitFor();
    await card.getByText('Finalisé').waitFor();

    const pdf = await downloadOf(page, () =>
      card.getByRole('button', { name: `Exporter ${number} en PDF` }).click(),
    );
    expect(pdf.name).toBe(`rapport-securite-${number}.pdf`);
    expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByText('Export réussi').first().waitFor();
    await page.getByText(`Rapport ${number} exporté en PDF`).waitFor();
    await card.getByText('Exporté').waitFor();

    const word = await downloadOf(page, () =>
      card.getByRole('button', { name: `Exporter ${number} en Word` }).click(),
    );
    expect(word.name).toBe(`rapport-securite-${number}.docx`);
    expect(word.data.subarray(0, 2).toString()).toBe('PK');

    const excel = await downloadOf(page, () =>
      card.getByRole('button', { name: `Exporter ${number} en Excel` }).click(),
    );
    expect(excel.name).toBe(`rapport-securite-${number}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.data as unknown as ExcelJS.Buffer);
    expect(wb.getWorksheet('Interventions')?.getRow(2).getCell(3).value).toBe(agentName);

    // The separate download button: the last export again (the Excel file).
    const again = await downloadOf(page, () =>
      card.getByRole('button', { name: `Télécharger le dernier export de ${number}` }).click(),
    );
    expect(again.name).toBe(`rapport-securite-${number}.xlsx`);
    expect(again.data.equals(excel.data)).toBe(true);
    await dismissToasts(page);
    await screenshot(page, 'security-reports-final-desktop');

    // The QR code of the PDF leads to the public page, which confirms the document (no session).
    const reports = await api<{ fingerprint: string }[]>(
      'GET',
      '/api/security-reports',
      undefined,
      company.token,
    );
    const fingerprint = reports.body[0]?.fingerprint as string;
    const url = qrUrlOfPdf(pdf.data, 'security-report-e2e-pdf');
    expect(url).toMatch(new RegExp(`/verification/${fingerprint}$`));
    const visitor = await newContext(browser, 'phone');
    const publicPage = await visitor.newPage();
    await publicPage.goto(url as string);
    await publicPage.getByRole('heading', { name: 'Document authentique' }).waitFor();
    await publicPage.getByText(company.companyName).waitFor();
    // The number and site too, to compare with the printed ones (issue 29).
    await publicPage.getByText(number, { exact: true }).waitFor();
    await publicPage.getByText(siteName, { exact: true }).waitFor();
    await publicPage.getByText(fingerprint).waitFor();
    expect(await fitsWidth(publicPage)).toBe(true);
    await screenshot(publicPage, 'security-report-verification-phone');
    await expectNoSeriousA11y(publicPage);
    await publicPage.goto(`/verification/${'0'.repeat(64)}`);
    await publicPage.getByRole('heading', { name: 'Document inconnu' }).waitFor();
    await visitor.close();

    expect(consoleErrors).toEqual([]);
    await context.close();
    // Three documents built in worker threads on a shared 2-core machine: more than the default.
  }, 240_000);

  it('works on a phone at 375 px', async () => {
    const context = await newContext(browser, 'phone', {
      geolocation: position,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/security-reports');
    await page.getByRole('heading', { level: 1, name: 'Rapports de Sécurité' }).waitFor();
    await page
      .getByTestId(/^report-RS-/)
      .first()
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'security-reports-phone');
    await expectNoSeriousA11y(page);
    await context.close();
  });
});
