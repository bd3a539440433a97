// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { RadioFormDialog } from './radio-form-dialog';

cleanupAfterEach();

describe('RadioFormDialog', () => {
  it('checks the IMEI in French before calling the server', async () => {
    const api = stubFetch({ 'GET /api/agents': () => ({ body: [] }) });
    renderWithApp(<RadioFormDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Identifiant radio (IMEI)'), '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la radio' }));
    expect(await within(dialog).findByText("L'IMEI doit compter 15 chiffres")).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts an IMEI already registered (409 radios.imei_taken) under the IMEI field', async () => {
    stubFetch({
      'GET /api/agents': () => ({ body: [] }),
      'POST /api/radio/radios/': () => ({
        status: 409,
        body: { detail: 'Cette radio (IMEI) est déjà enregistrée', code: 'radios.imei_taken' },
      }),
    });
    renderWithApp(<RadioFormDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Identifiant radio (IMEI)'), '490154203237518');
    await userEvent.type(within(dialog).getByLabelText('Numéro de série'), 'MTP3550-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la radio' }));
    const imei = within(dialog).getByLabelText('Identifiant radio (IMEI)');
    await waitFor(() => expect(imei.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Cette radio (IMEI) est déjà enregistrée')).toBeTruthy();
    expect(document.activeElement).toBe(imei);
  });
});
