// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { reportFormSchema } from './report-form-schema';
import { ReportsList } from './reports-list';

cleanupAfterEach();

describe('the security reports list', () => {
  it('says it is loading, then that there is no report yet', async () => {
    stubFetch({ 'GET /api/security-reports': () => ({ body: [], headers: { 'X-Total-Count': '0' } }) });
    renderWithApp(<ReportsList onEdit={() => {}} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Aucun rapport pour le moment : le premier apparaîtra ici.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rapports créés (0)' })).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    stubFetch({
      'GET /api/security-reports': () => ({
        status: 503,
        body: { detail: 'Service momentanément indisponible' },
      }),
    });
    renderWithApp(<ReportsList onEdit={() => {}} />);
    expect(await screen.findByText('Impossible de charger les rapports.')).toBeTruthy();
  });
});

describe('the security report form rules', () => {
  const draft = {
    siteId: '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f',
    periodStart: '2026-11-20',
    periodEnd: '2026-11-27',
    geolocation: '',
    incidents: [],
    interventions: [],
    repairs: '',
    improvements: '',
    observations: '',
    comments: '',
    responsibleName: 'Claire Martin',
  };

  it('accepts a period in order and refuses one that ends before it starts, on the end date', () => {
    expect(reportFormSchema.safeParse(draft).success).toBe(true);
    const reversed = reportFormSchema.safeParse({ ...draft, periodEnd: '2026-11-19' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['periodEnd'],
        message: 'La date de fin doit suivre la date de début',
      }),
    );
  });

  it('asks for the site in French', () => {
    const noSite = reportFormSchema.safeParse({ ...draft, siteId: '' });
    expect(noSite.error?.issues[0]?.message).toBe('Veuillez sélectionner un site');
  });
});
