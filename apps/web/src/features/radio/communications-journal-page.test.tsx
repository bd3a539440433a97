// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel } from '@vigie/contract/radio.contract';
import type { Communication } from '@vigie/contract/radio-traffic.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../test/render';
import CommunicationsJournalPage from './communications-journal-page';

cleanupAfterEach();

const concordeId = '7d0c3a1e-5b8f-4c2a-9e61-0a4b2c3d4e51';
const accueilId = '7d0c3a1e-5b8f-4c2a-9e61-0a4b2c3d4e52';

const channel = (id: string, name: string): Channel => ({
  id,
  name,
  type: 'site',
  description: null,
  priority: 1,
  activeMembers: 0,
  memberCount: 0,
  members: [],
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
});

/** The n-th transmission of the day, newest first: n minutes before 14:00 (Paris). */
const communication = (n: number): Communication => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  fromAgentName: `Agent ${n}`,
  channelId: concordeId,
  channelName: 'Site Concorde',
  radioId: null,
  source: 'device',
  timestamp: new Date(Date.UTC(2026, 2, 10, 13, 0 - n)).toISOString(),
  durationMs: 3200,
  transcript: `Ronde ${n} terminée, rien à signaler`,
  transcriptStatus: 'done',
  emergencyDetected: false,
  aiAnalysis: null,
  hasAudio: false,
});

const firstPage = Array.from({ length: 50 }, (_, i) => communication(i + 1));
const secondPage = Array.from({ length: 7 }, (_, i) => communication(i + 51));
const CURSOR = 'curseur-opaque-page-2';

/** The journal's server: 57 transmissions in two pages, and the last query's parameters. */
function serveJournal() {
  const queries: URLSearchParams[] = [];
  const api = stubFetch({
    'GET /api/radio/channels/': () => ({
      body: [channel(concordeId, 'Site Concorde'), channel(accueilId, 'Accueil')],
    }),
    'GET /api/radio/communications/': ({ url }) => {
      queries.push(url.searchParams);
      const headers = { 'X-Total-Count': '57' };
      if (url.searchParams.get('cursor') === CURSOR) return { body: secondPage, headers };
      return {
        body: firstPage,
        headers: { ...headers, Link: `</api/radio/communications/?limit=50&cursor=${CURSOR}>; rel="next"` },
      };
    },
  });
  return { api, queries };
}

const rows = () => screen.getAllByTestId('communication-item');

describe('CommunicationsJournalPage', () => {
  it('lists 50 transmissions, then appends the next 50 with « Charger plus » until the end', async () => {
    signIn();
    const { queries } = serveJournal();
    renderWithApp(<CommunicationsJournalPage />, { path: '/dashboard/radio/journal' });

    expect(await screen.findByText('50 communications affichées sur 57')).toBeTruthy();
    expect(rows()).toHaveLength(50);
    expect(rows()[0]?.textContent).toContain('Agent 1');
    expect(rows()[0]?.textContent).toContain('« Ronde 1 terminée, rien à signaler »');
    expect(rows()[0]?.textContent).toContain('10/03/2026 13:59');
    expect(queries[0]?.get('limit')).toBe('50');
    expect(queries[0]?.has('cursor')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByText('57 communications, toutes affichées')).toBeTruthy();
    expect(queries.at(-1)?.get('cursor')).toBe(CURSOR);
    expect(queries.at(-1)?.get('limit')).toBe('50');
    expect(rows()).toHaveLength(57);
    // Appended after the first page, in the server's order.
    expect(rows()[49]?.textContent).toContain('Agent 50');
    expect(rows()[56]?.textContent).toContain('Agent 57');
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('says « Chargement... » while the next page is on its way', async () => {
    signIn();
    let release: () => void = () => undefined;
    stubFetch({
      'GET /api/radio/channels/': () => ({ body: [] }),
      'GET /api/radio/communications/': async ({ url }) => {
        if (!url.searchParams.has('cursor'))
          return { body: firstPage, headers: { Link: `<?cursor=${CURSOR}>; rel="next"` } };
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { body: secondPage };
      },
    });
    renderWithApp(<CommunicationsJournalPage />, { path: '/dashboard/radio/journal' });
    await userEvent.click(await screen.findByRole('button', { name: 'Charger plus' }));
    const loading = await screen.findByRole('button', { name: 'Chargement...' });
    expect(loading.hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() => expect(rows()).toHaveLength(57));
  });

  it('sends the channel and « Urgences uniquement » to the server as query parameters', async () => {
    signIn();
    const { queries } = serveJournal();
    renderWithApp(<CommunicationsJournalPage />, { path: '/dashboard/radio/journal' });
    await screen.findByText('50 communications affichées sur 57');

    await userEvent.click(screen.getByRole('switch', { name: 'Urgences uniquement' }));
    await waitFor(() => expect(queries.at(-1)?.get('emergency')).toBe('true'));
    expect(queries.at(-1)?.has('channelId')).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par canal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accueil' }));
    await waitFor(() => expect(queries.at(-1)?.get('channelId')).toBe(accueilId));
    expect(queries.at(-1)?.get('emergency')).toBe('true');
    expect(queries.at(-1)?.get('limit')).toBe('50');
    expect(screen.getByRole('combobox', { name: 'Filtrer par canal' }).textContent).toContain('Accueil');

    // Back to every transmission: no filter is sent.
    await userEvent.click(screen.getByRole('switch', { name: 'Urgences uniquement' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par canal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tous les canaux' }));
    await waitFor(() => {
      const last = queries.at(-1);
      expect(last?.has('channelId') || last?.has('emergency')).toBe(false);
    });
  });

  it('reads its filters from the address, and says when they match nothing', async () => {
    signIn();
    const api = stubFetch({
      'GET /api/radio/channels/': () => ({ body: [channel(concordeId, 'Site Concorde')] }),
      'GET /api/radio/communications/': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
    });
    renderWithApp(<CommunicationsJournalPage />, {
      path: `/dashboard/radio/journal?channel=${concordeId}&emergency=true`,
    });
    expect(await screen.findByText('Aucune communication pour ces filtres.')).toBeTruthy();
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/radio/communications/');
    expect(asked?.searchParams.get('channelId')).toBe(concordeId);
    expect(asked?.searchParams.get('emergency')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Urgences uniquement' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('says why it could not load, and « Réessayer » asks again', async () => {
    signIn();
    let failing = true;
    stubFetch({
      'GET /api/radio/channels/': () => ({ body: [] }),
      'GET /api/radio/communications/': () =>
        failing
          ? { status: 503, body: { detail: 'Service momentanément indisponible' } }
          : { body: [communication(1)], headers: { 'X-Total-Count': '1' } },
    });
    renderWithApp(<CommunicationsJournalPage />, { path: '/dashboard/radio/journal' });
    expect(await screen.findByText('Service momentanément indisponible')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    const list = await screen.findByRole('list', { name: 'Journal des communications' });
    expect(within(list).getAllByTestId('communication-item')).toHaveLength(1);
    expect(screen.getByText('1 communication')).toBeTruthy();
  });
});
