import type { InterventionState } from '@vigie/contract/interventions.contract';
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
    lat: number;
    lng: number;
    busy: boolean;
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
    state: InterventionState;
    alarmId: string | null;
    alarmTitle: string | null;
    siteId: string;
    siteName: string;
    agentId: string;
    agentName: string;
    acceptedAt: Time | null;
    late: 'warning' | 'alert' | null;
    track: { lat: number; lng: number; at: Time }[];
  }[];
}

/**
 * The map's answer: a site is red with an open alarm, else amber with a running intervention, else
 * green; an agent with a running intervention is busy.
 */
export function toMapOverview(
  row: MapRow,
  detailedTiles: boolean,
  stateLabel: (state: InterventionState) => string,
): MapOverview {
  const busySites = new Set(row.interventions.map((i) => i.siteId));
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
