// Helpers of the security-report spec: a site and an agent through the API, a signature drawn with
// the mouse, downloads saved and read, and the QR code of a PDF's first page decoded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, type RegisteredCompany, uniqueId } from './api';

export async function siteAndAgent(company: RegisteredCompany, siteName: string, agentName: string) {
  const site = await api<{ id: string }>(
    'POST',
    '/api/sites',
    { name: siteName, address: '12 quai Rambaud, 69002 Lyon' },
    company.token,
  );
  expect(site.status).toBe(201);
  const u = uniqueId();
  const agent = await api(
    'POST',
    '/api/agents',
    {
      name: agentName,
      badge: `B-${u}`,
      phone: '0612345678',
      email: `agent-${u}@exemple.fr`,
      speciality: 'Surveillance',
      level: 'senior',
      hireDate: '2022-03-01',
      cnapsNumber: 'CAR-069-2031-03-14-20190123456',
      cnapsExpiresOn: '2031-03-14',
    },
    company.token,
  );
  expect(agent.status).toBe(201);
  return site.body.id;
}

/** A signature drawn with the mouse: three strokes across the pad. */
export async function drawSignature(page: Page, selector: string) {
  const canvas = page.locator(selector);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature pad');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const strokes: [number, number][][] = [
    [
      [0.1, 0.7],
      [0.2, 0.3],
      [0.3, 0.65],
      [0.4, 0.35],
      [0.5, 0.7],
    ],
    [
      [0.55, 0.5],
      [0.7, 0.3],
      [0.85, 0.6],
      [0.9, 0.4],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(...at(...first));
    await page.mouse.down();
    for (const p of rest) await page.mouse.move(...at(...p), { steps: 8 });
    await page.mouse.up();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'vigie-sr-e2e-'));

/** Clicks, waits for the browser's download and answers its name and bytes. */
export async function downloadOf(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent('download');
  await click();
  const download: Download = await waiting;
  const path = join(dir, `${uniqueId()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), data: readFileSync(path) };
}

/** RGBA pixels of a binary PPM (P6, what pdftoppm writes by default), for jsQR. */
function ppmPixels(ppm: Buffer) {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 50).toString('latin1'));
  if (!header) throw new Error('not a PPM image');
  const [whole, w, h] = header as unknown as [string, string, string];
  const width = Number(w);
  const height = Number(h);
  const rgb = ppm.subarray(whole.length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = rgb[i * 3] ?? 0;
    rgba[i * 4 + 1] = rgb[i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = rgb[i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return { rgba, width, height };
}

/** The URL in the QR code on page 1 of the PDF (rendered by pdftoppm, read by jsQR); page 1 kept as a PNG. */
export function qrUrlOfPdf(pdf: Buffer, screenshotName: string) {
  const base = join(dir, uniqueId());
  writeFileSync(`${base}.pdf`, pdf);
  execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-singlefile', `${base}.pdf`, base]);
  const shots = join(new URL('..', import.meta.url).pathname, 'screenshots');
  mkdirSync(shots, { recursive: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    `${base}.pdf`,
    join(shots, screenshotName),
  ]);
  const { rgba, width, height } = ppmPixels(readFileSync(`${base}.ppm`));
  return jsQR(rgba, width, height)?.data ?? null;
}
