import type { Intervention } from '@vigie/contract/interventions.contract';
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
}

/** A running intervention as the interventions module hands it to the map (listRunningForMap). */
export type RunningIntervention = Intervention & { track: { lat: number; lng: number; at: string }[] };

/**
 * The map's answer: a site is red with an open alarm, else amber with a running intervention, else
 * green; an agent with a running intervention is busy.
 */
export function toMapOverview(
  row: MapRow,
  running: RunningIntervention[],
  detailedTiles: boolean,
  stateLabel: (state: Intervention['state']) => string,
): MapOverview {
  const busySites = new Set(running.map((i) => i.siteId));
  const busyAgents = new Set(running.map((i) => i.agentId));
  const siteState = (s: MapRow['sites'][number]): MapSiteState =>
    s.openAlarms > 0 ? 'alarm' : busySites.has(s.id) ? 'intervention' : 'calm';
  return {
    generatedAt: iso(row.generatedAt),
    sites: row.sites.map((s) => ({ ...s, state: siteState(s) })),
    alarms: row.alarms.map((a) => ({ ...a, triggeredAt: iso(a.triggeredAt) })),
    agents: row.agents.map((a) => ({
      ...a,
      state: busyAgents.has(a.id) ? 'busy' : 'available',
      positionAt: iso(a.positionAt),
    })),
    radios: row.radios.map((r) => ({ ...r, positionAt: iso(r.positionAt) })),
    interventions: running.map((i) => ({
      id: i.id,
      state: i.state,
      stateLabel: stateLabel(i.state),
      alarmId: i.alarmId,
      alarmTitle: i.alarmTitle,
      siteId: i.siteId,
      siteName: i.siteName,
      agentId: i.agentId,
      agentName: i.agentName,
      acceptedAt: i.acceptedAt,
      arriveDueAt: i.onSiteAt === null ? i.arriveDueAt : null,
      late: i.late,
      track: i.track,
    })),
    detailedTiles,
  };
}
