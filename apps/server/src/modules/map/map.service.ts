import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { interventionStateLabels } from '@vigie/contract/interventions.contract';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { parseByteRange } from './byte-range';
import { mapErrors } from './map.errors';
import { toMapOverview } from './map.models';
import { readMap } from './map.repository';

/**
 * Positions of agents are the control room's: operators and administrators only. One statement:
 * the sites, alarms, cameras, planning, radio and interventions modules' fragments.
 */
export async function getMapOverview(db: Database, auth: AuthContext, detailedTiles: boolean) {
  if (auth.role !== 'admin' && auth.role !== 'operator') throw mapErrors.forbidden();
  const row = await readMap(db, auth.companyId);
  return toMapOverview(row, detailedTiles, (state) => interventionStateLabels[state]);
}

export type TilesAnswer =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  /** A range past the end: answered 416 with the file's size. */
  | { status: 416; headers: Record<string, string>; body: null };

/**
 * The operator's PMTiles file (MAP_TILES_FILE: the path comes from the configuration only, never
 * from the request), whole or one byte range of it.
 */
export async function openTiles(file: string | undefined, range: string | undefined): Promise<TilesAnswer> {
  if (!file) throw mapErrors.noTiles();
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw mapErrors.noTiles();
  const size = info.size;
  const common = {
    'content-type': 'application/vnd.pmtiles',
    'accept-ranges': 'bytes',
    'last-modified': info.mtime.toUTCString(),
    etag: `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    'cache-control': 'private, max-age=3600',
  };
  const asked = parseByteRange(range, size);
  if (asked.kind === 'unsatisfiable') {
    return {
      status: 416,
      headers: { 'accept-ranges': 'bytes', 'content-range': `bytes */${size}` },
      body: null,
    };
  }
  if (asked.kind === 'whole') {
    return {
      status: 200,
      headers: { ...common, 'content-length': String(size) },
      body: createReadStream(file),
    };
  }
  return {
    status: 206,
    headers: {
      ...common,
      'content-length': String(asked.end - asked.start + 1),
      'content-range': `bytes ${asked.start}-${asked.end}/${size}`,
    },
    body: createReadStream(file, { start: asked.start, end: asked.end }),
  };
}
