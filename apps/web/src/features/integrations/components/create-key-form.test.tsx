// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { CreateKeyForm } from './create-key-form';

cleanupAfterEach();

describe('CreateKeyForm (integration keys)', () => {
  it('asks for a name before calling the server', async () => {
    const api = stubFetch({});
    renderWithApp(<CreateKeyForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Créer une clé' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le nom de la clé est obligatoire');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the new key once, in its own dialog', async () => {
    stubFetch({
      'POST /api/integrations/keys': ({ body }) => ({
        status: 201,
        body: {
          id: '3d8f6a2e-1b4c-4d5e-9f0a-1b2c3d4e5f60',
          name: (body as { name: string }).name,
          key: 'vk_live_0123456789abcdef',
        },
      }),
    });
    renderWithApp(<CreateKeyForm />);
    await userEvent.type(screen.getByLabelText('Nom de la clé'), 'Centrale Ajax — Entrepôt Nord');
    await userEvent.click(screen.getByRole('button', { name: 'Créer une clé' }));
    const dialog = await screen.findByRole('dialog', { name: "Clé d'intégration créée" });
    expect(dialog.textContent).toContain('Clé « Centrale Ajax — Entrepôt Nord »');
    expect(screen.getByLabelText("Clé d'intégration")).toHaveProperty('value', 'vk_live_0123456789abcdef');
  });

  it("puts the server's refusal of the name under the field and focuses it", async () => {
    stubFetch({
      'POST /api/integrations/keys': () => ({
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'name'],
              msg: 'Le nom de la clé contient un caractère non autorisé',
              type: 'custom',
            },
          ],
        },
      }),
    });
    renderWithApp(<CreateKeyForm />);
    await userEvent.type(screen.getByLabelText('Nom de la clé'), 'Centrale');
    await userEvent.click(screen.getByRole('button', { name: 'Créer une clé' }));
    const input = screen.getByLabelText('Nom de la clé');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(document.getElementById('integration-key-name-error')?.textContent).toBe(
      'Le nom de la clé contient un caractère non autorisé',
    );
  });
});
