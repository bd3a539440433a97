// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { BadgeFormDialog } from './badge-form-dialog';

cleanupAfterEach();

describe('BadgeFormDialog', () => {
  it('puts a badge number already given (409 badges.number_taken) under the number', async () => {
    const api = stubFetch({
      'GET /api/access/points': () => ({ body: [] }),
      'GET /api/sites': () => ({ body: [] }),
      'POST /api/access/badges': () => ({
        status: 409,
        body: { detail: 'Ce numéro de badge est déjà attribué', code: 'badges.number_taken' },
      }),
    });
    renderWithApp(<BadgeFormDialog open onOpenChange={() => {}} />);
    await userEvent.type(screen.getByLabelText('Numéro de badge'), 'B-0042');
    await userEvent.type(screen.getByLabelText('Nom du titulaire'), 'Nadia Benali');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le badge' }));

    const number = screen.getByLabelText('Numéro de badge');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('badge-badgeId-error')?.textContent).toBe(
      'Ce numéro de badge est déjà attribué',
    );
    expect(document.activeElement).toBe(number);
    expect(screen.getByLabelText('Nom du titulaire').getAttribute('aria-invalid')).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      badgeId: 'B-0042',
      holderName: 'Nadia Benali',
    });
  });
});
