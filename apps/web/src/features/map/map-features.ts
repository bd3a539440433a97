// The map's overview as GeoJSON for MapLibre's sources (pure: tested without a browser), and the
// wording of a position's age in the user's language.

import { type InterventionState, interventionStateLabels } from '@vigie/contract/interventions.contract';
import {
  type MapAgent,
  type MapIntervention,
  type MapOverview,
  mapAgentStateLabels,
  mapSiteStateLabels,
  mapStalePositionMs,
} from '@vigie/contract/map.contract';
import type { Feature, FeatureCollection, Geometry, LineString, Point as PointGeometry } from 'geojson';
import { t } from '../../lib/i18n/i18n';

type Point = Feature<PointGeometry, Record<string, string | number | boolean>>;
const point = (lng: number, lat: number, properties: Point['properties']): Point => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});
const collection = <G extends Geometry>(features: Feature<G>[]): FeatureCollection<G> => ({
  type: 'FeatureCollection',
  features,
});

/** « à l'instant », « il y a 4 min », « il y a 2 h », « il y a 3 j ». */
export function positionAge(at: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (s < 45) return t("à l'instant");
  const min = Math.round(s / 60);
  if (min < 60) return t('il y a {count} min', { count: min });
  const h = Math.round(min / 60);
  if (h < 48) return t('il y a {count} h', { count: h });
  return t('il y a {count} j', { count: Math.round(h / 24) });
}

/** A running intervention's state in the user's language (the overview's label is the French one). */
export function interventionStateText(i: Pick<MapIntervention, 'state' | 'stateLabel'>): string {
  const label = interventionStateLabels[i.state as InterventionState] as string | undefined;
  return label ? t(label) : i.stateLabel;
}

export const isStale = (agent: Pick<MapAgent, 'positionAt'>, now: number) =>
  now - Date.parse(agent.positionAt) > mapStalePositionMs;

export function mapFeatures(overview: MapOverview, now: number) {
  return {
    sites: collection(
      overview.sites.map((s) =>
        point(s.lng, s.lat, {
          kind: 'site',
          id: s.id,
          name: s.name,
          state: s.state,
          stateLabel: mapSiteStateLabels[s.state],
          alarm: s.state === 'alarm' ? 1 : 0,
        }),
      ),
    ),
    alarms: collection(
      overview.alarms.map((a) =>
        point(a.lng, a.lat, { kind: 'alarm', id: a.id, severity: a.severity, title: a.title }),
      ),
    ),
    agents: collection(
      overview.agents.map((a) =>
        point(a.lng, a.lat, {
          kind: 'agent',
          id: a.id,
          name: a.name,
          state: a.state,
          stateLabel: mapAgentStateLabels[a.state],
          stale: isStale(a, now),
        }),
      ),
    ),
    radios: collection(
      overview.radios.map((r) => point(r.lng, r.lat, { kind: 'radio', id: r.id, name: r.serialNumber })),
    ),
    tracks: collection(
      overview.interventions
        .filter((i) => i.track.length >= 2)
        .map(
          (i): Feature<LineString> => ({
            type: 'Feature',
            geometry: { type: 'LineString', coordinates: i.track.map((p) => [p.lng, p.lat]) },
            properties: { kind: 'intervention', id: i.id },
          }),
        ),
    ),
  };
}

export type MapFeatures = ReturnType<typeof mapFeatures>;

/** The box that holds every site and agent ([west, south, east, north]), or null when none is located. */
export function boundsOf(overview: MapOverview): [number, number, number, number] | null {
  const points = [...overview.sites, ...overview.agents];
  if (points.length === 0) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const p of points) {
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
  }
  return [w, s, e, n];
}
