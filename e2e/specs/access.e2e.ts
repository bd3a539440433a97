// Access control as a security company lives it, in Chromium against the real server: the
// administrator declares a door and a QR badge, gives the door's reader its key, and the reader
// (the real reader API, called from the test with that key) lets the badge through — the line
// appears in the open log without a reload; the QR code is regenerated and the badge suspended
// from the screen, and the reader refuses both with the right reason. Then the log's pages and the
// phone, and the roles: an operator has no reader keys, an agent is told the screen is not theirs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badgeByNumber,
  createUser,
  fitsWidth,
  logRows,
  openTab,
  pickOption,
  presentBadge,
  qrPayloadOf,
  readerOnSite,
  shotAndScan,
  signInAs,
} from '../support/access';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';

const siteName = 'Siège Lyon Part-Dieu';
const pointName = 'Entrée principale';
const holder = 'Élodie Marchand';
const number = 'B-1001';

const todayInParis = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).slice(0, 10);

/** Renders a PDF's first page to e2e/screenshots/<name>.png with pdftoppm (poppler-utils), to look at. */
function renderPdf(pdf: Buffer, name: string) {
  const dir = join(new URL('..', import.meta.url).pathname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.pdf`), pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '200', '-singlefile', join(dir, `${name}.pdf`), join(dir, name)]);
  } catch {
    // No poppler here: the PDF itself stays beside the screenshots.
  }
}

describe('access control in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let siteId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Accès');
    const site = await api(
      'POST',
      '/api/sites',
      { name: siteName, address: '5 place Charles Béraudier, 69003 Lyon' },
      company.token,
    );
    expect(site.status).toBe(201);
    siteId = (site.body as { id: string }).id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a point, a badge and a reader key, then sees checks appear in the log live', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);

    await page.goto('/dashboard/access');
    await page.getByRole('heading', { level: 1, name: "Contrôle d'accès" }).waitFor();
    expect(await page.getByRole('tab', { name: 'Journal des accès' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByText('Aucun passage trouvé').waitFor();
    await page.getByText(/Vos passages sont enregistrés et conservés 3 mois au plus/).waitFor();

    // Points d'accès: the tab is in the URL; a point is created through the dialog.
    await openTab(page, "Points d'accès");
    await page.waitForURL('**/dashboard/access?tab=points');
    await page.getByText("Aucun point d'accès").first().waitFor();
    await page.getByRole('button', { name: "Nouveau point d'accès" }).click();
    const pointDialog = page.getByRole('dialog', { name: "Nouveau point d'accès" });
    await pointDialog.getByRole('button', { name: 'Créer le point' }).click();
    await pointDialog.getByText('Le nom du point d’accès est obligatoire').waitFor();
    await pointDialog.getByText('Choisissez le site du point d’accès').waitFor();
    await pointDialog.getByLabel('Nom du point').fill(pointName);
    await pickOption(page, '#point-siteId', siteName);
    await pickOption(page, '#point-kind', 'Portail');
    await pointDialog.getByRole('button', { name: 'Créer le point' }).click();
    await page.getByText("Point d'accès créé").first().waitFor();
    await pointDialog.waitFor({ state: 'hidden' });
    const pointCard = page.getByTestId('point-card').filter({ hasText: pointName });
    await pointCard.waitFor();
    for (const text of [siteName, 'Portail', 'Actif', 'Jamais connecté', 'Aucune activité']) {
      expect(await pointCard.textContent()).toContain(text);
    }

    // Gestion des badges: the spec's form, its validation, 'Badge créé', then a refused duplicate.
    await openTab(page, 'Gestion des badges');
    await page.getByText('Aucun badge trouvé').waitFor();
    await page.getByRole('button', { name: 'Nouveau badge' }).click();
    const badgeDialog = page.getByRole('dialog', { name: 'Nouveau badge' });
    await badgeDialog.getByRole('button', { name: 'Créer le badge' }).click();
    await badgeDialog.getByText('Le numéro de badge est obligatoire').waitFor();
    await badgeDialog.getByText('Le nom du titulaire est obligatoire').waitFor();
    expect(await page.locator('#badge-badgeType').textContent()).toContain('QR Code');
    // NFC asks for the card's UID; back to QR Code, the field goes away.
    await pickOption(page, '#badge-badgeType', 'NFC');
    await badgeDialog.getByLabel('UID NFC').waitFor();
    await pickOption(page, '#badge-badgeType', 'QR Code');
    await badgeDialog.getByLabel('UID NFC').waitFor({ state: 'detached' });
    await badgeDialog.getByLabel('Numéro de badge').fill(number);
    await badgeDialog.getByLabel('Nom du titulaire').fill(holder);
    await badgeDialog.getByLabel('Service').fill('Logistique');
    await badgeDialog
      .getByText("Aucun point ni site coché : le badge ouvre tous les points d'accès de la société.")
      .waitFor();
    await badgeDialog.getByRole('checkbox', { name: new RegExp(pointName) }).check();
    await shotAndScan(page, 'access-badge-dialog-desktop');
    await badgeDialog.getByRole('button', { name: 'Créer le badge' }).click();
    await page.getByText('Badge créé').first().waitFor();
    await badgeDialog.waitFor({ state: 'hidden' });
    const badgeCard = page.getByTestId('badge-card').filter({ hasText: number });
    await badgeCard.waitFor();
    for (const text of [
      holder,
      'QR Code',
      'Logistique',
      'Actif',
      'Sans date d’expiration',
      '1 point autorisé',
    ]) {
      expect(await badgeCard.textContent()).toContain(text);
    }

    await page.getByRole('button', { name: 'Nouveau badge' }).click();
    await badgeDialog.getByLabel('Numéro de badge').fill(number);
    await badgeDialog.getByLabel('Nom du titulaire').fill('Doublon');
    await badgeDialog.getByRole('button', { name: 'Créer le badge' }).click();
    // The refusal is about the number: it shows under that field, focused, not in a toast.
    await badgeDialog.getByText('Ce numéro de badge est déjà attribué').waitFor();
    expect(await badgeDialog.getByLabel('Numéro de badge').getAttribute('aria-invalid')).toBe('true');
    expect(
      await badgeDialog.getByLabel('Numéro de badge').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Impossible de créer le badge' }).count(),
    ).toBe(0);
    await badgeDialog.getByRole('button', { name: 'Annuler' }).click();
    await badgeDialog.waitFor({ state: 'hidden' });

    // Its QR code, drawn in the browser from the signed payload.
    await page.getByRole('button', { name: `QR code du badge ${number} (${holder})` }).click();
    const qrDialog = page.getByRole('dialog', { name: 'QR code du badge' });
    const qrImage = qrDialog.getByRole('img', { name: `QR code du badge ${number} (${holder})` });
    await qrImage.waitFor();
    await expect
      .poll(() => qrImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    await qrDialog.getByText('Version 1 du code').waitFor();
    await qrDialog.getByRole('link', { name: 'Télécharger' }).waitFor();
    await shotAndScan(page, 'access-qr-dialog-desktop');
    // The printable card: a credit-card PDF, rendered as a printer would and kept beside the shots.
    const [cardDownload] = await Promise.all([
      page.waitForEvent('download'),
      qrDialog.getByRole('button', { name: 'Imprimer la carte' }).click(),
    ]);
    expect(cardDownload.suggestedFilename()).toBe(`badge-${number}.pdf`);
    const cardPdf = readFileSync((await cardDownload.path()) as string);
    expect(cardPdf.subarray(0, 5).toString()).toBe('%PDF-');
    renderPdf(cardPdf, 'access-badge-card');
    await page.keyboard.press('Escape');
    await qrDialog.waitFor({ state: 'hidden' });

    // The door's reader gets its key, shown once.
    await openTab(page, "Points d'accès");
    await page.getByRole('button', { name: `Clés de lecteur : ${pointName}` }).click();
    const keysDialog = page.getByRole('dialog', { name: `Clés de lecteur — ${pointName}` });
    await keysDialog.getByText('Aucune clé').waitFor();
    await keysDialog.getByRole('button', { name: 'Créer une clé' }).click();
    await keysDialog.getByText('Le nom du lecteur est obligatoire').waitFor();
    await keysDialog.getByLabel('Nom du lecteur').fill('Lecteur hall');
    await keysDialog.getByRole('button', { name: 'Créer une clé' }).click();
    const shownKey = keysDialog.getByTestId('created-point-key');
    await shownKey.waitFor();
    const readerKey = await shownKey.inputValue();
    expect(readerKey.length).toBeGreaterThan(20);
    await keysDialog.getByText('elle ne sera plus jamais affichée').waitFor();
    await keysDialog.getByRole('button', { name: 'Copier' }).waitFor();
    await shotAndScan(page, 'access-key-dialog-desktop');
    await keysDialog.getByRole('button', { name: "J'ai copié la clé" }).click();
    await shownKey.waitFor({ state: 'detached' });
    const keyRow = keysDialog.getByTestId('point-key-row').filter({ hasText: 'Lecteur hall' });
    await keyRow.waitFor();
    expect(await keyRow.textContent()).toContain('jamais utilisée');
    expect(await keyRow.textContent()).not.toContain(readerKey);
    await page.keyboard.press('Escape');
    await keysDialog.waitFor({ state: 'hidden' });

    // The reader presents the badge: 'Autorisé', and the open log shows it without a reload.
    await openTab(page, 'Journal des accès');
    await page.getByText('Aucun passage trouvé').waitFor();
    const badge = await badgeByNumber(company, number);
    const first = await qrPayloadOf(company, badge.id);
    expect(await presentBadge(readerKey, first.payload)).toMatchObject({
      decision: 'Autorisé',
      point: pointName,
    });
    await expect.poll(() => logRows(page).count(), { timeout: 15_000 }).toBe(1);
    const granted = logRows(page).first();
    expect(await granted.getAttribute('data-status')).toBe('Autorisé');
    for (const text of [holder, number, 'Logistique', siteName, pointName, 'QR Code', 'Autorisé']) {
      expect(await granted.textContent()).toContain(text);
    }
    expect(await granted.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // 'Régénérer': the code in circulation is refused at once.
    await openTab(page, 'Gestion des badges');
    await page.getByRole('button', { name: `QR code du badge ${number} (${holder})` }).click();
    await qrDialog.getByText('Version 1 du code').waitFor();
    await qrDialog.getByRole('button', { name: 'Régénérer' }).click();
    await qrDialog.getByText(/L’ancien code cessera de fonctionner immédiatement/).waitFor();
    await qrDialog.getByRole('button', { name: 'Confirmer la régénération' }).click();
    await page.getByText('QR code régénéré').first().waitFor();
    await qrDialog.getByText('Version 2 du code').waitFor();
    await page.keyboard.press('Escape');
    expect(await presentBadge(readerKey, first.payload)).toMatchObject({
      decision: 'Refusé',
      reason: 'code QR révoqué',
    });

    // 'Suspendre' from the card: the reader refuses the (new) code, 'badge suspendu'.
    await page.getByRole('button', { name: `Suspendre le badge ${number} (${holder})` }).click();
    await page.getByText('Badge suspendu').first().waitFor();
    await expect.poll(() => badgeCard.getByTestId('badge-status').textContent()).toBe('Suspendu');
    await page.getByRole('button', { name: `Réactiver le badge ${number} (${holder})` }).waitFor();
    const second = await qrPayloadOf(company, badge.id);
    expect(second.version).toBe(2);
    expect(await presentBadge(readerKey, second.payload)).toMatchObject({
      decision: 'Refusé',
      reason: 'badge suspendu',
    });
    // 'Modifier': the same form, filled from the badge.
    await page.getByRole('button', { name: `Modifier le badge ${number} (${holder})` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Modifier le badge' });
    expect(await editDialog.getByLabel('Nom du titulaire').inputValue()).toBe(holder);
    await editDialog.getByLabel('Service').fill('Logistique Nord');
    // A site and a night window (Monday to Saturday, across midnight), saved as the contract has them.
    await editDialog.getByRole('checkbox', { name: siteName, exact: true }).check();
    await editDialog.getByRole('button', { name: 'Ajouter une plage' }).click();
    const nightWindow = editDialog.getByRole('group', { name: 'Plage 1' });
    await nightWindow.getByRole('button', { name: 'samedi' }).click();
    await nightWindow.getByLabel('Début').fill('22:00');
    await nightWindow.getByLabel('Fin').fill('06:00');
    await shotAndScan(page, 'access-badge-edit-dialog-desktop');
    await editDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Badge modifié').first().waitFor();
    const edited = await api<{ allowedSiteIds: string[]; timeWindows: unknown[] }>(
      'GET',
      `/api/access/badges/${badge.id}`,
      undefined,
      company.token,
    );
    expect(edited.body.allowedSiteIds).toEqual([siteId]);
    expect(edited.body.timeWindows).toEqual([{ days: [1, 2, 3, 4, 5, 6], start: '22:00', end: '06:00' }]);
    await expect.poll(() => badgeCard.textContent()).toContain('Logistique Nord');
    await shotAndScan(page, 'access-badges-desktop');

    // Back to the log: the newest line first, with its reason; then the filters.
    await openTab(page, 'Journal des accès');
    await expect.poll(() => logRows(page).count(), { timeout: 15_000 }).toBe(3);
    expect(await logRows(page).first().getAttribute('data-status')).toBe('Refusé');
    expect(await logRows(page).first().getByTestId('access-log-reason').textContent()).toBe('badge suspendu');
    expect(await page.getByTestId('access-logs-count').textContent()).toBe('3 passages');

    await pickOption(page, page.getByLabel('Filtrer par statut'), 'Refusé');
    await expect.poll(() => logRows(page).count()).toBe(2);
    expect(await logRows(page).allTextContents()).toEqual([
      expect.stringContaining('badge suspendu'),
      expect.stringContaining('code QR révoqué'),
    ]);
    await pickOption(page, page.getByLabel('Filtrer par statut'), 'Autorisé');
    await expect.poll(() => logRows(page).count()).toBe(1);
    await pickOption(page, page.getByLabel('Filtrer par statut'), 'Tous les statuts');
    await expect.poll(() => logRows(page).count()).toBe(3);
    // Search without the accent, site filter, days.
    await page.getByLabel('Rechercher par nom, badge ou service').fill('elodie');
    await expect.poll(() => logRows(page).count()).toBe(3);
    await page.getByLabel('Rechercher par nom, badge ou service').fill('inconnu');
    await page.getByText('Aucun passage trouvé').waitFor();
    await page.getByLabel('Rechercher par nom, badge ou service').fill('');
    await pickOption(page, page.getByLabel('Filtrer par site'), siteName);
    await expect.poll(() => logRows(page).count()).toBe(3);
    const today = todayInParis();
    await page.getByLabel('Du', { exact: true }).fill(today);
    await page.getByLabel('Au', { exact: true }).fill(today);
    await expect.poll(() => logRows(page).count()).toBe(3);
    await shotAndScan(page, 'access-logs-desktop');
    await page.getByLabel('Du', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Au', { exact: true }).fill('2020-01-31');
    await page.getByText('Aucun passage trouvé').waitFor();
    await page.getByRole('button', { name: 'Effacer les dates' }).click();
    await expect.poll(() => logRows(page).count()).toBe(3);
    // The filtered log as a workbook, opened again.
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter Excel' }).click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toBe('journal-acces.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsxDownload.path()) as string);
    const sheet = workbook.getWorksheet('Journal des accès');
    const decisions = [4, 5, 6].map((i) => sheet?.getRow(i).getCell(8).value);
    expect(decisions).toEqual(['Refusé', 'Refusé', 'Autorisé']);
    expect(sheet?.getRow(4).getCell(9).value).toBe('badge suspendu');
    await page.getByText('Journal exporté').first().waitFor();

    // The point has been heard from: its last activity replaces 'Jamais connecté'.
    await openTab(page, "Points d'accès");
    await expect.poll(() => pointCard.textContent()).toContain('Dernière activité');
    expect(await pointCard.textContent()).not.toContain('Jamais connecté');
    await shotAndScan(page, 'access-points-desktop');

    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    await context.close();
  });

  it('pages the log with « Charger plus » and fits a phone', async () => {
    const other = await registerViaApi('Accès mobile');
    const reader = await readerOnSite(other, 'Tour Oxygène', 'Hugo Lefèvre');
    // 52 lines: one page of 50 and two more behind « Charger plus ».
    for (let i = 0; i < 52; i++) {
      expect((await presentBadge(reader.readerKey, reader.payload)).decision).toBe('Autorisé');
    }

    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, other.email, other.password);
    await page.goto('/dashboard/access');
    await expect.poll(() => logRows(page).count(), { timeout: 15_000 }).toBe(50);
    expect(await page.getByTestId('access-logs-count').textContent()).toBe(
      'Les 50 passages les plus récents sur 52',
    );
    expect(await fitsWidth(page)).toBe(true);
    await shotAndScan(page, 'access-logs-phone');
    await page.getByRole('button', { name: 'Charger plus' }).click();
    await expect.poll(() => logRows(page).count()).toBe(52);
    await page.getByRole('button', { name: 'Charger plus' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('access-logs-count').textContent()).toBe('52 passages');

    await openTab(page, 'Gestion des badges');
    await page.getByTestId('badge-card').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shotAndScan(page, 'access-badges-phone');
    await page.getByRole('button', { name: 'Nouveau badge' }).click();
    const badgeDialog = page.getByRole('dialog', { name: 'Nouveau badge' });
    await badgeDialog.waitFor();
    await pickOption(page, '#badge-badgeType', 'NFC');
    await badgeDialog.getByLabel('UID NFC').fill('04:a2:1b:7c');
    await shotAndScan(page, 'access-badge-dialog-phone');
    await page.keyboard.press('Escape');
    await badgeDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^QR code du badge/ }).click();
    const qrDialog = page.getByRole('dialog', { name: 'QR code du badge' });
    await qrDialog.getByTestId('badge-qr-image').waitFor();
    await shotAndScan(page, 'access-qr-dialog-phone');
    await page.keyboard.press('Escape');

    await openTab(page, "Points d'accès");
    await page.getByTestId('point-card').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shotAndScan(page, 'access-points-phone');
    await context.close();
  });

  it('keeps reader keys for administrators and the screen away from agents', async () => {
    const operator = await createUser(company, 'operator');
    const agent = await createUser(company, 'agent');

    const context = await newContext(browser);
    const page = await context.newPage();
    await signInAs(page, operator, '/dashboard');
    await page.goto('/dashboard/access?tab=points');
    await page.getByTestId('point-card').filter({ hasText: pointName }).waitFor();
    expect(await page.getByRole('button', { name: 'Modifier Entrée principale' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Clés de lecteur/ }).count()).toBe(0);
    // Deleting the door keeps its history in the log.
    await page.getByRole('button', { name: `Supprimer ${pointName}` }).click();
    await page
      .getByRole('dialog', { name: "Supprimer ce point d'accès ?" })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByText("Point d'accès supprimé").first().waitFor();
    await page.getByText("Aucun point d'accès").first().waitFor();
    await openTab(page, 'Journal des accès');
    await expect.poll(() => logRows(page).count()).toBe(3);
    expect(await logRows(page).first().textContent()).toContain(pointName);
    await context.close();

    const agentContext = await newContext(browser, 'phone');
    const agentPage = await agentContext.newPage();
    await signInAs(agentPage, agent, '/agent');
    await agentPage.goto('/dashboard/access');
    await agentPage.getByText('Écran réservé aux administrateurs et aux opérateurs').waitFor();
    expect(await agentPage.getByRole('tab').count()).toBe(0);
    await screenshot(agentPage, 'access-agent-phone');
    await agentContext.close();
  });
});
