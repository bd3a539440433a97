// The radio communications journal in Chromium against the real server: 55 transmissions heard
// through the handsets' API (two radios, two channels, three cries for help among them), opened from
// the radio page's 'Communications récentes' card; 50 at a time with « Charger plus », newest first;
// filtered by channel and « Urgences uniquement » (sent to the server, kept in the address); a new
// transmission shows on the open journal without a reload. Shot and scanned at 1440 and 375 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts } from '../support/a11y';
import { fitsWidth, pickOption } from '../support/access';
import { api, type RegisteredCompany, registerViaApi, uniqueId } from '../support/api';
import {
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
  viewports,
  watchConsole,
} from '../support/browser';
import { fromDevice, gatewayKey, imeiFrom } from '../support/radio';
import { signIn } from '../support/session';

/** Real time must beat the page's 5 s polling fallback. */
const LIVE = { timeout: 10_000 };
const TOTAL = 55;
const concorde = 'Site Concorde';
const accueil = 'Accueil';
/** Transmissions (by their index, oldest 0) in which a guard cries for help, all on 'Accueil'. */
const cries = new Map([
  [12, "Au secours, on m'agresse au portail nord"],
  [33, 'Au secours, un homme armé dans le hall'],
  [51, "À l'aide, un collègue est blessé au parking"],
]);
const channelOf = (i: number) => (cries.has(i) || i % 3 === 0 ? accueil : concorde);
const transcriptOf = (i: number) => cries.get(i) ?? `Ronde ${i + 1} terminée, rien à signaler`;

