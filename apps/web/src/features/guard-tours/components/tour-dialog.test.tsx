// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { TourDialog } from './tour-dialog';

cleanupAfterEach();

const sites = [{ id: '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f', name: 'Entrepôt Nord' }];

describe('TourDialog (guard tours)', () => {
  it('asks for the site and the names in French before calling the server', async () => {
    const api = stubFetch({ 'GET /api/sites': () => ({ body: sites }) });
    renderWithApp(<TourDialog tour={null} open onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Veuillez sélectionner un site')).toBeTruthy();
    expect(screen.getByText('Le nom de la ronde est obligatoire')).toBeTruthy();
    expect(screen.getByText('Le nom du point de contrôle est obligatoire')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("puts the server's refusal of a checkpoint under that checkpoint and focuses it", async () => {
    stubFetch({
      'GET /api/sites': () => ({ body: sites }),
      'POST /api/tours': () => ({
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'checkpoints', 0, 'name'],
              msg: 'Le nom du point de contrôle contient un caractère non autorisé',
              type: 'custom',
            },
          ],
        },
      }),
    });
    renderWithApp(<TourDialog tour={null} open onOpenChange={() => {}} />);
    await screen.findByRole('option', { name: 'Entrepôt Nord' });
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'Entrepôt Nord');
    await userEvent.type(screen.getByLabelText('Nom de la ronde'), 'Ronde de nuit');
    await userEvent.type(screen.getByLabelText('Nom'), 'Quai 3');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const checkpoint = screen.getByLabelText('Nom');
    await waitFor(() => expect(document.activeElement).toBe(checkpoint));
    expect(screen.getByText('Le nom du point de contrôle contient un caractère non autorisé')).toBeTruthy();
  });
});
