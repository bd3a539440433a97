// Helpers of the Paramètres spec: a QR code read back from a screenshot (sharp → raw RGBA → jsQR),
// the authenticator app's codes (the server's own RFC 6238 code, computed here), the tabs of the
// page, signing out and the password step of the login, a small logo made for the upload, and the
// screenshots of a screen (or of an open dialog) at 1440 and 375 px with their axe-core scan.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { stepAt, totpAt } from '../../apps/server/src/modules/auth/totp';
import { dismissToasts, expectNoSeriousA11y } from './a11y';
import { screenshot, viewports } from './browser';

/** The text of the QR code in a PNG, as a phone's camera would read it, or null. */
export async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  return decoded?.data ?? null;
}

/** A screenshot of the element (the QR image as the page shows it), read as a QR code. */
export async function qrOfElement(element: Locator) {
  const png = await element.screenshot({ animations: 'disabled' });
  return readQr(png);
}

/** What the authenticator app shows now, and the 30-second step it belongs to. */
export function codeNow(secret: string) {
  const now = Date.now();
  return { code: totpAt(secret, now), step: stepAt(now) };
}

/**
 * A code of a step later than `usedStep`: the server accepts a step once (a replayed code is
 * refused), so this waits for the next 30-second step when `usedStep` is still the current one.
 * Returns how long it waited, for the report.
 */
export async function codeAfter(secret: string, usedStep: number) {
  const started = Date.now();
  while (stepAt(Date.now()) <= usedStep) await new Promise((r) => setTimeout(r, 250));
  return { ...codeNow(secret), waitedMs: Date.now() - started };
}

/** Opens a tab of Paramètres by its test id (`settings-tab-<name>`) and waits until it is selected. */
export async function openSettingsTab(page: Page, name: string) {
  const tab = page.getByTestId(`settings-tab-${name}`);
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  expect(new URL(page.url()).searchParams.get('tab')).toBe(name);
  return page.getByRole('tabpanel');
}

/** No spinner left in the open tab: every section of it has loaded. */
export async function tabLoaded(page: Page) {
  await expect
    .poll(() => page.getByRole('tabpanel').locator('[role="status"]').count(), { timeout: 10_000 })
    .toBe(0);
}

/** 'Se déconnecter' in the user menu. */
export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await page.waitForURL('**/login');
}

/** The login's first step: e-mail and password, then 'Connexion'. */
export async function passwordStep(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mot de passe').fill(who.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
}

/** A small PNG logo (a navy banner with the company's initials), made with sharp from an SVG. */
export function logoPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120">
    <rect width="360" height="120" rx="16" fill="#1e3a8a"/>
    <circle cx="60" cy="60" r="36" fill="#f59e0b"/>
    <text x="120" y="78" font-family="DejaVu Sans" font-size="48" font-weight="bold" fill="#ffffff">SÉCU</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A toast by its title. */
export const toastTitled = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title });

// Injected through the DevTools protocol, as in browser.ts: the page's CSP refuses script tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core violations inside an element (an open dialog: the page behind it
 * is inert and dimmed, and is scanned on its own when no dialog covers it).
 */
async function seriousViolationsIn(element: Locator) {
  await element.page().evaluate(axeSource);
  const violations = await element.evaluate(async (root) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time.
    const axe = (window as any).axe;
    const results = await axe.run(root, { resultTypes: ['violations'] });
    return results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

const pageFits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/**
 * Screenshots `<name>-desktop` (1440 px) and `<name>-phone` (375 px) of the screen as it stands:
 * at each width nothing scrolls sideways (the page, and the dialog if one is open) and axe-core
 * finds no serious or critical violation (in the dialog when one is open). Toasts are closed first
 * so that they hide nothing; `show` (e.g. the selected tab of a list that scrolls sideways on a
 * phone) is brought into view before the shot.
 */
export async function shootBothWidths(
  page: Page,
  name: string,
  { dialog, show }: { dialog?: Locator; show?: Locator } = {},
) {
  const before = page.viewportSize();
  for (const [suffix, size] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    expect(await pageFits(page), `${name}-${suffix}: the page scrolls sideways`).toBe(true);
    if (dialog) {
      expect(
        await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
        `${name}-${suffix}: the dialog scrolls sideways`,
      ).toBe(true);
      await dismissToasts(page);
      expect(await seriousViolationsIn(dialog)).toEqual([]);
      await dialog.evaluate((el) => el.scrollTo(0, 0));
    } else {
      await expectNoSeriousA11y(page);
    }
    await show?.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    await screenshot(page, `${name}-${suffix}`, { fullPage: !dialog });
  }
  if (before) await page.setViewportSize(before);
}

/** Waits until a toast has finished sliding in (for a screenshot that shows it). */
export async function toastShown(toast: Locator) {
  await toast.waitFor();
  await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}
