// Issue 29, finding 7, in Chromium: on the users screen, an administrator resets a user's password
// and lowers a role only with their own password; the user's sessions end; the owner's password
// is not offered to be reset.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11y } from '../support/a11y';
import { api, type RegisteredCompany, registerViaApi, uniqueId } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';

describe('users screen: changes confirmed by the administrator’s password', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  beforeAll(async () => {
    browser = await launchBrowser();
    company = await registerViaApi('Comptes');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('resets a password and lowers a role with the admin password; the user is signed out', async () => {
    const operator = {
      name: 'Bruno Martin',
      email: `bruno-${uniqueId()}@exemple.fr`,
      password: 'essai-vigie-1',
    };
    const created = await api('POST', '/api/users', { ...operator, role: 'operator' }, company.token);
    expect(created.status).toBe(201);
    const signedIn = await api<{ access_token: string }>('POST', '/api/auth/login', {
      email: operator.email,
      password: operator.password,
    });
    const operatorToken = signedIn.body.access_token;

    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
    await page.goto('/dashboard/settings');
    await page.getByText(operator.email).waitFor();

    // The owner's own row offers no reset.
    expect(
      await page
        .getByRole('button', { name: `Réinitialiser le mot de passe de ${company.ownerName}` })
        .isDisabled(),
    ).toBe(true);

    // Reset: the policy first, then a wrong admin password, then the right one.
    await page.getByRole('button', { name: `Réinitialiser le mot de passe de ${operator.name}` }).click();
    const reset = page.getByRole('dialog', { name: 'Réinitialiser le mot de passe' });
    await reset.waitFor();
    await reset.getByLabel('Nouveau mot de passe').fill('password');
    await reset.getByLabel('Votre mot de passe').fill('pas-le-bon-mot');
    await reset.getByRole('button', { name: 'Réinitialiser' }).click();
    await reset.getByText('Ce mot de passe fait partie des plus courants : choisissez-en un autre').waitFor();
    await reset.getByLabel('Nouveau mot de passe').fill('nouveau-depart-7');
    await reset.getByRole('button', { name: 'Réinitialiser' }).click();
    await reset.getByText('Votre mot de passe est incorrect').waitFor();
    await screenshot(page, 'users-reset-password-refused');
    await expectNoSeriousA11y(page);
    await reset.getByLabel('Votre mot de passe').fill(company.password);
    await reset.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByText('Mot de passe réinitialisé').waitFor();
    await reset.waitFor({ state: 'hidden' });
    expect((await api('GET', '/api/auth/me', undefined, operatorToken)).status).toBe(401);
    const again = await api<{ access_token: string }>('POST', '/api/auth/login', {
      email: operator.email,
      password: 'nouveau-depart-7',
    });
    expect(again.status).toBe(200);

    // Lowering the role asks for the admin password too, then ends the new session.
    await page.getByRole('combobox', { name: new RegExp(`^Rôle d.*${operator.name}`) }).click();
    await page.getByRole('option', { name: 'Agent' }).click();
    const lower = page.getByRole('dialog', { name: `Rétrograder ${operator.name} ?` });
    await lower.waitFor();
    await lower.getByRole('button', { name: 'Changer le rôle' }).click();
    await lower.getByText('Saisissez votre mot de passe pour confirmer ce changement').waitFor();
    await screenshot(page, 'users-lower-role-confirm');
    await expectNoSeriousA11y(page);
    await lower.getByLabel('Votre mot de passe').fill(company.password);
    await lower.getByRole('button', { name: 'Changer le rôle' }).click();
    await page.getByText('Rôle mis à jour').waitFor();
    await lower.waitFor({ state: 'hidden' });
    const me = await api('GET', '/api/auth/me', undefined, again.body.access_token);
    expect(me.status).toBe(401);
    const users = await api<{ email: string; role: string }[]>('GET', '/api/users', undefined, company.token);
    expect(users.body.find((u) => u.email === operator.email)?.role).toBe('agent');

    // The refusals above are answers the screen shows (422), which Chromium also logs.
    expect(consoleErrors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await context.close();
  });
});
