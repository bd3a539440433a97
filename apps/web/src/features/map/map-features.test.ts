import type { MapOverview } from '@vigie/contract/map.contract';
import { describe, expect, it } from 'vitest';
import { withAgentPosition } from './api/live-positions';
import { boundsOf, mapFeatures, positionAge } from './map-features';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const now = Date.parse('2026-11-29T10:00:00Z');
const overview: MapOverview = {
  generatedAt: '2026-11-29T10:00:00.000Z',
  detailedTiles: false,
  sites: [
    {
      id: id(1),
      name: 'Entrepôt',
      address: 'Lyon',
      lat: 45.7,
      lng: 4.8,
      state: 'alarm',
      openAlarms: 1,
      cameras: 2,
    },
    {
      id: id(2),
      name: 'Siège',
      address: 'Paris',
      lat: 48.8,
      lng: 2.3,
      state: 'calm',
      openAlarms: 0,
      cameras: 0,
    },
  ],
  alarms: [
    {
      id: id(3),
      title: 'Intrusion',
      severity: 'critical',
      status: 'active',
      siteId: id(1),
      siteName: 'Entrepôt',
      lat: 45.7,
      lng: 4.8,
      triggeredAt: '2026-11-29T09:58:00.000Z',
    },
  ],
  agents: [
    {
      id: id(4),
      name: 'Agent Martin',
      state: 'busy',
      siteName: 'Entrepôt',
      lat: 45.6,
      lng: 4.7,
      accuracyM: 10,
      positionAt: '2026-11-29T09:30:00.000Z',
      source: 'phone',
    },
  ],
  radios: [],
  interventions: [
    {
      id: id(5),
      state: 'en_route',
      stateLabel: 'En route',
      alarmId: id(3),
      alarmTitle: 'Intrusion',
      siteId: id(1),
      siteName: 'Entrepôt',
      agentId: id(4),
      agentName: 'Agent Martin',
      acceptedAt: '2026-11-29T09:20:00.000Z',
      late: 'warning',
      track: [
        { lat: 45.5, lng: 4.6, at: '2026-11-29T09:20:00.000Z' },
        { lat: 45.6, lng: 4.7, at: '2026-11-29T09:30:00.000Z' },
      ],
    },
  ],
};

describe('map features', () => {
  it('turns the overview into GeoJSON: states, stale positions, tracks', () => {
    const f = mapFeatures(overview, now);
    expect(f.sites.features.map((s) => s.properties?.state)).toEqual(['alarm', 'calm']);
    expect(f.sites.features[0]?.geometry.coordinates).toEqual([4.8, 45.7]);
    expect(f.alarms.features[0]?.properties).toMatchObject({ kind: 'alarm', severity: 'critical' });
    // 30 minutes old: faded.
    expect(f.agents.features[0]?.properties).toMatchObject({ kind: 'agent', state: 'busy', stale: true });
    expect(f.tracks.features[0]?.geometry.coordinates).toEqual([
      [4.6, 45.5],
      [4.7, 45.6],
    ]);
    expect(boundsOf(overview)).toEqual([2.3, 45.6, 4.8, 48.8]);
  });

  it('says the age of a position in French', () => {
    expect(positionAge('2026-11-29T09:59:50Z', now)).toBe("à l'instant");
    expect(positionAge('2026-11-29T09:56:00Z', now)).toBe('il y a 4 min');
    expect(positionAge('2026-11-29T07:00:00Z', now)).toBe('il y a 3 h');
    expect(positionAge('2026-11-26T10:00:00Z', now)).toBe('il y a 3 j');
  });

  it("moves an agent from an agent.position event and extends his intervention's track", () => {
    const next = withAgentPosition(overview, {
      agentId: id(4),
      lat: 45.65,
      lng: 4.75,
      accuracy: 8,
      at: '2026-11-29T09:59:30.000Z',
    });
    expect(next?.agents[0]).toMatchObject({
      lat: 45.65,
      lng: 4.75,
      accuracyM: 8,
      positionAt: '2026-11-29T09:59:30.000Z',
    });
    expect(next?.interventions[0]?.track).toHaveLength(3);
    // An older position than the one drawn does not move him back.
    const late = withAgentPosition(overview, {
      agentId: id(4),
      lat: 1,
      lng: 1,
      at: '2026-11-29T09:00:00.000Z',
    });
    expect(late?.agents[0]?.lat).toBe(45.6);
    // An agent not on the map: the map must be read again.
    expect(
      withAgentPosition(overview, { agentId: id(9), lat: 1, lng: 1, at: '2026-11-29T09:59:00Z' }),
    ).toBeNull();
  });
});
