// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Site } from '@vigie/contract/sites.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { SiteFormDialog } from './site-form-dialog';

cleanupAfterEach();

const entrepot: Site = {
  id: '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f',
  name: 'Entrepôt Nord',
  address: '12 rue des Docks, 59000 Lille',
  type: 'industriel',
  contactName: 'Paul Lefebvre',
  contactPhone: '03 20 00 00 00',
  contactEmail: null,
  status: 'active',
  camerasCount: 3,
  alarmsCount: 0,
  latitude: 50.63,
  longitude: 3.06,
  geofenceRadiusM: 200,
  requiredQualifications: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

describe('SiteFormDialog', () => {
  it("builds its sentence around the site's name with the elision: « d'Entrepôt Nord »", () => {
    stubFetch({});
    renderWithApp(<SiteFormDialog open onOpenChange={() => {}} site={entrepot} />);
    const dialog = screen.getByRole('dialog', { name: 'Modifier le site' });
    expect(within(dialog).getByText("Modifiez les informations d'Entrepôt Nord.")).toBeTruthy();
    expect(within(dialog).getByLabelText('Nom du site')).toHaveProperty('value', 'Entrepôt Nord');
  });

  it('refuses an empty name in French before calling the server', async () => {
    const api = stubFetch({});
    renderWithApp(<SiteFormDialog open onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Créer le site' }));
    expect(await screen.findByText('Le nom du site est obligatoire')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's 422 on the field it names (the address) and focuses it", async () => {
    stubFetch({
      'PATCH /api/sites/6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f': () => ({
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'address'], msg: "L'adresse contient un caractère non autorisé", type: 'custom' },
          ],
        },
      }),
    });
    renderWithApp(<SiteFormDialog open onOpenChange={() => {}} site={entrepot} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const address = screen.getByLabelText('Adresse');
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('site-address-error')?.textContent).toBe(
      "L'adresse contient un caractère non autorisé",
    );
    expect(document.activeElement).toBe(address);
  });
});
