// Camera video in Chromium against the real server, from a camera that really streams (an RTSP
// test camera on 127.0.0.1 fed by ffmpeg's test pattern): the live grid decodes frames, the detail
// pauses and plays, a still and a 5-second clip are made by the server and downloaded with their
// fingerprint, and an alarm on the camera shows the clip it recorded. Desktop and phone.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RtspTestCamera } from '../../apps/server/src/demo/rtsp-camera';
import { expectNoSeriousA11y } from '../support/a11y';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';
import { createSiteViaApi, tile } from '../support/sites-cameras';

const decodedFrames = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
const sha256Of = async (d: Download) =>
  createHash('sha256')
    .update(readFileSync((await d.path()) as string))
    .digest('hex');

describe('camera video in Chromium', () => {
  let browser: Browser;
  let rtsp: RtspTestCamera;
  let company: RegisteredCompany;
  let cameraId: string;
  let siteId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    rtsp = new RtspTestCamera();
    await rtsp.listen();
    await rtsp.startStream('quai', { width: 640, height: 360, fps: 15, gop: 15 });
    company = await registerViaApi('Vidéo');
    siteId = await createSiteViaApi(company, 'Entrepôt Gennevilliers');
    const created = await api<{ id: string }>(
      'POST',
      '/api/cameras',
      { siteId, name: 'Caméra Quai 4', location: 'Quai de chargement 4', rtspUrl: rtsp.url('quai') },
      company.token,
    );
    expect(created.status).toBe(201);
    cameraId = created.body.id;
    // Online once the health monitor (1 s here) reached its RTSP port.
    const until = Date.now() + 20_000;
    const status = async () =>
      (await api<{ status: string }>('GET', `/api/cameras/${cameraId}`, undefined, company.token)).body
        .status;
    while ((await status()) !== 'En ligne') {
      if (Date.now() > until) throw new Error('the test camera never came online');
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await rtsp?.close();
  });

  async function openLiveGrid(page: Page) {
    await page.goto('/dashboard/cameras');
    await page.getByRole('button', { name: 'Vue live' }).click();
    const video = tile(page, 'Caméra Quai 4').getByTestId('camera-video');
    await tile(page, 'Caméra Quai 4').getByText('LIVE').waitFor({ timeout: 20_000 });
    await expect.poll(() => decodedFrames(video)).toBeGreaterThan(10);
    return video;
  }

  it('plays the camera, pauses, takes a still and a clip, and shows an alarm’s clip', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await openLiveGrid(page);
    await screenshot(page, 'camera-video-grid-desktop');
    await expectNoSeriousA11y(page);

    // The detail: one large picture, Pause stops decoding, Lecture starts it again.
    await tile(page, 'Caméra Quai 4').getByRole('button', { name: 'Voir Caméra Quai 4' }).click();
    const detail = page.getByRole('dialog', { name: 'Caméra Quai 4' });
    await detail.waitFor();
    const big = detail.getByTestId('camera-video');
    await expect.poll(() => decodedFrames(big), { timeout: 15_000 }).toBeGreaterThan(5);
    await detail.getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = await decodedFrames(big);
    await page.waitForTimeout(1500);
    expect(await decodedFrames(big)).toBeLessThanOrEqual(paused + 1);
    await detail.getByRole('button', { name: 'Lecture', exact: true }).click();
    await expect.poll(() => decodedFrames(big), { timeout: 15_000 }).toBeGreaterThan(paused + 5);

    // Capture d'écran: a JPEG taken by the server from the stream, downloaded, its fingerprint listed.
    const [still] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: "Capture d'écran", exact: true }).click(),
    ]);
    expect(still.suggestedFilename()).toMatch(/^capture-Camera-Quai-4-\d{8}-\d{6}\.jpg$/);
    await detail.getByText(`SHA-256 : ${await sha256Of(still)}`).waitFor();

    // Enregistrer: a 5-second clip, stopped by the operator, downloaded as an MP4.
    await detail.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await detail.getByRole('button', { name: "Arrêter l'enregistrement" }).waitFor();
    await page.waitForTimeout(5000);
    await detail.getByRole('button', { name: "Arrêter l'enregistrement" }).click();
    const clipItem = detail.getByTestId('recording').filter({ hasText: 'Clip vidéo' }).first();
    await clipItem.getByText('Prêt').waitFor({ timeout: 15_000 });
    const [clip] = await Promise.all([
      page.waitForEvent('download'),
      clipItem.getByRole('button', { name: /^Télécharger/ }).click(),
    ]);
    expect(clip.suggestedFilename()).toMatch(/^clip-Camera-Quai-4-\d{8}-\d{6}\.mp4$/);
    const mp4 = readFileSync((await clip.path()) as string);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    await clipItem.getByText(`SHA-256 : ${await sha256Of(clip)}`).waitFor();
    await detail.getByText('Captures et clips').scrollIntoViewIfNeeded();
    await screenshot(page, 'camera-video-detail-desktop');
    await expectNoSeriousA11y(page);
    await page.keyboard.press('Escape');

    // An alarm on the camera records its clip (4 s in the specs), shown in the alarm's details.
    const alarm = await api<{ id: string }>(
      'POST',
      '/api/alarms',
      {
        siteId,
        cameraId,
        type: 'intrusion',
        severity: 'high',
        title: 'Intrusion quai 4',
        description: 'Détecteur volumétrique du quai 4',
        location: 'Quai de chargement 4',
      },
      company.token,
    );
    expect(alarm.status).toBe(201);
    await page.goto('/dashboard/alarms');
    await page.getByRole('button', { name: "Voir l'alarme Intrusion quai 4" }).click();
    const alarmDialog = page.getByRole('dialog', { name: 'Intrusion quai 4' });
    const video = alarmDialog.getByRole('region', { name: "Vidéo de l'alarme" });
    await video.getByTestId('camera-video').waitFor();
    await expect
      .poll(() => decodedFrames(video.getByTestId('camera-video')), { timeout: 15_000 })
      .toBeGreaterThan(5);
    await video.getByText('Clip vidéo (alarme)').waitFor({ timeout: 15_000 });
    await video.getByText('Prêt').waitFor({ timeout: 20_000 });
    await screenshot(page, 'camera-video-alarm-desktop');

    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    await context.close();
  });

  it('plays at phone width', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, company.email, company.password);
    await openLiveGrid(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'camera-video-grid-phone');
    await tile(page, 'Caméra Quai 4').getByRole('button', { name: 'Voir Caméra Quai 4' }).click();
    const detail = page.getByRole('dialog', { name: 'Caméra Quai 4' });
    await expect
      .poll(() => decodedFrames(detail.getByTestId('camera-video')), { timeout: 15_000 })
      .toBeGreaterThan(5);
    await screenshot(page, 'camera-video-detail-phone');
    await expectNoSeriousA11y(page);
    await context.close();
  });
});
