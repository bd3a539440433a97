// The retention purges (access logs, radio recordings): a database function removes up to `batch`
// expired rows across every company and answers how many it removed per company. Removing all of
// them in one statement would hold its locks and the instance for as long as the backlog takes.
import { rowsOf } from './rows';

/** What one batch removed in one company. */
export interface PurgedRows {
  companyId: string;
  removed: number;
}

/** A purge function's answer (`select company_id, removed from …_purge(…)`) as counts per company. */
export const purgedRowsOf = (result: unknown): PurgedRows[] =>
  rowsOf<{ company_id: string; removed: string | number }>(result).map((r) => ({
    companyId: r.company_id,
    removed: Number(r.removed),
  }));

/**
 * Runs `purgeBatch` until a batch removes fewer than `batch` rows, letting requests through between
 * batches, then calls `afterCompany` once per company with its count (the audit entry). Answers
 * how many rows went in all.
 */
export async function purgeInBatches(opts: {
  batch: number;
  purgeBatch: (batch: number) => Promise<PurgedRows[]>;
  afterCompany: (companyId: string, removed: number) => Promise<unknown>;
}): Promise<number> {
  const removed = new Map<string, number>();
  for (;;) {
    const gone = await opts.purgeBatch(opts.batch);
    let n = 0;
    for (const g of gone) {
      removed.set(g.companyId, (removed.get(g.companyId) ?? 0) + g.removed);
      n += g.removed;
    }
    if (n < opts.batch) break;
    await new Promise((ok) => setImmediate(ok));
  }
  for (const [companyId, count] of removed) await opts.afterCompany(companyId, count);
  return [...removed.values()].reduce((a, b) => a + b, 0);
}
