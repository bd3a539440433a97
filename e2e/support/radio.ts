// Helpers of the radio spec: Chromium's fake microphone (a French WAV), IMEIs with their Luhn check
// digit, the handsets' API (a gateway key in X-Api-Key), agents on duty at the Concorde (clocked in
// with their phone's position), an operator's account, the push-to-talk panel of a channel, and the
// screenshots and scans of the page at desktop and phone widths.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dismissToasts } from './a11y';
import { api, type RegisteredCompany, uniqueId } from './api';
import { baseUrl, screenshot, seriousA11yViolations, viewports } from './browser';
import { createAgentAccount, createSiteAt, planShiftViaApi, shiftRunningNow } from './planning';

/** Chromium's flags for a microphone that says « Au secours… » (espeak-ng), allowed without a prompt. */
export function fakeMicrophoneArgs() {
  const wav = fileURLToPath(new URL('../fixtures/au-secours-fr.wav', import.meta.url));
  // Without its file, Chromium's fake microphone would quietly fall back to beeps.
  if (!existsSync(wav)) throw new Error(`missing ${wav}`);
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
  ];
}

/** 14 digits plus their Luhn check digit. */
export function imeiFrom(body14: string) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body14[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body14 + String((10 - (sum % 10)) % 10);
}

/** The same IMEI with a wrong check digit. */
export const withWrongCheckDigit = (imei: string) => `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;

/** '35 209900 176148 1', as the page writes an IMEI. */
export const spacedImei = (imei: string) =>
  `${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8, 14)} ${imei.slice(14)}`;

// Place de la Concorde (Paris 8e).
export const concorde = { lat: 48.8657, lng: 2.3213 };

async function created<T>(path: string, body: unknown, token: string) {
  const res = await api<T>('POST', path, body, token);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

/** A radio gateway key (shown once): what a handset or its gateway presents in X-Api-Key. */
export async function gatewayKey(company: RegisteredCompany) {
  const { key } = await created<{ key: string }>('/api/radio/keys', { name: 'Passerelle 4G' }, company.token);
  return key;
}

/** What a handset does: POST /api/radio/device/<path> with the gateway key. */
export async function fromDevice<T = unknown>(
  key: string,
  path: 'status' | 'communications' | 'sos',
  body: unknown,
) {
  const res = await fetch(`${baseUrl()}/api/radio/device/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A site at the Concorde, with its coordinates (the clock-in checks the phone is on it). */
export const concordeSite = (company: RegisteredCompany) =>
  createSiteAt(company, {
    name: 'Hôtel de la Marine',
    address: '2 place de la Concorde, 75008 Paris',
    ...concorde,
  });

/**
 * An agent with a phone account, on a shift that has begun, clocked in from the phone standing at
 * the Concorde: the position the nearest-agent search uses.
 */
