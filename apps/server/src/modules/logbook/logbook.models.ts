// The canonical form of an entry that its hash seals, and the hash chain.
import { createHash } from 'node:crypto';
import type { LogbookCategory } from '@vigie/contract/logbook.contract';

/** prev_hash of a site's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface SealedEntry {
  id: string;
  companyId: string;
  siteId: string;
  siteName: string;
  number: number;
  occurredAt: Date;
  category: LogbookCategory;
  text: string;
  photoIds: string[];
  authorUserId: string | null;
  authorName: string;
  shiftId: string | null;
  correctsId: string | null;
  source: 'user' | 'system';
  sourceEventId: number | null;
}

/**
 * The canonical form around the two values only the counter row knows, the number and the previous
 * hash: canonical = before + number + after + JSON of prevHash + ']' — the same text as
 * JSON.stringify of the fixed-order array. The database can then seal an entry in the statement
 * that numbers it (appendEntry), and this module still recomputes every hash (verify).
 */
export function canonicalParts(e: Omit<SealedEntry, 'number'>) {
  const head = JSON.stringify(['vigie-logbook-v1', e.companyId, e.siteId, e.siteName]);
  const tail = JSON.stringify([
    e.id,
    e.occurredAt.toISOString(),
    e.category,
    e.text,
    e.photoIds,
    e.authorUserId,
    e.authorName,
    e.shiftId,
    e.correctsId,
    e.source,
    e.sourceEventId,
  ]);
  return { before: `${head.slice(0, -1)},`, after: `,${tail.slice(1, -1)},` };
}

/** SHA-256 (hex) over a fixed-order JSON array of the entry's fields and the previous hash. */
export function entryHash(e: SealedEntry, prevHash: string) {
  const { before, after } = canonicalParts(e);
  const canonical = `${before}${e.number}${after}${JSON.stringify(prevHash)}]`;
  return createHash('sha256').update(canonical).digest('hex');
}
