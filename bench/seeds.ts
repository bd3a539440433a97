// Bulk datasets for the benchmarks, written in SQL as the database owner. A scenario names the
// seed it needs; the runner applies each one once, then VACUUM ANALYZE.
import { bulkSitesAndCameras } from '../apps/server/src/db/seeds/bulk';

export interface SqlSeed {
  /** Applied once per run, whichever scenarios name it. */
  id: string;
  /** Owner SQL (may hold several statements) for the seeded company. */
  sql: (companyId: string) => string;
}

/** One company with 2,000 sites and 10 cameras each (apps/server/src/db/seeds/bulk.ts). */
export const sitesAndCameras: SqlSeed = { id: 'sites-cameras-20k', sql: bulkSitesAndCameras };