export async function agentOnDuty(company: RegisteredCompany, name: string, siteId: string) {
  const account = await createAgentAccount(company, name);
  const u = uniqueId();
  const agent = await created<{ id: string; name: string }>(
    '/api/agents',
    {
      name,
      badge: `AG-${u}`,
      phone: '06 12 34 56 78',
      email: `fiche-${u}@exemple.fr`,
      speciality: 'Surveillance',
      level: 'senior',
      hireDate: '2023-03-01',
      cnapsNumber: 'CAR-075-2035-03-14-20190123456',
      cnapsExpiresOn: '2035-03-14',
      userId: account.id,
    },
    company.token,
  );
  const shift = await planShiftViaApi(company, shiftRunningNow(agent.id, siteId));
  const login = await api<{ access_token: string }>('POST', '/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  expect(login.status).toBe(200);
  const clock = await api(
    'POST',
    `/api/shifts/${shift.id}/clock-in`,
    { latitude: concorde.lat, longitude: concorde.lng, accuracy: 10 },
    login.body.access_token,
  );
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  return agent;
}

/** An operator of the company (the control room's second seat). */
export async function createOperator(company: RegisteredCompany, name: string) {
  const account = { name, email: `operateur-${uniqueId()}@exemple.fr`, password: 'essai-vigie-1' };
  await created('/api/users', { ...account, role: 'operator' }, company.token);
  return account;
}

/** The push-to-talk panel of a channel on a page. */
export function pttOf(page: Page, channelId: string) {
  return {
    panel: page.getByTestId(`ptt-listener-${channelId}`),
    listen: page.getByTestId(`ptt-listen-${channelId}`),
    talk: page.getByTestId(`ptt-talk-${channelId}`),
    audio: page.getByTestId(`ptt-audio-${channelId}`),
  };
}

/** 'Écouter', then the socket joined (data-connection=on). */
export async function listenTo(page: Page, channelId: string) {
  const ptt = pttOf(page, channelId);
  await ptt.listen.click();
  await expect.poll(() => ptt.panel.getAttribute('data-connection'), { timeout: 10_000 }).toBe('on');
  expect(await ptt.listen.getAttribute('aria-pressed')).toBe('true');
}

/** The bytes of audio the panel has received (its data-bytes). */
export const receivedBytes = async (page: Page, channelId: string) =>
  Number(await pttOf(page, channelId).panel.getAttribute('data-bytes'));

type PlaybackWindow = Window & { pttPlayback?: { playing: boolean; maxTime: number } };

/**
 * Records, from now on, whether the live <audio> of the channel starts playing and how far it goes:
 * the transmission is short, so its state is caught by listeners rather than by polling.
 */
export async function recordLivePlayback(page: Page, channelId: string) {
  await pttOf(page, channelId).audio.evaluate((audio: HTMLAudioElement) => {
    const w = window as PlaybackWindow;
    const state = { playing: false, maxTime: 0 };
    w.pttPlayback = state;
    audio.addEventListener('playing', () => {
      state.playing = true;
    });
    audio.addEventListener('timeupdate', () => {
      state.maxTime = Math.max(state.maxTime, audio.currentTime);
    });
  });
}

export const livePlayback = (page: Page) =>
  page.evaluate(() => (window as PlaybackWindow).pttPlayback ?? { playing: false, maxTime: 0 });

/**
 * The recording of a communication as the API serves it, decoded by the browser: its length in
 * seconds and its loudness (RMS of the samples), to tell a voice from silence. (The page's CSP rightly
 * keeps it from fetching its own blob: URLs, so the bytes come from the test.)
 */
export async function decodedRecording(page: Page, company: RegisteredCompany, communicationId: string) {
  const res = await fetch(`${baseUrl()}/api/radio/communications/${communicationId}/audio`, {
    headers: { authorization: `Bearer ${company.token}` },
  });
  expect(res.status).toBe(200);
  const base64 = Buffer.from(await res.arrayBuffer()).toString('base64');
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const decoded = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(bytes.buffer);
    const samples = decoded.getChannelData(0);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return { seconds: decoded.duration, rms: Math.sqrt(sum / samples.length) };
  }, base64);
}

/** Nothing wider than the screen: the page, and the open dialog if there is one. */
async function fitsWidth(page: Page, dialog?: Locator) {
  const pageFits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  const dialogFits = dialog ? await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1) : true;
  return pageFits && dialogFits;
}

/**
 * Screenshots `<name>-desktop` (1440 px) and `<name>-phone` (375 px) of the page as it stands (toasts
 * closed), checking at each width that nothing overflows sideways and that axe-core finds no serious
 * violation. A dialog is shot as the screen shows it, from its top.
 */
export async function shootRadio(page: Page, name: string, { dialog }: { dialog?: Locator } = {}) {
  const before = page.viewportSize();
  for (const [suffix, size] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    expect(await fitsWidth(page, dialog), `${name}-${suffix} overflows`).toBe(true);
    await dismissToasts(page);
    expect(await seriousA11yViolations(page), `${name}-${suffix}`).toEqual([]);
    // From the top: scrolled, the fixed top bar would be drawn across the middle of a full-page shot.
    if (dialog) await dialog.evaluate((el) => el.scrollTo(0, 0));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${suffix}`, { fullPage: !dialog });
  }
  if (before) await page.setViewportSize(before);
}
