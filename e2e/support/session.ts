import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Signs in through the login page and waits for the user's home: the dashboard, or for a field
 * agent the agent space. An agent passes through /dashboard on the way, so waiting for /dashboard
 * alone could start after that moment and wait forever.
 */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  await page.waitForURL(/\/(dashboard|agent)$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
}
