import type { MapOverview, MapSiteState } from '@vigie/contract/map.contract';

type Time = string | Date;
const iso = (t: Time) => new Date(t).toISOString();

export interface MapRow {
  generatedAt: Time;
  sites: {
    id: string;
    name: string;
    address: string;
    lat: number;
    lng: number;
    openAlarms: number;
    cameras: number;
  }[];
  alarms: {
    id: string;
    title: string;
    severity: 'low' | 'medium' | 'high' | 'critical';
    status: 'active' | 'acknowledged';
    siteId: string;
    siteName: string;
    lat: number;
    lng: number;
    triggeredAt: Time;
  }[];
  agents: {
    id: string;
    name: string;
    siteName: string | null;
    busy: boolean;
    lat: number;
    lng: number;
    accuracyM: number | null;
    positionAt: Time;
    source: 'phone' | 'radio';
  }[];
  radios: {
    id: string;
    serialNumber: string;
    agentName: string | null;
    lat: number;
    lng: number;
    positionAt: Time;
  }[];
  interventions: {
    id: string;
    state: string;
    alarmId: string | null;
    siteId: string | null;
    agentId: string;
    agentName: string;
    acceptedAt: Time | null;
    track: { lat: number; lng: number; at: Time }[];
  }[];
}

/** Maps the statement's row to the contract; a site's colour: an open alarm, else a running intervention, else calm. */
export function toMapOverview(
  row: MapRow,
  detailedTiles: boolean,
  stateLabel: (state: string) => string,
): MapOverview {
  const busySites = new Set(row.interventions.map((i) => i.siteId).filter((id): id is string => id !== null));
  const siteState = (s: MapRow['sites'][number]): MapSiteState =>
    s.openAlarms > 0 ? 'alarm' : busySites.has(s.id) ? 'intervention' : 'calm';
  return {
    generatedAt: iso(row.generatedAt),
    sites: row.sites.map((s) => ({ ...s, state: siteState(s) })),
    alarms: row.alarms.map((a) => ({ ...a, triggeredAt: iso(a.triggeredAt) })),
    agents: row.agents.map(({ busy, ...a }) => ({
      ...a,
      state: busy ? 'busy' : 'available',
      positionAt: iso(a.positionAt),
    })),
    radios: row.radios.map((r) => ({ ...r, positionAt: iso(r.positionAt) })),
    interventions: row.interventions.map((i) => ({
      ...i,
      stateLabel: stateLabel(i.state),
      acceptedAt: i.acceptedAt === null ? null : iso(i.acceptedAt),
      track: i.track.map((p) => ({ ...p, at: iso(p.at) })),
    })),
    detailedTiles,
  };
}
