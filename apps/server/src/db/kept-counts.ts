// Kept counts without contended row locks (docs/decisions/0020, migration 0038): the triggers on
// alarms, cameras, sites and access logs append deltas, readers add the pending deltas to the base
// rows in the same statement, and this fold moves the deltas into the base rows every
// KEPT_COUNTS_FOLD_INTERVAL_MS. Folding changes no figure a reader sees; it only keeps the deltas
// few, so that a read stays a handful of index probes. Several instances may run it: the database
// lets one fold at a time through (an advisory lock tried, never waited for).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { every } from '../plugins/periodic';
import type { Database } from './client';
import { rowsOf } from './rows';

/** Folds every company's pending deltas; answers the base rows written (0 when another fold ran). */
export async function foldKeptCounts(db: Database): Promise<number> {
  const res = await db.direct.execute(sql`select kept_counts_fold() as n`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

export function registerKeptCountsFold(app: FastifyInstance) {
  every(app, 'kept counts fold', app.config.keptCountsFoldIntervalMs, () => foldKeptCounts(app.db), true);
}
