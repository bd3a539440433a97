// @vitest-environment happy-dom

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@vigie/contract/auth.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch, testUser } from '../../../test/render';
import { UsersPanel } from './users-panel';

cleanupAfterEach();

describe('UsersPanel: the list in each of its states', () => {
  it('says it is loading, then lists the users with their count', async () => {
    let answer: (users: User[]) => void = () => {};
    stubFetch({
      'GET /api/users': () =>
        new Promise((resolve) => {
          answer = (users) => resolve({ body: users });
        }),
    });
    renderWithApp(<UsersPanel />);
    expect(screen.getByRole('status').textContent).toBe('Chargement des utilisateurs…');
    answer([
      testUser(),
      testUser({
        id: '5f1c5a57-8a8e-4b8e-9d55-4d1f0c9f6a02',
        name: 'Karim Haddad',
        email: 'k.haddad@gardiennage-sud.fr',
        role: 'agent',
        isOwner: false,
      }),
    ]);
    expect(await screen.findByText('2 utilisateurs')).toBeTruthy();
    expect(screen.getByText('Claire Martin')).toBeTruthy();
    expect(screen.getByText('k.haddad@gardiennage-sud.fr')).toBeTruthy();
    expect(screen.getByText('Propriétaire')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when there is no user', async () => {
    stubFetch({ 'GET /api/users': () => ({ body: [] }) });
    renderWithApp(<UsersPanel />);
    expect(await screen.findByText('Aucun utilisateur pour le moment.')).toBeTruthy();
  });

  it("shows the server's French refusal and loads again on « Réessayer »", async () => {
    let calls = 0;
    stubFetch({
      'GET /api/users': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 403,
              body: {
                detail: 'Seul un administrateur peut gérer les utilisateurs',
                code: 'users.admin_only',
              },
            }
          : { body: [testUser()] };
      },
    });
    renderWithApp(<UsersPanel />);
    expect(await screen.findByText('Seul un administrateur peut gérer les utilisateurs')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('1 utilisateur')).toBeTruthy();
  });
});

describe('AddUserDialog: validation and server refusals on the fields', () => {
  const openDialog = async () => {
    renderWithApp(<UsersPanel />);
    await screen.findByText('1 utilisateur');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un utilisateur' }));
    return screen.getByRole('dialog');
  };

  it('shows the French validation messages under the fields without calling the server', async () => {
    const api = stubFetch({ 'GET /api/users': () => ({ body: [testUser()] }) });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'pas-une-adresse');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await within(dialog).findByText('Le nom est obligatoire')).toBeTruthy();
    expect(within(dialog).getByText('Adresse e-mail invalide')).toBeTruthy();
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts a taken e-mail (409 users.email_taken) under the e-mail field and focuses it', async () => {
    const api = stubFetch({
      'GET /api/users': () => ({ body: [testUser()] }),
      'POST /api/users': () => ({
        status: 409,
        body: {
          detail: 'Cette adresse e-mail est déjà utilisée par un autre compte',
          code: 'users.email_taken',
        },
      }),
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nom complet'), 'Karim Haddad');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'claire.martin@gardiennage-sud.fr');
    await userEvent.type(within(dialog).getByLabelText('Mot de passe'), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'utilisateur" }));

    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Cette adresse e-mail est déjà utilisée par un autre compte');
    expect(document.activeElement).toBe(email);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      email: 'claire.martin@gardiennage-sud.fr',
    });
  });
});

describe('ResetPasswordDialog: a new password confirmed by the administrator’s own', () => {
  const karim = testUser({
    id: '5f1c5a57-8a8e-4b8e-9d55-4d1f0c9f6a02',
    name: 'Karim Haddad',
    email: 'k.haddad@gardiennage-sud.fr',
    role: 'agent',
    isOwner: false,
  });
  const openDialog = async () => {
    renderWithApp(<UsersPanel />);
    await screen.findByText('2 utilisateurs');
    await userEvent.click(
      screen.getByRole('button', { name: 'Réinitialiser le mot de passe de Karim Haddad' }),
    );
    return screen.getByRole('dialog');
  };

  it('is not offered for the owner, whose password only they change', async () => {
    stubFetch({ 'GET /api/users': () => ({ body: [testUser(), karim] }) });
    renderWithApp(<UsersPanel />);
    await screen.findByText('2 utilisateurs');
    const owner = screen.getByRole('button', { name: 'Réinitialiser le mot de passe de Claire Martin' });
    expect((owner as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the policy and asks for the admin password without calling the server', async () => {
    const api = stubFetch({ 'GET /api/users': () => ({ body: [testUser(), karim] }) });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'court');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(
      await within(dialog).findByText('Le mot de passe doit contenir au moins 8 caractères'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Saisissez votre mot de passe pour confirmer ce changement'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('sends both passwords, and shows a wrong admin password under its field', async () => {
    let answers = 0;
    const api = stubFetch({
      'GET /api/users': () => ({ body: [testUser(), karim] }),
      [`PATCH /api/users/${karim.id}`]: () =>
        ++answers === 1
          ? {
              status: 422,
              body: {
                detail: [
                  {
                    loc: ['body', 'adminPassword'],
                    msg: 'Votre mot de passe est incorrect',
                    type: 'users.admin_password',
                  },
                ],
              },
            }
          : { body: karim },
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'nouveau-depart-7');
    await userEvent.type(within(dialog).getByLabelText('Votre mot de passe'), 'pas-le-bon');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    const admin = within(dialog).getByLabelText('Votre mot de passe');
    await waitFor(() => expect(admin.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Votre mot de passe est incorrect')).toBeTruthy();
    await userEvent.clear(admin);
    await userEvent.type(admin, 'le-bon-mot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { password: 'nouveau-depart-7', adminPassword: 'pas-le-bon' },
      { password: 'nouveau-depart-7', adminPassword: 'le-bon-mot' },
    ]);
  });
});
