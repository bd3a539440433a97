// Chromium from Debian driven by playwright-core (no browser download exists here), plus the
// helpers every spec uses: screenshots to an ignored folder and an axe-core scan.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** `extraArgs`: more Chromium flags, e.g. a fake camera playing a file for the kiosk spec. */
export const launchBrowser = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
    // Native date and time inputs speak the browser's language, taken from LANG (with Debian's
    // chromium-l10n installed; without it they stay in English): French, as our users see them.
    env: { ...process.env, LANG: 'fr_FR.UTF-8' },
  });

export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

export async function newContext(
  browser: Browser,
  viewport: keyof typeof viewports = 'desktop',
  /** Extra options, e.g. a geolocation and its permission for a phone that clocks in. */
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: viewports[viewport],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    ...options,
  });
}

const shotsDir = join(new URL('..', import.meta.url).pathname, 'screenshots');

/**
 * The whole page, or only the viewport (a dialog: the page behind it would show undimmed below).
 * `maxHeight` keeps the top of a very long page: a phone's list of 500 cards is no picture to look at.
 */
export async function screenshot(page: Page, name: string, { fullPage = true, maxHeight = 0 } = {}) {
  mkdirSync(shotsDir, { recursive: true });
  const path = join(shotsDir, `${name}.png`);
  const width = page.viewportSize()?.width ?? 1440;
  if (fullPage && maxHeight > 0) {
    const height = Math.min(maxHeight, await page.evaluate(() => document.documentElement.scrollHeight));
    await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, width, height } });
  } else {
    await page.screenshot({ path, fullPage });
  }
}

// Injected through the DevTools protocol: the page's strict CSP (rightly) refuses script tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page; returns serious and critical violations (ids and targets). */
export async function seriousA11yViolations(page: Page) {
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time.
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

/** Collects console errors and CSP violations so a spec can assert the page ran cleanly. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
