// Main courante in Chromium against the real server: the control room reads a site's register,
// sees an entry written elsewhere arrive live (logbook.created), writes an entry, corrects one (the
// correction shown under it), checks the chain's integrity; then the same screen on a phone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { fitsWidth } from '../support/access';
import { type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { createSite, earlierToday, tinyPng, writeEntry } from '../support/logbook';
import { signIn } from '../support/session';

const siteName = 'Centre commercial Part-Dieu';

describe('main courante in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let siteId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Main courante');
    siteId = await createSite(company, siteName);
    await writeEntry(company, {
      siteId,
      category: 'ronde',
      text: 'Ronde de 22h : portes du quai fermées, RAS',
      occurredAt: earlierToday(2 * 3600_000),
      photos: [tinyPng],
    });
    const wrong = await writeEntry(company, {
      siteId,
      category: 'passage',
      text: 'Livraison Transports Martin à 23h10',
      occurredAt: earlierToday(3600_000),
    });
    await writeEntry(company, {
      siteId,
      category: 'passage',
      text: 'Correction : la livraison a eu lieu à 23h40',
      correctsId: wrong.id,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reads, receives live, writes, corrects and verifies the register', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await page.getByRole('link', { name: 'Main courante' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Main courante' }).waitFor();
    const entries = page.getByTestId('logbook-entry');
    await page.getByText('Ronde de 22h : portes du quai fermées, RAS').waitFor();
    await page.getByText("Corrigée par l'entrée n° 3").waitFor();
    await page.getByAltText("Pièce jointe 1 de l'entrée").waitFor();

    // Written from elsewhere (an agent's phone): arrives without reload.
    await writeEntry(company, { siteId, category: 'appel', text: 'Appel du client : ouverture à 6h demain' });
    await page.getByText('Appel du client : ouverture à 6h demain').waitFor({ timeout: 15_000 });

    // Written here.
    await page.getByLabel('Catégorie').selectOption('incident');
    await page.getByLabel('Texte').fill('Vitre brisée porte B, photos prises, client prévenu');
    await page.getByRole('button', { name: "Écrire l'entrée" }).click();
    await page.getByText('Vitre brisée porte B, photos prises, client prévenu').waitFor();
    // Listed by the time of the event (typed to the minute here), numbered in the order written.
    expect(await entries.filter({ hasText: 'Vitre brisée porte B' }).first().textContent()).toContain('n° 5');

    // A correction: a new entry under the one it corrects.
    await entries
      .filter({ hasText: 'Vitre brisée porte B' })
      .getByRole('button', { name: 'Corriger' })
      .click();
    await page.getByText("Corriger l'entrée n° 5").waitFor();
    await page.getByLabel('Texte').fill('Correction : porte C, et non porte B');
    await page.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await page.getByText("Corrigée par l'entrée n° 6").waitFor();

    await page.getByRole('button', { name: "Vérifier l'intégrité" }).click();
    await page.getByText('Intégrité vérifiée : 6 entrées contrôlées').waitFor();

    await dismissToasts(page);
    await screenshot(page, 'logbook-desktop');
    await expectNoSeriousA11y(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/logbook');
    await page.getByText('Ronde de 22h : portes du quai fermées, RAS').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await dismissToasts(page);
    await screenshot(page, 'logbook-phone');
    await context.close();
  });
});
