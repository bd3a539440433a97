import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapOverview } from '@vigie/contract/map.contract';
import {
  AttributionControl,
  type GeoJSONSource,
  type MapGeoJSONFeature,
  Map as MapLibre,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { boundsOf, mapFeatures } from '../map-features';
import { clickableLayers, layersOf, mapStyle, type OverlaySource, overlaySources } from '../map-style';
import { registerTiles } from '../tiles';

export type MapSelection = { kind: 'site' | 'alarm' | 'agent' | 'radio'; id: string };

// The worker as a file of our own origin: the strict CSP (script-src 'self') refuses blob: workers.
setWorkerUrl(workerUrl);

/** Metropolitan France, before the data says where the company works. */
const FRANCE: [[number, number], [number, number]] = [
  [-5.2, 41.3],
  [9.6, 51.1],
];

interface LiveMapProps {
  overview: MapOverview;
  visible: Record<OverlaySource, boolean>;
  onSelect: (selection: MapSelection | null) => void;
  /** The page's clock (every 30 s): an agent's position fades once it is over 10 minutes old. */
  now: number;
}

/** The MapLibre canvas: created once (again if the detailed file comes or goes), fed by setData. */
export function LiveMap({ overview, visible, onSelect, now }: LiveMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const [ready, setReady] = useState(false);
  const [noWebgl, setNoWebgl] = useState(false);
  const fitted = useRef(false);
  const drawn = useRef<{ overview: MapOverview; now: number } | null>(null);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const detailed = overview.detailedTiles;

  useEffect(() => {
    if (!container.current) return;
    registerTiles();
    let map: MapLibre;
    try {
      map = new MapLibre({
        container: container.current,
        style: mapStyle(detailed),
        bounds: FRANCE,
        maxZoom: 19,
        attributionControl: false,
        // The map's own texts, in the user's language (the language is changed away from the map,
        // so the one of the map's creation holds).
        locale: {
          'NavigationControl.ZoomIn': t('Zoomer'),
          'NavigationControl.ZoomOut': t('Dézoomer'),
          'AttributionControl.ToggleAttribution': t('Afficher les sources'),
        },
      });
    } catch {
      // No WebGL (a browser, or a remote desktop, without it): say so; the list under the map reads.
      setNoWebgl(true);
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
    map.on('load', () => setReady(true));

    map.on('click', async (e) => {
      const hits = map.queryRenderedFeatures(e.point, { layers: [...clickableLayers] });
      const first = [...hits].sort(
        (a, b) =>
          clickableLayers.indexOf(a.layer.id as (typeof clickableLayers)[number]) -
          clickableLayers.indexOf(b.layer.id as (typeof clickableLayers)[number]),
      )[0];
      if (!first) {
        selectRef.current(null);
        return;
      }
      if (first.properties.cluster) {
        await zoomIntoCluster(map, first);
        return;
      }
      const { kind, id } = first.properties as { kind: MapSelection['kind']; id: string };
      selectRef.current({ kind, id });
    });
    for (const layer of clickableLayers) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
      });
    }
    mapRef.current = map;
    return () => {
      drawn.current = null;
      setReady(false);
      mapRef.current = null;
      map.remove();
    };
  }, [detailed]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    // Only the sources whose data changed (an agent's position changes agents and tracks alone).
    const before = drawn.current?.overview;
    const ticked = drawn.current?.now !== now;
    drawn.current = { overview, now };
    const features = mapFeatures(overview, Math.max(now, Date.now()));
    const changed: Record<OverlaySource, boolean> = {
      sites: before?.sites !== overview.sites,
      alarms: before?.alarms !== overview.alarms,
      agents: before?.agents !== overview.agents || ticked,
      radios: before?.radios !== overview.radios,
      tracks: before?.interventions !== overview.interventions,
    };
    for (const name of overlaySources)
      if (changed[name]) (map.getSource(name) as GeoJSONSource | undefined)?.setData(features[name]);
    if (!fitted.current) {
      fitted.current = true;
      const box = boundsOf(overview);
      if (box) map.fitBounds(box, { padding: 60, maxZoom: 14, duration: 0 });
    }
  }, [ready, overview, now]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    for (const name of overlaySources)
      for (const layer of layersOf[name])
        map.setLayoutProperty(layer, 'visibility', visible[name] ? 'visible' : 'none');
  }, [ready, visible]);

  return (
    // MapLibre's stylesheet makes its container `position: relative`: it fills a box of ours.
    <div className="absolute inset-0">
      <section
        ref={container}
        className="h-full w-full"
        aria-label={t('Carte des sites, alarmes, agents et radios')}
        aria-busy={!ready && !noWebgl}
      />
      {noWebgl ? (
        <p
          role="alert"
          className="absolute inset-x-4 top-4 rounded-lg border border-amber-500/40 bg-ink-900 p-3 text-sm text-amber-100"
        >
          {t(
            "Ce navigateur ne peut pas dessiner la carte (WebGL indisponible). Activez l'accélération graphique ou utilisez un autre navigateur ; la liste des agents ci-dessous reste à jour.",
          )}
        </p>
      ) : null}
    </div>
  );
}

async function zoomIntoCluster(map: MapLibre, cluster: MapGeoJSONFeature) {
  const source = map.getSource(cluster.source) as GeoJSONSource | undefined;
  const id = cluster.properties.cluster_id as number;
  if (!source || cluster.geometry.type !== 'Point') return;
  const zoom = await source.getClusterExpansionZoom(id);
  map.easeTo({ center: cluster.geometry.coordinates as [number, number], zoom });
}
