// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultAlarmResponses,
  defaultResponseTargets,
  type SiteInstructions,
} from '@vigie/contract/site-instructions.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../../test/render';
import { SiteInstructionsTab } from './site-instructions-tab';

cleanupAfterEach();

const siteId = '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f';
const path = `/api/sites/${siteId}/instructions`;
const defaults: SiteInstructions = {
  siteId,
  contacts: [],
  steps: [],
  alarmResponses: defaultAlarmResponses,
  responseTargets: defaultResponseTargets,
  passwordsHidden: false,
  updatedAt: null,
};
const saved: SiteInstructions = {
  ...defaults,
  contacts: [
    {
      id: '1b0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f',
      name: 'Marc Lefèvre',
      role: 'Directeur',
      phones: ['06 12 34 56 78'],
      password: 'Tournesol',
      availability: null,
    },
  ],
  steps: [
    { id: '2b0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f', text: 'Consulter les caméras' },
    { id: '3b0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f', text: 'Appeler le directeur' },
  ],
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('SiteInstructionsTab', () => {
  it("hides the callers' passwords from agents and offers them no edit", async () => {
    signIn({ role: 'agent' });
    stubFetch({
      [`GET ${path}`]: () => ({
        body: { ...saved, passwordsHidden: true, contacts: [{ ...saved.contacts[0], password: null }] },
      }),
    });
    renderWithApp(<SiteInstructionsTab siteId={siteId} />);
    expect(await screen.findByText('Marc Lefèvre')).toBeTruthy();
    expect(screen.getByText('Mot de passe réservé aux opérateurs')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modifier les consignes' })).toBeNull();
  });

  it('says when the defaults apply (nothing saved yet)', async () => {
    signIn({ role: 'admin' });
    stubFetch({ [`GET ${path}`]: () => ({ body: defaults }) });
    renderWithApp(<SiteInstructionsTab siteId={siteId} />);
    expect(
      await screen.findByText('Aucune consigne enregistrée : les réglages par défaut s’appliquent.'),
    ).toBeTruthy();
    expect(screen.getByText('Aucun contact à appeler.')).toBeTruthy();
    expect(screen.getByText('Acceptation : 60 s')).toBeTruthy();
    expect(screen.getByText('Sur place : 15 min')).toBeTruthy();
  });

  it('lets an operator reorder the steps, add a contact and save the whole document', async () => {
    signIn({ role: 'operator' });
    const api = stubFetch({
      [`GET ${path}`]: () => ({ body: saved }),
      // The server gives the new rows their ids.
      [`PUT ${path}`]: ({ body }) => {
        const b = body as SiteInstructions;
        return {
          body: {
            ...saved,
            ...b,
            contacts: b.contacts.map((c, i) => ({
              ...c,
              id: c.id ?? `9b0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5${i}`,
            })),
            updatedAt: '2026-11-21T10:00:00.000Z',
          },
        };
      },
    });
    renderWithApp(<SiteInstructionsTab siteId={siteId} />);
    expect(await screen.findByText('Mot de passe :')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Modifier les consignes' }));
    const form = screen.getByRole('form', { name: 'Modifier les consignes' });

    await userEvent.click(within(form).getByRole('button', { name: "Descendre l'étape 1" }));
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter un contact' }));
    await userEvent.type(within(form).getByLabelText('Téléphone 1 du contact 2'), 'pas un numéro');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer les consignes' }));
    // Refused in French before the server is asked: the name is missing and the phone is invalid.
    expect(await within(form).findByText('Le nom du contact est obligatoire')).toBeTruthy();
    expect(within(form).getByText('Numéro de téléphone invalide')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(document.getElementById('contact-1-name') as HTMLElement, 'Julie Morel');
    const phone = within(form).getByLabelText('Téléphone 1 du contact 2');
    await userEvent.clear(phone);
    await userEvent.type(phone, '06 98 76 54 32');
    await userEvent.selectOptions(within(form).getByLabelText('Incendie'), 'active');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer les consignes' }));

    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = api.calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.steps).toEqual([saved.steps[1], saved.steps[0]]);
    expect(body.contacts).toEqual([
      {
        id: saved.contacts[0]?.id,
        name: 'Marc Lefèvre',
        role: 'Directeur',
        phones: ['06 12 34 56 78'],
        password: 'Tournesol',
        availability: null,
      },
      { name: 'Julie Morel', role: null, phones: ['06 98 76 54 32'], password: null, availability: null },
    ]);
    expect((body.alarmResponses as Record<string, string>).fire).toBe('active');
    // Back to the read view with what was saved.
    expect(await screen.findByText('Julie Morel')).toBeTruthy();
  });
});
