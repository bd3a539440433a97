// Resources of the sweeps for the control room's map. Its two routes (GET /api/map/overview, GET
// /api/map/tiles.pmtiles) take no path parameter and no reference, so they address no kind: the
// sweeps exercise them as company B with A's sites, alarms, agents and radios (created for the
// other routes) in the database, and fail on any of A's ids in the answer. map.test.ts checks the
// agents on duty and their positions, which no sweep kind creates.
import type { Kind } from './kind';

export const mapKinds: Kind[] = [];
