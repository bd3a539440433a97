// The Radio POC 4G page as a control room lives it, in Chromium (with a fake microphone saying
// « Au secours… ») against the real server: the administrator creates a channel and registers a
// handset by its IMEI (a wrong check digit is refused in French); the handset reports its position
// through the device API, and its SOS proposes the nearest agent on duty with the distance, who is
// sent. Two browsers of the company listen to the channel: one holds 'Parler', the other hears the
// voice live (bytes and the <audio> playing), is told 'Canal occupé' when it tries to talk, and
// plays the recording back. A handset's transcript crying for help raises the alert on the open
// page without a reload. The page is shot and scanned at 1440 and 375 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsWidth, signInAs } from '../support/access';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, viewports, watchConsole } from '../support/browser';
import { pickOption } from '../support/planning';
import {
  agentOnDuty,
  concorde,
  concordeSite,
  createOperator,
  decodedRecording,
  fakeMicrophoneArgs,
  fromDevice,
  gatewayKey,
  imeiFrom,
  listenTo,
  livePlayback,
  pttOf,
  receivedBytes,
  recordLivePlayback,
  shootRadio,
  spacedImei,
  withWrongCheckDigit,
} from '../support/radio';
import { signIn } from '../support/session';

/** Real time must beat the page's 5 s polling fallback. */
const LIVE = { timeout: 10_000 };
const channelName = 'Site Concorde';
const imei = imeiFrom('35209900176148');
const serialNumber = 'PTT4G-00123';
const nearName = 'Nadia Kaci';
const carrierName = 'Paul Girard';
const operatorName = 'Camille Roux';
const cry = "Au secours, on m'agresse au portail nord";
/** The handset's last report: 300 m north of the Concorde, where both agents clocked in. */
const radioAt = { lat: concorde.lat + 0.0027, lng: concorde.lng };
/** How long 'Parler' is held. */
const TALK_MS = 3_000;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

