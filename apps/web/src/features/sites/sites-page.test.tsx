// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Site } from '@vigie/contract/sites.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../test/render';
import SitesPage from './sites-page';

cleanupAfterEach();

const site = (name: string, address: string, id: string): Site => ({
  id,
  name,
  address,
  type: 'commercial',
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  status: 'active',
  camerasCount: 2,
  alarmsCount: 0,
  latitude: null,
  longitude: null,
  geofenceRadiusM: 200,
  requiredQualifications: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
});

describe('the sites list in each of its states', () => {
  it('loads, then shows the sites and their count', async () => {
    let answer: (sites: Site[]) => void = () => {};
    stubFetch({ 'GET /api/sites': () => new Promise((resolve) => (answer = (body) => resolve({ body }))) });
    renderWithApp(<SitesPage />);
    expect(screen.getByText('Chargement des sites…')).toBeTruthy();
    answer([
      site('Entrepôt Nord', '12 rue des Docks, 59000 Lille', '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e51'),
      site('Résidence Les Pins', '4 allée des Pins, 13008 Marseille', '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e52'),
    ]);
    expect(await screen.findByText('2 sites')).toBeTruthy();
    expect(screen.getByText('Entrepôt Nord')).toBeTruthy();
    expect(screen.getByText('Résidence Les Pins')).toBeTruthy();
    expect(screen.queryByText('Chargement des sites…')).toBeNull();
  });

  it('invites an administrator to create the first site, and searches on the server', async () => {
    signIn();
    const api = stubFetch({ 'GET /api/sites': () => ({ body: [] }) });
    renderWithApp(<SitesPage />);
    expect(await screen.findByText('Aucun site trouvé')).toBeTruthy();
    expect(screen.getByText('Créez votre premier site avec « Nouveau site ».')).toBeTruthy();

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Rechercher un site par nom ou adresse' }),
      'Lyon',
    );
    expect(await screen.findByText('Essayez une autre recherche.')).toBeTruthy();
    const searched = api.fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    expect(searched.some((u) => u.pathname === '/api/sites' && u.searchParams.get('search') === 'Lyon')).toBe(
      true,
    );
  });

  it('says the list could not be loaded and loads it again on « Réessayer »', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/sites': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 503,
              body: {
                detail: 'Service momentanément indisponible, veuillez réessayer dans quelques instants',
              },
            }
          : {
              body: [
                site(
                  'Entrepôt Nord',
                  '12 rue des Docks, 59000 Lille',
                  '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e51',
                ),
              ],
            };
      },
    });
    renderWithApp(<SitesPage />);
    expect(await screen.findByText('Impossible de charger les sites')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('1 site')).toBeTruthy();
  });
});
