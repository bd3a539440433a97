// Helpers of the kiosk spec: a fake camera for Chromium (a Y4M video of a badge's QR code, written
// without ffmpeg), a kiosk browser filming it, the access point set up through the API, and the
// screenshots of one kiosk screen at a landscape tablet's and a phone's size.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { expect } from 'vitest';
import { expectNoSeriousA11y } from './a11y';
import { qrPayloadOf } from './access';
import { api, type RegisteredCompany, uniqueId } from './api';
import { baseUrl, launchBrowser, newContext, screenshot } from './browser';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

/**
 * A short Y4M video (4:2:0, 10 frames a second, looped by Chromium's fake camera) of a grey-level
 * picture: the header, then per frame 'FRAME\n', the luminance plane and two neutral chroma planes.
 */
function y4m(luma: Buffer) {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

/** The luminance of a picture laid on a plain background of WIDTH × HEIGHT. */
async function lumaOf(background: number, overlay?: Buffer) {
  const { data, info } = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: { r: background, g: background, b: background },
    },
  })
    .composite(overlay ? [{ input: overlay, gravity: 'centre' }] : [])
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  expect(data.length).toBe(WIDTH * HEIGHT);
  return data;
}

/** Writes the video a fake camera plays: the QR code of `payload` centred on white, or an empty scene. */
export async function fakeCameraVideo(payload: string | null) {
  const overlay = payload
    ? await QRCode.toBuffer(payload, { type: 'png', width: 400, margin: 4, errorCorrectionLevel: 'M' })
    : undefined;
  const file = join(mkdtempSync(join(tmpdir(), 'vigie-kiosk-')), 'camera.y4m');
  writeFileSync(file, y4m(await lumaOf(payload ? 255 : 170, overlay)));
  return file;
}

/** A Chromium whose camera films `video`, the permission prompt answered 'Autoriser'. */
export const kioskBrowser = (video: string) =>
  launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);

export const tablet = { width: 1280, height: 800 } as const;
export const phone = { width: 375, height: 812 } as const;

/** A landscape tablet at the entrance, the camera allowed for the app's origin. */
export async function kioskPage(browser: Browser) {
  const context = await newContext(browser, 'desktop', { viewport: tablet });
  await context.grantPermissions(['camera'], { origin: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

async function created<T>(company: RegisteredCompany, path: string, body: unknown) {
  const res = await api<T>('POST', path, body, company.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A site, its entrance with a reader key for the kiosk, and one QR badge with its signed payload. */
export async function entranceWithBadge(company: RegisteredCompany, pointName: string, holderName: string) {
  const site = await created<{ id: string }>(company, '/api/sites', {
    name: `Siège ${uniqueId()}`,
    address: '12 rue de la République, 69002 Lyon',
  });
  const point = await created<{ id: string }>(company, '/api/access/points', {
    name: pointName,
    siteId: site.id,
    kind: 'porte',
  });
  const key = await created<{ id: string; key: string }>(company, `/api/access/points/${point.id}/keys`, {
    name: 'Borne du hall',
  });
  const badge = await created<{ id: string; badgeId: string }>(company, '/api/access/badges', {
    badgeType: 'qrcode',
    badgeId: `K-${uniqueId()}`,
    holderName,
    department: 'Accueil',
  });
  const { payload } = await qrPayloadOf(company, badge.id);
  return { pointId: point.id, keyId: key.id, readerKey: key.key, badge, payload };
}

export async function pairKiosk(page: Page, readerKey: string) {
  await page.getByLabel('Clé de lecteur').fill(readerKey);
  await page.getByRole('button', { name: 'Associer la borne' }).click();
}

/** Nothing wider than the screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const fitsHeight = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);

/**
 * Screenshots `<name>-tablet` (1280 × 800) and `<name>-phone` (375 × 812). A verdict lasts 3 s:
 * `waitFor` (the verdict, which comes back on the next read of the badge still in view) is waited
 * for at each size.
 */
export async function shootKiosk(
  page: Page,
  name: string,
  { scan = false, waitFor }: { scan?: boolean; waitFor?: Locator } = {},
) {
  for (const [suffix, size] of [
    ['tablet', tablet],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(size);
    expect(await fitsWidth(page), `${name}-${suffix} overflows`).toBe(true);
    // A landscape tablet shows the whole screen without scrolling (a phone may scroll under the notice).
    if (size === tablet) expect(await fitsHeight(page), `${name}-${suffix} scrolls`).toBe(true);
    if (scan) await expectNoSeriousA11y(page);
    if (waitFor) await waitFor.waitFor({ timeout: 10_000 });
    // The kiosk is a fixed screen: what fits in it is what the visitor sees (the page below a
    // sticky notice would show it mid-page in a full-page shot).
    await screenshot(page, `${name}-${suffix}`, { fullPage: false });
  }
  await page.setViewportSize(tablet);
}

type LogLine = {
  personName: string;
  status: string;
  reason: string | null;
  location: string;
  accessType: string;
};

/** The access log as the administrator reads it (newest first). */
export async function logLinesOf(company: RegisteredCompany, holderName: string) {
  const res = await api<LogLine[]>('GET', '/api/access/logs?limit=500', undefined, company.token);
  expect(res.status).toBe(200);
  return res.body.filter((line) => line.personName === holderName);
}
