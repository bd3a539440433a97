import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousA11yViolations } from './browser';

/**
 * Sonner fades the toasts stacked behind the newest one (a deliberate visual effect that axe reads
 * as low contrast): close them all before a scan. Live events may bring a new toast while others
 * close, so keep closing until none is left.
 */
export async function dismissToasts(page: Page) {
  const closeAll = () =>
    page.evaluate(() => {
      for (const button of document.querySelectorAll<HTMLButtonElement>(
        '[data-sonner-toast] [data-close-button]',
      ))
        button.click();
    });
  await expect
    .poll(
      async () => {
        await closeAll();
        return page.locator('[data-sonner-toast]').count();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(0);
}

/** No serious or critical axe-core violation on the page as it stands (toasts closed first). */
export async function expectNoSeriousA11y(page: Page) {
  await dismissToasts(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
}
