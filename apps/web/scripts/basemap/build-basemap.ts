// Builds the low-zoom basemap shipped with the app (src/features/map/basemap/basemap.pmtiles), so
// that the control room's map shows the world with no internet access: countries (land) and their
// borders from Natural Earth (world-atlas TopoJSON), cut into vector tiles (MapLibre's geojson-vt
// and vt-pbf) and written as a PMTiles v3 archive. Zooms 0–2 from the 1:110m data, 3–5 from the
// 1:50m data, the whole world: 667 KiB (zoom 6 too: 1.1 MiB), read by byte ranges, so a browser
// loads only the tiles it shows. Past zoom 5 MapLibre enlarges the last tiles, and the operator's
// detailed file (MAP_TILES_FILE) takes over. The output is committed; run again after changing this
// script: `npx tsx apps/web/scripts/basemap/build-basemap.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { feature, mesh } from 'topojson-client';
import { type ArchiveTile, writeArchive } from './pmtiles-writer';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '../../src/features/map/basemap/basemap.pmtiles');

/** The last zoom cut: MapLibre draws it enlarged past that (the operator's file takes over). */
const MAX_ZOOM = Number(process.env.BASEMAP_MAX_ZOOM ?? 5);

// biome-ignore lint/suspicious/noExplicitAny: TopoJSON as parsed from the package's file.
type Topology = any;
const topology = (name: string): Topology =>
  JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));

/** The layers of one resolution: countries as polygons (named), borders between them as lines. */
function layersOf(topo: Topology) {
  const countries = feature(topo, topo.objects.countries) as unknown as GeoJSON.FeatureCollection;
  const borders = mesh(topo, topo.objects.countries, (a: unknown, b: unknown) => a !== b);
  const options = { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM, indexMaxPoints: 0, tolerance: 3, buffer: 64 };
  return {
    countries: new GeoJSONVT(
      {
        type: 'FeatureCollection',
        features: countries.features.map((f) => ({ ...f, properties: { name: f.properties?.name ?? '' } })),
      },
      options,
    ),
    borders: new GeoJSONVT({ type: 'Feature', geometry: borders, properties: {} }, options),
  };
}

const coarse = layersOf(topology('countries-110m.json'));
const fine = layersOf(topology('countries-50m.json'));

const tiles: ArchiveTile[] = [];
for (let z = 0; z <= MAX_ZOOM; z++) {
  const layers = z <= 2 ? coarse : fine;
  for (let x = 0; x < 2 ** z; x++)
    for (let y = 0; y < 2 ** z; y++) {
      const countries = layers.countries.getTile(z, x, y);
      const borders = layers.borders.getTile(z, x, y);
      // No land: the map's background (the sea) shows through; the tile is simply absent.
      if (!countries && !borders) continue;
      const empty = { features: [], numPoints: 0, numSimplified: 0, numFeatures: 0, source: null } as never;
      const pbf = fromGeojsonVt({ countries: countries ?? empty, borders: borders ?? empty }, { version: 2 });
      tiles.push({ z, x, y, data: gzipSync(pbf, { level: 9 }) });
    }
}

const archive = writeArchive(tiles, {
  tileType: 1,
  tileCompression: 2,
  minZoom: 0,
  maxZoom: MAX_ZOOM,
  bounds: [-180, -85.0511, 180, 85.0511],
  center: [2.35, 46.6, 5],
  metadata: {
    name: 'Vigie — fond de carte',
    attribution: '© Natural Earth',
    vector_layers: [
      { id: 'countries', fields: { name: 'String' }, minzoom: 0, maxzoom: MAX_ZOOM },
      { id: 'borders', fields: {}, minzoom: 0, maxzoom: MAX_ZOOM },
    ],
  },
});
writeFileSync(out, archive);
console.log(`${out}: ${tiles.length} tiles, ${(archive.length / 1024).toFixed(0)} KiB`);
