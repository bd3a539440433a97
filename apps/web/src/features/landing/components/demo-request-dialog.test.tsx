// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import DemoRequestDialog from './demo-request-dialog';

cleanupAfterEach();

describe('the demo request form', () => {
  it('lists what is missing in French, field by field', async () => {
    const api = stubFetch({});
    renderWithApp(<DemoRequestDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await within(dialog).findByText('Le prénom est obligatoire')).toBeTruthy();
    expect(within(dialog).getByText('Le nom est obligatoire')).toBeTruthy();
    expect(within(dialog).getByText('La société est obligatoire')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the request and closes', async () => {
    const closed: boolean[] = [];
    const api = stubFetch({
      'POST /api/demo-requests': () => ({
        status: 201,
        body: { id: '9b2f1c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d' },
      }),
    });
    renderWithApp(<DemoRequestDialog open onOpenChange={(open) => closed.push(open)} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Prénom'), 'Sophie');
    await userEvent.type(within(dialog).getByLabelText('Nom'), 'Garnier');
    await userEvent.type(
      within(dialog).getByLabelText('Email professionnel'),
      'sophie.garnier@securite-ouest.fr',
    );
    await userEvent.type(within(dialog).getByLabelText('Société'), 'Sécurité Ouest');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    await waitFor(() => expect(closed).toEqual([false]));
    expect(api.calls[0]?.body).toMatchObject({
      firstName: 'Sophie',
      company: 'Sécurité Ouest',
      siteCount: '1-10',
    });
  });
});