describe('radio POC 4G in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let key: string;
  let near: { id: string; name: string };
  let operator: Awaited<ReturnType<typeof createOperator>>;
  let channelId: string;
  let alertId: string;
  // The administrator's browser, open from the first test to the last.
  let admin: { context: BrowserContext; page: Page };
  let second: BrowserContext | undefined;
  const consoleErrors: string[][] = [];

  const radioCard = () => admin.page.locator(`[data-testid="radio-card"][data-imei="${imei}"]`);
  const alertsCard = (page: Page) => page.getByTestId('radio-alerts');

  beforeAll(async () => {
    browser = await launchBrowser(fakeMicrophoneArgs());
    company = await registerViaApi('Radio');
    const siteId = await concordeSite(company);
    // Both clocked in at the Concorde; Paul carries the radio, so only Nadia can be sent to him.
    near = await agentOnDuty(company, nearName, siteId);
    await agentOnDuty(company, carrierName, siteId);
    key = await gatewayKey(company);
    operator = await createOperator(company, operatorName);
    const context = await newContext(browser);
    admin = { context, page: await context.newPage() };
    consoleErrors.push(watchConsole(admin.page));
    await signIn(admin.page, company.email, company.password);
    await admin.page.goto('/dashboard/radio');
    await admin.page.getByRole('heading', { level: 1, name: /Radio POC 4G/ }).waitFor();
  });
  afterAll(async () => {
    await second?.close().catch(() => undefined);
    await admin?.context.close().catch(() => undefined);
    await browser?.close();
  });

  it('creates a channel and registers a radio by its IMEI; a wrong check digit is refused in French', async () => {
    const { page } = admin;
    await page.getByText('Aucune radio', { exact: true }).waitFor();
    await page.getByText('Aucun canal', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Créer un canal' }).click();
    const channelDialog = page.getByRole('dialog', { name: 'Créer un canal' });
    await channelDialog.waitFor();
    await channelDialog.getByLabel('Nom du canal').fill(channelName);
    await channelDialog.getByLabel('Description').fill('Équipe de jour de l’Hôtel de la Marine');
    await channelDialog.getByRole('button', { name: 'Créer le canal' }).click();
    await toast(page, 'Canal créé').waitFor();
    await channelDialog.waitFor({ state: 'hidden' });
    const channelCard = page.getByTestId('channel-card').filter({ hasText: channelName });
    await channelCard.waitFor();
    channelId = (await channelCard.getAttribute('data-channel-id')) ?? '';
    expect(channelId).not.toBe('');
    expect(await channelCard.textContent()).toContain('Site');
    expect(await pttOf(page, channelId).panel.getAttribute('data-connection')).toBe('off');

    await page.getByRole('button', { name: 'Ajouter une radio' }).click();
    const radioDialog = page.getByRole('dialog', { name: 'Ajouter une radio' });
    await radioDialog.waitFor();
    await radioDialog.getByLabel('Identifiant radio (IMEI)').fill(spacedImei(withWrongCheckDigit(imei)));
    await radioDialog.getByLabel('Numéro de série').fill(serialNumber);
    await pickOption(page, '#radio-agentId', carrierName);
    await radioDialog.getByRole('button', { name: 'Ajouter la radio' }).click();
    await radioDialog.getByText("L'IMEI est invalide (chiffre de contrôle incorrect)").waitFor();
    expect(await radioDialog.getByLabel('Identifiant radio (IMEI)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await shootRadio(page, 'radio-add-dialog-imei-error', { dialog: radioDialog });
    // The server says the same to a client that skips the form.
    const refused = await api<{ detail: { msg: string }[] }>(
      'POST',
      '/api/radio/radios/',
      { radioId: withWrongCheckDigit(imei), serialNumber },
      company.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]?.msg).toBe("L'IMEI est invalide (chiffre de contrôle incorrect)");

    await radioDialog.getByLabel('Identifiant radio (IMEI)').fill(spacedImei(imei));
    await radioDialog.getByRole('button', { name: 'Ajouter la radio' }).click();
    const added = toast(page, 'Radio ajoutée');
    await added.waitFor();
    expect(await added.textContent()).toContain(`IMEI ${spacedImei(imei)} — ${carrierName}`);
    await radioDialog.waitFor({ state: 'hidden' });
    await radioCard().waitFor();
    const text = (await radioCard().textContent()) ?? '';
    for (const expected of [carrierName, spacedImei(imei), serialNumber, 'Hors ligne', 'Position inconnue'])
      expect(text).toContain(expected);
  });

  it('SOS from the radio card: the nearest agent on duty with the distance, sent from the alert', async () => {
    const { page } = admin;
    // The handset reports through the gateway; the open card follows.
    const report = await fromDevice(key, 'status', {
      imei,
      battery: 76,
      signal: 88,
      channel: channelName,
      position: { ...radioAt, accuracy: 5 },
    });
    expect(report.status).toBe(200);
    const card = radioCard();
    const where = `${radioAt.lat.toFixed(5)}, ${radioAt.lng.toFixed(5)}`;
    await expect.poll(() => card.textContent(), LIVE).toContain(where);
    const text = (await card.textContent()) ?? '';
    for (const expected of ['En ligne', `Canal : ${channelName}`, '(±5 m)']) expect(text).toContain(expected);

    await card.getByTestId('radio-sos').click();
    const sos = toast(page, 'SOS Déclenché');
    await sos.waitFor();
    expect(await sos.textContent()).toMatch(new RegExp(`Agent le plus proche : ${nearName}, à \\d+ m\\.`));
    const dialog = page.getByRole('dialog', { name: `SOS — ${carrierName}` });
    await dialog.waitFor();
    alertId = new URL(page.url()).searchParams.get('alert') ?? '';
    expect(alertId).not.toBe('');
    const details = dialog.getByTestId('radio-alert-details');
    await details.waitFor();
    // Where the handset last reported.
    expect(await details.textContent()).toContain(where);
    // Paul carries the radio in distress: only Nadia is proposed, about 300 m away.
    const nearest = details.getByTestId('nearest-agent');
    await expect.poll(() => nearest.count()).toBe(1);
    const line = (await nearest.textContent()) ?? '';
    expect(line).toMatch(new RegExp(`${nearName} · \\d+ m`));
    const metres = Number(/· (\d+) m/.exec(line)?.[1]);
    expect(metres).toBeGreaterThan(280);
    expect(metres).toBeLessThan(320);
    expect(line).toContain('(téléphone)');

    // The alert is listed in 'Alertes d'urgence' behind the dialog.
    const listed = alertsCard(page).getByTestId('radio-alert-item').filter({ hasText: carrierName });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('SOS');

    await nearest.getByRole('button', { name: `Envoyer ${nearName}` }).click();
    await toast(page, 'Agent envoyé').waitFor();
    const dispatched = details.getByTestId('dispatched-agent');
    await dispatched.waitFor();
    expect(await dispatched.textContent()).toMatch(new RegExp(`Agent envoyé : ${nearName} \\(à \\d+ m\\)`));
    await nearest.getByText('Envoyé', { exact: true }).waitFor();
    expect(await details.textContent()).toContain('Prise en compte');
    const stored = await api<{ status: string; dispatchedAgent: { agentId: string; name: string } | null }>(
      'GET',
      `/api/radio/alerts/${alertId}`,
      undefined,
      company.token,
    );
    expect(stored.body).toMatchObject({
      status: 'acknowledged',
      dispatchedAgent: { agentId: near.id, name: nearName },
    });
    await shootRadio(page, 'radio-sos-dialog', { dialog });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('alert')).toBeNull();
    await expect.poll(() => listed.textContent(), LIVE).toContain('Prise en compte');
  });

  it('push-to-talk between two browsers: live voice, busy channel, then the recording played back', async () => {
    const a = admin.page;
    second = await newContext(browser);
    const b = await second.newPage();
    consoleErrors.push(watchConsole(b));
    await signInAs(b, operator, '/dashboard');
    await b.goto('/dashboard/radio');
    const pttA = pttOf(a, channelId);
    const pttB = pttOf(b, channelId);
    await pttB.panel.waitFor();

    await listenTo(a, channelId);
    await listenTo(b, channelId);
    expect(await pttB.panel.getByRole('status').textContent()).toBe("À l'écoute du canal");
    await recordLivePlayback(b, channelId);
    expect(await receivedBytes(b, channelId)).toBe(0);

    // The administrator holds 'Parler' (the fake microphone says « Au secours… »).
    await pttA.talk.hover();
    await a.mouse.down();
    await expect.poll(() => pttA.panel.getAttribute('data-talk'), LIVE).toBe('talking');
    const talkingSince = Date.now();
    expect(await pttA.talk.getAttribute('data-active')).toBe('true');
    await expect
      .poll(() => pttB.panel.getByRole('status').textContent(), LIVE)
      .toBe(`${company.ownerName} parle…`);

    // The operator tries to talk meanwhile: one speaker at a time.
    await pttB.talk.hover();
    await b.mouse.down();
    const busy = pttB.panel.getByRole('alert').filter({ hasText: 'Canal occupé' });
    await busy.waitFor(LIVE);
    expect(await busy.textContent()).toBe(`Canal occupé : ${company.ownerName} parle.`);
    await b.mouse.up();
    expect(await pttB.panel.getAttribute('data-talk')).toBe('idle');

    // The voice reaches the other browser while it is spoken, and its <audio> plays it.
    await expect.poll(() => receivedBytes(b, channelId), LIVE).toBeGreaterThan(1000);
    const rest = TALK_MS - (Date.now() - talkingSince);
    if (rest > 0) await a.waitForTimeout(rest);
    expect(await pttA.panel.getAttribute('data-talk')).toBe('talking');
    await a.mouse.up();
    await expect.poll(() => pttA.panel.getAttribute('data-talk'), LIVE).toBe('idle');
    await expect.poll(() => livePlayback(b), LIVE).toMatchObject({ playing: true });
    expect((await livePlayback(b)).maxTime).toBeGreaterThan(0);
    // The channel is free again: the 'Canal occupé' notice goes.
    await busy.waitFor({ state: 'detached', ...LIVE });
    await expect.poll(() => pttB.panel.getByRole('status').textContent(), LIVE).toBe("À l'écoute du canal");

    // Kept as a communication, listed on both pages; the operator plays the recording back.
    for (const page of [a, b]) {
      const item = page
        .getByTestId('radio-communications')
        .getByTestId('communication-item')
        .filter({ hasText: company.ownerName });
      await item.waitFor(LIVE);
      const text = (await item.textContent()) ?? '';
      expect(text).toContain(channelName);
      expect(text).toMatch(/· \d+ s/);
    }
    const item = b
      .getByTestId('radio-communications')
      .getByTestId('communication-item')
      .filter({ hasText: company.ownerName });
    await item.getByTestId('communication-play').click();
    const recording = item.getByTestId('communication-audio');
    await recording.waitFor(LIVE);
    expect(await recording.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(
        () =>
          recording.evaluate((audio: HTMLAudioElement) => ({
            loaded: audio.readyState >= 1 && audio.duration > 0,
            played: audio.currentTime > 0,
          })),
        LIVE,
      )
      .toEqual({ loaded: true, played: true });
    // About the time 'Parler' was held, and a voice rather than silence.
    const latest = await api<{ id: string; fromAgentName: string; hasAudio: boolean }[]>(
      'GET',
      '/api/radio/communications/?limit=1',
      undefined,
      company.token,
    );
    expect(latest.body[0]).toMatchObject({ fromAgentName: company.ownerName, hasAudio: true });
    const decoded = await decodedRecording(b, company, latest.body[0]?.id ?? '');
    expect(decoded.seconds).toBeGreaterThan(TALK_MS / 1000 - 1);
    expect(decoded.seconds).toBeLessThan(TALK_MS / 1000 + 3);
    expect(decoded.rms).toBeGreaterThan(0.01);

    // The operator leaves the channel: 'Écouter' released.
    await pttB.listen.click();
    await expect.poll(() => pttB.panel.getAttribute('data-connection')).toBe('off');
    expect(await pttB.listen.getAttribute('aria-pressed')).toBe('false');
    await second.close();
    second = undefined;
  });

  it('raises the alert of a handset’s cry for help on the open page, without a reload', async () => {
    const { page } = admin;
    // A mark in the document: a reload or a navigation would wipe it.
    await page.evaluate(() => {
      (window as Window & { radioSpecMark?: string }).radioSpecMark = 'still here';
    });
    const url = page.url();
    const heard = await fromDevice<{ emergencyDetected: boolean; fromAgentName: string }>(
      key,
      'communications',
      { imei, channel: channelName, transcript: cry, durationMs: 3200 },
    );
    expect(heard.status).toBe(201);
    expect(heard.body).toMatchObject({ emergencyDetected: true, fromAgentName: carrierName });

    const raised = alertsCard(page).getByTestId('radio-alert-item').filter({ hasText: cry });
    await raised.waitFor(LIVE);
    const text = (await raised.textContent()) ?? '';
    for (const expected of [
      'Urgence détectée',
      'Active',
      carrierName,
      'Envoyer des renforts et prévenir le 17',
    ])
      expect(text).toContain(expected);
    // The newest active alert comes first, before the SOS already taken in charge.
    expect(await alertsCard(page).getByTestId('radio-alert-item').first().textContent()).toContain(cry);
    const said = page
      .getByTestId('radio-communications')
      .getByTestId('communication-item')
      .filter({ hasText: cry });
    await said.waitFor(LIVE);
    expect(await said.textContent()).toContain('Urgence détectée');
    await expect
      .poll(() => page.getByTestId('radio-recommendation').getAttribute('data-level'), LIVE)
      .toBe('intervention');

    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as Window & { radioSpecMark?: string }).radioSpecMark)).toBe(
      'still here',
    );
  });

  it('reads at 1440 and 375 px: nothing sideways, no serious accessibility violation', async () => {
    const { page } = admin;
    await shootRadio(page, 'radio');
    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize(viewports.desktop);

    expect(consoleErrors.flat().filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });
});
