// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InterventionListItem } from '@vigie/contract/interventions.contract';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../../test/render';
import { RunningInterventions } from './running-interventions';

cleanupAfterEach();

const agentOnMap = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e41';
const agentOffMap = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e42';
const alarmId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d61';
const siteId = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e71';

const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

const intervention = (over: Partial<InterventionListItem>): InterventionListItem => ({
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f81',
  alarmId: null,
  alarmTitle: null,
  siteId,
  siteName: 'Entrepôt Nord',
  siteAddress: null,
  siteLocation: null,
  agentId: agentOnMap,
  agentName: 'Karim Benali',
  severity: 'high',
  state: 'proposed',
  note: null,
  refusalReason: null,
  proposedAt: at(-20_000),
  acceptDueAt: at(40_000),
  acceptedAt: null,
  arriveDueAt: null,
  enRouteAt: null,
  onSiteAt: null,
  onSiteBy: null,
  endedAt: null,
  late: null,
  report: null,
  logbookEntryId: null,
  acceptSeconds: 60,
  arriveMinutes: 15,
  createdAt: at(-20_000),
  ...over,
});

function show(rows: InterventionListItem[], onSelectAgent = vi.fn()) {
  signIn();
  const server = stubFetch({ 'GET /api/interventions': () => ({ body: rows }) });
  renderWithApp(<RunningInterventions agentsOnMap={new Set([agentOnMap])} onSelectAgent={onSelectAgent} />);
  return { server, onSelectAgent };
}

describe('the running interventions beside the map', () => {
  it('lists each one, most urgent first, with its clocks; a click selects the agent, a link opens the alarm', async () => {
    const { server, onSelectAgent } = show([
      intervention({
        id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f82',
        siteName: 'Parking Sud',
        agentId: agentOffMap,
        agentName: 'Lina Morel',
        state: 'on_site',
        acceptDueAt: null,
        acceptedAt: at(-600_000),
        arriveDueAt: at(300_000),
        onSiteAt: at(-185_000),
        createdAt: at(-700_000),
      }),
      intervention({}),
      intervention({
        id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f83',
        alarmId,
        alarmTitle: 'Intrusion quai 3',
        state: 'en_route',
        acceptDueAt: null,
        acceptedAt: at(-1_025_000),
        arriveDueAt: at(-125_000),
        enRouteAt: at(-1_000_000),
        late: 'warning',
        // Proposed again after a refusal: the whole intervention's clock starts at its creation.
        proposedAt: at(-1_030_000),
        createdAt: at(-3_730_000),
      }),
    ]);

    expect(await screen.findByRole('heading', { name: 'Interventions en cours (3)' })).toBeTruthy();
    expect(server.calls[0]?.path).toBe('/api/interventions');
    const region = screen.getByRole('region', { name: 'Liste des interventions en cours' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const rows = within(region).getAllByTestId('running-intervention');
    const clocks = rows.map((r) => within(r).getByTestId('intervention-clock'));

    // The late one first (its deadline passed), then the one waiting for an answer, then on site.
    expect(rows[0]?.textContent).toContain('Karim Benali · Intrusion quai 3');
    expect(within(rows[0] as HTMLElement).getByText('En route')).toBeTruthy();
    expect(clocks[0]?.textContent).toMatch(/^Depuis 1 h 02 minEn retard de 2 min 0[5-8] s \(arrivée\)$/);
    const late = within(clocks[0] as HTMLElement).getByText(/^En retard de/);
    expect(late.className).toContain('text-red-300');

    expect(within(rows[1] as HTMLElement).getByText('Proposée')).toBeTruthy();
    expect(clocks[1]?.textContent).toMatch(/^Depuis 2\d sRéponse attendue dans 3\d s$/);

    expect(rows[2]?.textContent).toContain('Parking Sud');
    expect(clocks[2]?.textContent).toMatch(/^Depuis 11 min 4\d sSur place depuis 3 min 0\d s$/);

    // The agent on the map is a button that shows him there; the other one is not.
    await userEvent.click(
      within(rows[0] as HTMLElement).getByRole('button', {
        name: 'Entrepôt Nord En route Karim Benali · Intrusion quai 3 (voir sur la carte)',
      }),
    );
    expect(onSelectAgent).toHaveBeenCalledWith(agentOnMap);
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    const open = within(rows[0] as HTMLElement).getByRole('link', {
      name: "Ouvrir l'alarme Intrusion quai 3",
    });
    expect(open.getAttribute('href')).toBe(`/dashboard/alarms?alarm=${alarmId}`);
    expect(within(rows[1] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('ticks every second and turns red « En retard de … » once the deadline passes', async () => {
    show([intervention({ acceptDueAt: at(1_200), proposedAt: at(-58_800), createdAt: at(-58_800) })]);
    const clock = await screen.findByTestId('intervention-clock');
    expect(clock.textContent).toMatch(/Réponse attendue dans [01] s$/);
    const late = await screen.findByText(/^En retard de [1-3] s \(réponse\)$/, {}, { timeout: 4000 });
    expect(late.className).toContain('text-red-300');
    expect(clock.textContent).toMatch(/^Depuis 1 min 0\d s/);
  });

  it('says when none is running', async () => {
    show([]);
    expect(await screen.findByText('Aucune intervention en cours')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Interventions en cours (0)' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Liste des interventions en cours' })).toBeNull();
  });
});
