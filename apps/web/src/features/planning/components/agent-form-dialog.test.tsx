// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { AgentFormDialog } from './agent-form-dialog';

cleanupAfterEach();

describe('AgentFormDialog', () => {
  it('puts a matricule already given to another agent (409 agents.badge_taken) under « Matricule »', async () => {
    const api = stubFetch({
      'GET /api/sites': () => ({ body: [] }),
      'POST /api/agents': () => ({
        status: 409,
        body: { detail: 'Ce matricule est déjà attribué à un autre agent', code: 'agents.badge_taken' },
      }),
    });
    renderWithApp(<AgentFormDialog open onOpenChange={() => {}} today="2026-11-27" isAdmin={false} />);
    const dialog = screen.getByRole('dialog', { name: 'Nouvel agent' });
    await userEvent.type(within(dialog).getByLabelText('Nom complet'), 'Karim Haddad');
    await userEvent.type(within(dialog).getByLabelText('Matricule'), 'AG-017');
    await userEvent.type(within(dialog).getByLabelText('Téléphone'), '06 12 34 56 78');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'k.haddad@gardiennage-sud.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: "Ajouter l'agent" }));

    const badge = within(dialog).getByLabelText('Matricule');
    await waitFor(() => expect(badge.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('agent-badge-error')?.textContent).toBe(
      'Ce matricule est déjà attribué à un autre agent',
    );
    expect(document.activeElement).toBe(badge);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ badge: 'AG-017', userId: null });
  });
});
