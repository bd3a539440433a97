// The map's style: the shipped basemap (countries and borders, zooms 0–5, drawn enlarged past
// that), the operator's detailed file when there is one (Protomaps basemap layers: earth, water,
// roads, buildings), and our layers over them. No text layer: labels would need glyph files, and
// the names are in the panel a click opens.
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { BASEMAP_KEY, DETAILED_KEY } from './tiles';

export const colors = {
  sea: '#0b1626',
  land: '#1c2a3d',
  border: '#4b5d78',
  siteAlarm: '#ef4444',
  siteIntervention: '#f59e0b',
  siteCalm: '#22c55e',
  agentAvailable: '#38bdf8',
  agentBusy: '#fb923c',
  radio: '#c084fc',
  track: '#fb923c',
} as const;

/** Our overlay sources, filled by setData when the overview arrives. */
export const overlaySources = ['sites', 'alarms', 'agents', 'radios', 'tracks'] as const;
export type OverlaySource = (typeof overlaySources)[number];

/** The layers of each toggle of the legend. */
export const layersOf: Record<OverlaySource, string[]> = {
  sites: ['site-clusters', 'site-points'],
  alarms: ['alarm-rings'],
  agents: ['agent-clusters', 'agent-points'],
  radios: ['radio-points'],
  tracks: ['tracks'],
};

/** Layers a click opens something from, the most urgent first. */
export const clickableLayers = [
  'alarm-rings',
  'agent-points',
  'radio-points',
  'site-points',
  'agent-clusters',
  'site-clusters',
] as const;

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };

const detailedLayers: LayerSpecification[] = [
  {
    id: 'detailed-earth',
    type: 'fill',
    source: 'detailed',
    'source-layer': 'earth',
    paint: { 'fill-color': colors.land },
  },
  {
    id: 'detailed-water',
    type: 'fill',
    source: 'detailed',
    'source-layer': 'water',
    paint: { 'fill-color': colors.sea },
  },
  {
    id: 'detailed-buildings',
    type: 'fill',
    source: 'detailed',
    'source-layer': 'buildings',
    minzoom: 14,
    paint: { 'fill-color': '#2a3a52' },
  },
  {
    id: 'detailed-roads',
    type: 'line',
    source: 'detailed',
    'source-layer': 'roads',
    paint: {
      'line-color': '#3b4e6b',
      'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.5, 16, 4],
    },
  },
];

const clusterRadius: ExpressionSpecification = ['step', ['get', 'point_count'], 12, 10, 16, 50, 22];

export function mapStyle(detailed: boolean): StyleSpecification {
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'vector',
        url: `pmtiles://${BASEMAP_KEY}`,
        attribution: '© Natural Earth',
      },
      ...(detailed
        ? {
            detailed: {
              type: 'vector' as const,
              url: `pmtiles://${DETAILED_KEY}`,
              attribution: '© OpenStreetMap',
            },
          }
        : {}),
      sites: {
        type: 'geojson',
        data: empty,
        cluster: true,
        clusterRadius: 40,
        clusterMaxZoom: 13,
        // A cluster holding a site in alarm is drawn red.
        clusterProperties: { alarms: ['+', ['get', 'alarm']] },
      },
      alarms: { type: 'geojson', data: empty },
      agents: { type: 'geojson', data: empty, cluster: true, clusterRadius: 30, clusterMaxZoom: 14 },
      radios: { type: 'geojson', data: empty },
      tracks: { type: 'geojson', data: empty },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colors.sea } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'countries',
        paint: { 'fill-color': colors.land },
      },
      ...(detailed ? detailedLayers : []),
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        'source-layer': 'borders',
        paint: { 'line-color': colors.border, 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'tracks',
        type: 'line',
        source: 'tracks',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': colors.track, 'line-width': 3, 'line-opacity': 0.85 },
      },
      {
        id: 'radio-points',
        type: 'circle',
        source: 'radios',
        paint: {
          'circle-color': colors.radio,
          'circle-radius': 4.5,
          'circle-stroke-color': '#0f172a',
          'circle-stroke-width': 1.5,
        },
      },
      {
        id: 'site-clusters',
        type: 'circle',
        source: 'sites',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': ['case', ['>', ['get', 'alarms'], 0], colors.siteAlarm, '#64748b'],
          'circle-radius': clusterRadius,
          'circle-stroke-color': '#e2e8f0',
          'circle-stroke-width': 2,
        },
      },
      {
        id: 'site-points',
        type: 'circle',
        source: 'sites',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': [
            'match',
            ['get', 'state'],
            'alarm',
            colors.siteAlarm,
            'intervention',
            colors.siteIntervention,
            colors.siteCalm,
          ],
          'circle-radius': 9,
          'circle-stroke-color': '#0f172a',
          'circle-stroke-width': 2,
        },
      },
      {
        id: 'alarm-rings',
        type: 'circle',
        source: 'alarms',
        paint: {
          'circle-color': 'rgba(0,0,0,0)',
          'circle-radius': ['match', ['get', 'severity'], 'critical', 18, 'high', 15, 13],
          'circle-stroke-color': colors.siteAlarm,
          'circle-stroke-width': 3,
        },
      },
      {
        id: 'agent-clusters',
        type: 'circle',
        source: 'agents',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': colors.agentAvailable,
          'circle-radius': clusterRadius,
          'circle-stroke-color': '#e2e8f0',
          'circle-stroke-width': 2,
        },
      },
      {
        id: 'agent-points',
        type: 'circle',
        source: 'agents',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': ['match', ['get', 'state'], 'busy', colors.agentBusy, colors.agentAvailable],
          'circle-radius': 6,
          // An old position is drawn faded.
          'circle-opacity': ['case', ['get', 'stale'], 0.4, 1],
          'circle-stroke-color': '#f8fafc',
          'circle-stroke-width': 2,
          'circle-stroke-opacity': ['case', ['get', 'stale'], 0.4, 1],
        },
      },
    ],
  };
}
