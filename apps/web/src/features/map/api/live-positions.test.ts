import type { MapOverview } from '@vigie/contract/map.contract';
import { describe, expect, it } from 'vitest';
import { withRadioPosition } from './live-positions';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const overview: MapOverview = {
  generatedAt: '2026-11-29T10:00:00.000Z',
  detailedTiles: false,
  sites: [],
  alarms: [],
  agents: [
    {
      id: id(1),
      name: 'Agent Martin',
      state: 'available',
      siteName: 'Entrepôt',
      lat: 45.6,
      lng: 4.7,
      accuracyM: 10,
      positionAt: '2026-11-29T09:30:00.000Z',
      source: 'phone',
    },
  ],
  radios: [
    {
      id: id(2),
      serialNumber: 'SN-1',
      agentName: 'Agent Martin',
      lat: 45.5,
      lng: 4.6,
      positionAt: '2026-11-29T09:20:00.000Z',
    },
    {
      id: id(3),
      serialNumber: 'SN-2',
      agentName: null,
      lat: 48.8,
      lng: 2.3,
      positionAt: '2026-11-29T09:00:00.000Z',
    },
  ],
  interventions: [],
};
const event = (extra: Record<string, unknown> = {}) => ({
  radioId: id(2),
  agentId: id(1),
  lat: 45.65,
  lng: 4.75,
  accuracy: 8,
  at: '2026-11-29T09:59:30.000Z',
  ...extra,
});

describe('radio positions on the map', () => {
  it('moves the radio and the agent it is assigned to, from a radio source', () => {
    const next = withRadioPosition(overview, event());
    expect(next?.radios[0]).toEqual({
      ...overview.radios[0],
      lat: 45.65,
      lng: 4.75,
      positionAt: '2026-11-29T09:59:30.000Z',
    });
    // The other radio stays.
    expect(next?.radios[1]).toBe(overview.radios[1]);
    expect(next?.agents[0]).toMatchObject({
      lat: 45.65,
      lng: 4.75,
      accuracyM: 8,
      positionAt: '2026-11-29T09:59:30.000Z',
      source: 'radio',
    });
  });

  it('moves a radio without an agent, or whose agent is not drawn, alone', () => {
    const alone = withRadioPosition(overview, event({ radioId: id(3), agentId: null }));
    expect(alone?.radios[1]).toMatchObject({ lat: 45.65, lng: 4.75 });
    expect(alone?.agents).toBe(overview.agents);
    const offDuty = withRadioPosition(overview, event({ agentId: id(9) }));
    expect(offDuty?.radios[0]).toMatchObject({ lat: 45.65 });
    expect(offDuty?.agents).toEqual(overview.agents);
  });

  it('does not move back to an older position than the one drawn', () => {
    const late = withRadioPosition(overview, event({ at: '2026-11-29T09:10:00.000Z' }));
    expect(late?.radios[0]).toEqual(overview.radios[0]);
    // Older than the agent's phone position but newer than the radio's: the radio only.
    const between = withRadioPosition(overview, event({ at: '2026-11-29T09:25:00.000Z' }));
    expect(between?.radios[0]).toMatchObject({ lat: 45.65 });
    expect(between?.agents[0]).toEqual(overview.agents[0]);
  });

  it('asks for a read when the radio is not drawn yet, and ignores a malformed event', () => {
    expect(withRadioPosition(overview, event({ radioId: id(8) }))).toBeNull();
    expect(withRadioPosition(overview, event({ lat: 'x' }))).toBe(overview);
    expect(withRadioPosition(overview, { lat: 1, lng: 2 })).toBe(overview);
  });
});
