// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../test/render';
import RegisterCompanyPage from './register-company-page';

cleanupAfterEach();

const fill = async () => {
  await userEvent.type(screen.getByLabelText('Nom de la société'), 'Gardiennage Sud');
  await userEvent.type(screen.getByLabelText('Email de la société'), 'contact@gardiennage-sud.fr');
  await userEvent.type(screen.getByLabelText('Nom complet'), 'Claire Martin');
  await userEvent.type(screen.getByLabelText('Email'), 'claire.martin@gardiennage-sud.fr');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'Vigie-2026-sud!');
  await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'Vigie-2026-sud!');
};

describe('company registration', () => {
  it('shows the French messages of the contract under the fields, focusing the first', async () => {
    const api = stubFetch({});
    renderWithApp(<RegisterCompanyPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'claire');
    await userEvent.click(screen.getByRole('button', { name: 'Créer ma société' }));
    expect(await screen.findByText('Le nom de la société est obligatoire')).toBeTruthy();
    expect(screen.getByText('Adresse e-mail invalide')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nom de la société'));
    expect(api.calls).toHaveLength(0);
  });

  it("puts an administrator e-mail already in use under the administrator's e-mail", async () => {
    stubFetch({
      'POST /api/auth/register': () => ({
        status: 409,
        body: {
          detail: 'Cette adresse e-mail est déjà utilisée par un autre compte',
          code: 'users.email_taken',
        },
      }),
    });
    renderWithApp(<RegisterCompanyPage />, { path: '/register' });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Créer ma société' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Cette adresse e-mail est déjà utilisée par un autre compte',
    );
    expect(document.activeElement).toBe(email);
    // The company's own e-mail is not blamed.
    expect(screen.getByLabelText('Email de la société').getAttribute('aria-invalid')).toBeNull();
  });
});
