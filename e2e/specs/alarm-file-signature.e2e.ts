// The alarm's file signed like a security report, in Chromium against the real server: an alarm
// verified and resolved (through the API), its file signed on a 375 px screen with a signature drawn
// in the « Signer le dossier » dialog, the signature entry seen at 1440 px (image, signer, time), the
// PDF ending with the signature, and its QR code opening the public page without a session — which
// names the site, the alarm, its times and entries, and says « Dossier introuvable » for an unknown
// fingerprint. Screenshots and axe scans on each screen.
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { fitsWidth } from '../support/access';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { baseUrl, launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { guardedSite, warehouse } from '../support/dispatch';
import { drawSignature, qrUrlOfPdf } from '../support/security-reports';
import { signIn } from '../support/session';

describe('the alarm file signed and verified in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let alarm: { id: string; title: string };
  const errors: string[][] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Dossier signé', 'enterprise');
    const siteId = await guardedSite(company);
    const created = await api<{ id: string; title: string }>(
      'POST',
      '/api/alarms',
      {
        siteId,
        title: 'Intrusion quai 3',
        description: 'Détecteur de mouvement déclenché',
        location: 'Quai 3',
        triggeredBy: 'Détecteur PIR 12',
      },
      company.token,
    );
    expect(created.status).toBe(201);
    alarm = created.body;
    expect((await api('POST', `/api/alarms/${alarm.id}/acknowledge`, {}, company.token)).status).toBe(200);
    const resolved = await api(
      'POST',
      `/api/alarms/${alarm.id}/resolve`,
      {
        note: 'Fausse alarme : chat dans le quai',
        decision: { outcome: 'negative', reason: 'Chat vu à la caméra, rien à signaler' },
      },
      company.token,
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs the resolved file on a phone, then shows the signature entry at 1440 px', async () => {
    const phone = await newContext(browser, 'phone');
    const page = await phone.newPage();
    errors.push(watchConsole(page));
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/alarms');
    await page.getByRole('button', { name: `Voir l'alarme ${alarm.title}` }).click({ timeout: 20_000 });
    const details = page.getByRole('dialog', { name: alarm.title });
    const file = details.getByRole('region', { name: 'Dossier de levée de doute' });
    await file.getByRole('button', { name: 'Signer le dossier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signer le dossier' });
    await dialog.getByText(/^Signature de /).waitFor();
    await drawSignature(page, '#alarm-file-signature');
    expect(await fitsWidth(page)).toBe(true);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'alarm-file-sign-dialog-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Signer', exact: true }).click();
    await page.getByText('Dossier signé', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const entry = file.locator('li[data-kind="signature"]');
    await entry.getByText('Signature du dossier').waitFor();
    await entry.getByAltText(/^Signature de /).waitFor();
    // Its image is loaded (the bearer-protected route, as an object URL), not a broken icon.
    await expect
      .poll(() => entry.getByAltText(/^Signature de /).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // Once per file: the button is gone.
    expect(await file.getByRole('button', { name: 'Signer le dossier' }).count()).toBe(0);
    await entry.scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await dismissToasts(page);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'alarm-file-signed-phone', { fullPage: false });
    await phone.close();

    const desktop = await newContext(browser, 'desktop');
    const room = await desktop.newPage();
    errors.push(watchConsole(room));
    await signIn(room, company.email, company.password);
    await room.goto('/dashboard/alarms');
    await room.getByRole('button', { name: `Voir l'alarme ${alarm.title}` }).click({ timeout: 20_000 });
    const signed = room
      .getByRole('dialog', { name: alarm.title })
      .getByRole('region', { name: 'Dossier de levée de doute' })
      .locator('li[data-kind="signature"]');
    await signed.getByText(/^Dossier signé par .+ le \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/).waitFor();
    await signed.scrollIntoViewIfNeeded();
    await expectNoSeriousA11y(room);
    await screenshot(room, 'alarm-file-signed-desktop', { fullPage: false });
    await desktop.close();
  }, 120_000);

  it('ends the PDF with the signature; its QR code opens the public page, without a session', async () => {
    const res = await fetch(`${baseUrl()}/api/alarms/${alarm.id}/file.pdf`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
    expect(text).toContain('Signature du dossier');
    expect(text).toMatch(/Dossier signé le \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(entrée n° \d+\)/);

    const file = await api<{ fingerprint: string; entries: unknown[] }>(
      'GET',
      `/api/alarms/${alarm.id}/file`,
      undefined,
      company.token,
    );
    const fingerprint = file.body.fingerprint;
    const url = qrUrlOfPdf(pdf, 'alarm-file-signed-pdf');
    expect(url).toMatch(new RegExp(`/verification/dossier/${fingerprint}$`));

    const visitor = await newContext(browser, 'phone');
    const publicPage = await visitor.newPage();
    errors.push(watchConsole(publicPage));
    // The printed address is the server's configured one: the same path on the test server.
    await publicPage.goto(new URL(url as string).pathname);
    await publicPage.getByRole('heading', { name: 'Dossier authentique' }).waitFor();
    await publicPage.getByText(alarm.title, { exact: true }).waitFor();
    await publicPage.getByText(warehouse.name, { exact: true }).waitFor();
    await publicPage.getByText(company.companyName).waitFor();
    await publicPage.getByText(`${file.body.entries.length} à ce jour`).waitFor();
    await publicPage.getByText(fingerprint).waitFor();
    expect(await publicPage.getByText('Non signé').count()).toBe(0);
    expect(await fitsWidth(publicPage)).toBe(true);
    await expectNoSeriousA11y(publicPage);
    await screenshot(publicPage, 'alarm-file-verification-phone');

    await publicPage.goto(`/verification/dossier/${'0'.repeat(64)}`);
    await publicPage.getByRole('heading', { name: 'Dossier introuvable' }).waitFor();
    await expectNoSeriousA11y(publicPage);
    await screenshot(publicPage, 'alarm-file-verification-unknown-phone');
    await visitor.close();
    for (const e of errors) expect(e.filter((m) => /Content Security Policy|Refused to/.test(m))).toEqual([]);
  }, 120_000);
});
