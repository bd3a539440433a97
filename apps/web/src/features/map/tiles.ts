// The map's tiles through the PMTiles protocol, both archives read by HTTP byte ranges: the
// low-zoom basemap shipped with the app (a static file of the build, so the map works with no
// internet access) and, when the operator supplied one (MAP_TILES_FILE), the detailed file from our
// API with the session's token.
import { MAP_TILES_PATH } from '@vigie/contract/map.contract';
import { addProtocol } from 'maplibre-gl';
import { FetchSource, PMTiles, Protocol } from 'pmtiles';
import { getToken } from '../../lib/session';
import basemapUrl from './basemap/basemap.pmtiles?url';

export const BASEMAP_KEY = 'vigie-basemap';
export const DETAILED_KEY = 'vigie-detailed';

/** A source named by a key of ours (the style's `pmtiles://<key>`), not by its URL. */
class NamedSource extends FetchSource {
  constructor(
    private readonly key: string,
    url: string,
    private readonly withToken: boolean,
  ) {
    super(url);
  }
  override getKey() {
    return this.key;
  }
  override getBytes(offset: number, length: number, signal?: AbortSignal, etag?: string) {
    if (this.withToken) this.setHeaders(new Headers({ Authorization: `Bearer ${getToken() ?? ''}` }));
    return super.getBytes(offset, length, signal, etag);
  }
}

let registered = false;

/** Registers the `pmtiles://` protocol once for the page's lifetime, with both archives. */
export function registerTiles() {
  if (registered) return;
  registered = true;
  const protocol = new Protocol({ metadata: false });
  protocol.add(new PMTiles(new NamedSource(BASEMAP_KEY, basemapUrl, false)));
  protocol.add(new PMTiles(new NamedSource(DETAILED_KEY, MAP_TILES_PATH, true)));
  addProtocol('pmtiles', protocol.tile);
}
