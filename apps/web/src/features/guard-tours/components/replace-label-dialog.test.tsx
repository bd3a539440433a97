// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tour } from '@vigie/contract/guard-tours.contract';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { ReplaceLabelDialog } from './replace-label-dialog';

cleanupAfterEach();

const tourId = '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f';
const checkpoint = (n: number, kind: 'qr' | 'nfc', name: string) => ({
  id: `1b2c3d4e-0000-4000-8000-00000000000${n}`,
  position: n,
  name,
  instructions: null,
  kind,
  nfcUid: kind === 'nfc' ? '04A1B2C3' : null,
  nfcHint: kind === 'nfc' ? '3f2a' : null,
  labelVersion: 1,
  code: kind === 'qr' ? `v1.${n}` : null,
});
const tour: Tour = {
  id: tourId,
  siteId: '0b5e7a55-2f35-4f3f-8f6a-3f4b8c0a1d22',
  siteName: 'Entrepôt Nord',
  name: 'Ronde de nuit',
  expectedMinutes: 30,
  orderMode: 'fixed',
  schedule: null,
  checkpoints: [
    checkpoint(0, 'qr', 'Poste de garde'),
    checkpoint(1, 'nfc', 'Quai 3'),
    checkpoint(2, 'qr', 'Parking'),
  ],
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

describe('ReplaceLabelDialog (guard tours)', () => {
  it('lists the QR checkpoints, asks twice, replaces one label and then offers the sheet to print', async () => {
    const path = `/api/tours/${tourId}/checkpoints/${checkpoint(2, 'qr', '').id}/regenerate`;
    const api = stubFetch({ [`POST ${path}`]: () => ({ body: tour }) });
    const onPrint = vi.fn();
    renderWithApp(<ReplaceLabelDialog tour={tour} open onOpenChange={() => {}} onPrint={onPrint} />);
    // The NFC tag has no label to replace.
    expect(screen.queryByText(/Quai 3/)).toBeNull();
    expect(screen.getByText('1. Poste de garde')).toBeTruthy();
    const print = screen.getByRole('button', { name: 'Imprimer les étiquettes' }) as HTMLButtonElement;
    expect(print.disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: "Remplacer l'étiquette de « Parking »" }));
    // Asked first: nothing sent yet, and « Annuler » goes back.
    expect(api.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('button', { name: 'Confirmer le remplacement' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: "Remplacer l'étiquette de « Parking »" }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le remplacement' }));
    await screen.findByText('Remplacée : à imprimer');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${path}`]);
    await waitFor(() => expect(print.disabled).toBe(false));
    await userEvent.click(print);
    expect(onPrint).toHaveBeenCalledWith(tour);
  });

  it('keeps the label when the server refuses, and says nothing was replaced', async () => {
    const path = `/api/tours/${tourId}/checkpoints/${checkpoint(0, 'qr', '').id}/regenerate`;
    stubFetch({
      [`POST ${path}`]: () => ({ status: 404, body: { detail: 'Point de contrôle introuvable' } }),
    });
    renderWithApp(<ReplaceLabelDialog tour={tour} open onOpenChange={() => {}} onPrint={() => {}} />);
    await userEvent.click(
      screen.getByRole('button', { name: "Remplacer l'étiquette de « Poste de garde »" }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le remplacement' }));
    // Still asking (the user can retry or cancel); no label marked replaced.
    await screen.findByRole('button', { name: 'Confirmer le remplacement' });
    expect(screen.queryByText('Remplacée : à imprimer')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Imprimer les étiquettes' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