async function created<T>(company: RegisteredCompany, path: string, body: unknown) {
  const res = await api<T>('POST', path, body, company.token);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

/** A guard with a handset assigned to them: the journal shows their name. */
async function guardWithRadio(company: RegisteredCompany, name: string, imei: string) {
  const u = uniqueId();
  const agent = await created<{ id: string }>(company, '/api/agents', {
    name,
    badge: `AG-${u}`,
    phone: '06 12 34 56 78',
    email: `fiche-${u}@exemple.fr`,
    speciality: 'Surveillance',
    level: 'senior',
    hireDate: '2023-03-01',
  });
  await created(company, '/api/radio/radios/', {
    radioId: imei,
    serialNumber: `PTT4G-${u}`,
    agentId: agent.id,
  });
}

const items = (page: Page) => page.getByTestId('communication-item');
const summary = (page: Page) => page.getByTestId('journal-summary');

describe('radio communications journal in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let company: RegisteredCompany;
  let key: string;
  const imeis = [imeiFrom('35209900176201'), imeiFrom('35209900176202')];
  /** What the server said of each transmission, by index. */
  const emergencies: boolean[] = [];
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Journal radio');
    for (const name of [concorde, accueil])
      await created(company, '/api/radio/channels/', { name, type: 'site', priority: 1 });
    await guardWithRadio(company, 'Nadia Kaci', imeis[0] ?? '');
    await guardWithRadio(company, 'Paul Girard', imeis[1] ?? '');
    key = await gatewayKey(company);
    // One a minute up to a minute ago, oldest first, five at a time.
    const start = Date.now() - (TOTAL + 1) * 60_000;
    for (let batch = 0; batch < TOTAL; batch += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, TOTAL - batch) }, async (_, k) => {
          const i = batch + k;
          const heard = await fromDevice<{ emergencyDetected: boolean }>(key, 'communications', {
            imei: imeis[i % 2],
            channel: channelOf(i),
            transcript: transcriptOf(i),
            durationMs: 2000 + i * 100,
            timestamp: new Date(start + i * 60_000).toISOString(),
          });
          expect(heard.status, JSON.stringify(heard.body)).toBe(201);
          emergencies[i] = heard.body.emergencyDetected;
        }),
      );
    }
    // The three cries, and only they, are emergencies for the server's analysis.
    expect(emergencies.flatMap((e, i) => (e ? [i] : []))).toEqual([...cries.keys()]);

    context = await newContext(browser);
    page = await context.newPage();
    consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('opens from the radio card and lists 50 at a time, newest first, with « Charger plus »', async () => {
    await page.goto('/dashboard/radio');
    const card = page.getByTestId('radio-communications');
    await expect.poll(() => card.getByTestId('communication-item').count()).toBe(5);
    await card.getByRole('link', { name: 'Voir tout le journal' }).click();
    await page.waitForURL('**/dashboard/radio/journal');
    await page.getByRole('heading', { level: 1, name: 'Journal des communications' }).waitFor();

    await expect.poll(() => items(page).count()).toBe(50);
    expect(await summary(page).textContent()).toBe(`50 communications affichées sur ${TOTAL}`);
    // Newest first: the last one heard, then the one before.
    expect(await items(page).nth(0).textContent()).toContain(transcriptOf(TOTAL - 1));
    expect(await items(page).nth(1).textContent()).toContain(transcriptOf(TOTAL - 2));
    expect(await items(page).nth(49).textContent()).toContain(transcriptOf(TOTAL - 50));

    const more = page.getByRole('button', { name: 'Charger plus' });
    await more.click();
    await expect.poll(() => items(page).count()).toBe(TOTAL);
    expect(await summary(page).textContent()).toBe(`${TOTAL} communications, toutes affichées`);
    expect(
      await items(page)
        .nth(TOTAL - 1)
        .textContent(),
    ).toContain(transcriptOf(0));
    expect(await more.count()).toBe(0);
  });

  it('filters by « Urgences uniquement » and by channel, on the server, in the address', async () => {
    await page.getByRole('switch', { name: 'Urgences uniquement' }).click();
    await expect.poll(() => items(page).count()).toBe(cries.size);
    expect(new URL(page.url()).searchParams.get('emergency')).toBe('true');
    for (const [n, cry] of [...cries.values()].reverse().entries()) {
      const text = (await items(page).nth(n).textContent()) ?? '';
      expect(text).toContain(cry);
      expect(text).toContain('Urgence détectée');
    }
    expect(await summary(page).textContent()).toBe(`${cries.size} communications, toutes affichées`);

    // No cry was heard on the Concorde's channel.
    await pickOption(page, page.getByRole('combobox', { name: 'Filtrer par canal' }), concorde);
    await page.getByText('Aucune communication pour ces filtres.').waitFor();
    expect(new URL(page.url()).searchParams.get('channel')).not.toBeNull();

    // The Concorde's whole traffic, after a reload: the filters came back from the address.
    await page.getByRole('switch', { name: 'Urgences uniquement' }).click();
    // The reload's warm-up reads the filtered list the page shows, never the whole journal first.
    const journalReads: URL[] = [];
    const onRequest = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.replace(/\/$/, '') === '/api/radio/communications') journalReads.push(url);
    };
    page.on('request', onRequest);
    await page.reload();
    const onConcorde = [...Array(TOTAL).keys()].filter((i) => channelOf(i) === concorde).length;
    await expect
      .poll(() => summary(page).textContent())
      .toBe(`${onConcorde} communications, toutes affichées`);
    // The channels' list is a read of its own, which may land after the journal's.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Filtrer par canal' }).textContent())
      .toContain(concorde);
    expect(await page.getByRole('switch', { name: 'Urgences uniquement' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await items(page).count()).toBe(onConcorde);
    for (const text of await items(page).allTextContents()) expect(text).toContain(concorde);
    page.off('request', onRequest);
    expect(journalReads.length).toBeGreaterThan(0);
    for (const url of journalReads) expect(url.searchParams.get('channelId'), url.search).not.toBeNull();
  });

  it('shows a transmission heard now at the top of the open journal, without a reload', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'Filtrer par canal' }), 'Tous les canaux');
    await expect.poll(() => items(page).count()).toBe(50);
    const said = 'Relève effectuée au poste central';
    const heard = await fromDevice(key, 'communications', {
      imei: imeis[0],
      channel: concorde,
      transcript: said,
    });
    expect(heard.status).toBe(201);
    await expect.poll(() => items(page).first().textContent(), LIVE).toContain(said);
    expect(await summary(page).textContent()).toBe(`50 communications affichées sur ${TOTAL + 1}`);
  });

  it('reads at 1440 and 375 px: nothing sideways, no serious accessibility violation', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const [suffix, size] of [
      ['desktop', viewports.desktop],
      ['phone', viewports.phone],
    ] as const) {
      await page.setViewportSize(size);
      expect(await fitsWidth(page), `radio-journal-${suffix} overflows`).toBe(true);
      await dismissToasts(page);
      expect(await seriousA11yViolations(page), `radio-journal-${suffix}`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The top of the list: 50 cards on a phone are no picture to look at.
      await screenshot(page, `radio-journal-${suffix}`, { maxHeight: 2400 });
    }
    await page.setViewportSize(viewports.desktop);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });
});
