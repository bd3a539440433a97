// The chain check of a site's main courante: its register recomputed from the first entry (numbers,
// links, hashes) and compared with the counter row. Used by the service (GET /api/logbook/verify)
// and the reports module (the chain check stated in a main courante PDF).
import type { Tx } from '../../db/client';
import { entriesAfter, findCounter } from './chain.repository';
import { entryHash, GENESIS_HASH } from './logbook.models';

export interface ChainCheck {
  ok: boolean;
  checked: number;
  firstBrokenNumber?: number;
}

/** Entries read per statement by the chain check (a register of 100,000 never sits whole in memory). */
const VERIFY_PAGE = 5_000;

/**
 * Recomputes a site's chain from its first entry (numbers, links, hashes) in the caller's
 * transaction; the reports module states it at the end of a main courante document.
 */
export async function verifyChain(tx: Tx, companyId: string, siteId: string): Promise<ChainCheck> {
  const counter = await findCounter(tx, companyId, siteId);
  let prev = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const rows = await entriesAfter(tx, companyId, siteId, checked, VERIFY_PAGE);
    for (const r of rows) {
      const expected = entryHash(
        {
          id: r.id,
          companyId: r.companyId,
          siteId: r.siteId,
          siteName: r.siteName,
          number: r.number,
          occurredAt: r.occurredAt,
          category: r.category,
          text: r.text,
          photoIds: r.photoIds,
          authorUserId: r.authorUserId,
          authorName: r.authorName,
          shiftId: r.shiftId,
          correctsId: r.correctsId,
          source: r.source,
          sourceEventId: r.sourceEventId,
        },
        prev,
      );
      if (r.number !== checked + 1) return { ok: false, checked, firstBrokenNumber: checked + 1 };
      if (r.prevHash !== prev || r.hash !== expected)
        return { ok: false, checked, firstBrokenNumber: r.number };
      prev = r.hash;
      checked++;
    }
    if (rows.length < VERIFY_PAGE) break;
  }
  // An entry removed at the end of the chain: the counter remembers it.
  if (counter && (counter.last !== checked || counter.lastHash !== prev))
    return { ok: false, checked, firstBrokenNumber: checked + 1 };
  return { ok: true, checked };
}
