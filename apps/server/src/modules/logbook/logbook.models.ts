// The canonical form of an entry that its hash seals, and the hash chain.
import type { LogbookCategory } from '@vigie/contract/logbook.contract';
import type { logbookEntries } from '../../db/schema';
import { chainHash, GENESIS_HASH, jsonInner } from '../../lib/hash-chain';

/** prev_hash of a site's first entry. */
export { GENESIS_HASH };

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
 * The canonical form around the values the database knows when it writes an entry: the site's name
 * and the author's shift (read in the writing statement: entry-write.repository.ts), the number and
 * the previous hash (the counter row). canonical = head + JSON(siteName) + ',' + number + mid +
 * JSON(shiftId) + tail + JSON(prevHash) + ']' — the same text as JSON.stringify of the fixed-order
 * array, so the database can seal an entry in the statement that numbers it (chain.repository.ts)
 * and this module still recomputes every hash (chain.service.ts).
 */
export function canonicalFrame(e: Omit<SealedEntry, 'number' | 'siteName' | 'shiftId'>) {
  const inner = jsonInner;
  return {
    head: `[${inner(['vigie-logbook-v1', e.companyId, e.siteId])},`,
    mid: `,${inner([e.id, e.occurredAt.toISOString(), e.category, e.text, e.photoIds, e.authorUserId, e.authorName])},`,
    tail: `,${inner([e.correctsId, e.source, e.sourceEventId])},`,
  };
}

/** The canonical form around the number and the previous hash: before + number + after + JSON(prevHash) + ']'. */
export function canonicalParts(e: Omit<SealedEntry, 'number'>) {
  const { head, mid, tail } = canonicalFrame(e);
  return {
    before: `${head}${JSON.stringify(e.siteName)},`,
    after: `${mid}${JSON.stringify(e.shiftId)}${tail}`,
  };
}

/** SHA-256 (hex) over a fixed-order JSON array of the entry's fields and the previous hash. */
export function entryHash(e: SealedEntry, prevHash: string) {
  return chainHash(canonicalParts(e), e.number, prevHash);
}

/** The entry as stored. */
export type StoredEntry = typeof logbookEntries.$inferSelect;

/** An entry to append; its number, hash and company come from the writing statement. */
export type NewEntry = Omit<SealedEntry, 'id' | 'number' | 'companyId'> & {
  /** Not sealed by the hash: a transport detail of the phone's replay, not the entry's content. */
  clientRef?: string | null;
};

/** What an entry's statement is given; the site's name and the shift come from its `from` relation. */
export type EntryValues = Omit<NewEntry, 'siteName' | 'shiftId'> & { id: string };

/** The columns of an entry its answer shows. */
export type EntryRow = Pick<
  StoredEntry,
  | 'id'
  | 'siteId'
  | 'siteName'
  | 'number'
  | 'occurredAt'
  | 'category'
  | 'text'
  | 'photoIds'
  | 'authorUserId'
  | 'authorName'
  | 'shiftId'
  | 'correctsId'
  | 'source'
  | 'hash'
  | 'prevHash'
  | 'createdAt'
>;

/** A correction as the list reads it (json: its instants as text). */
export interface CorrectionJson {
  id: string;
  number: number;
  occurredAt: string;
  text: string;
  authorUserId: string | null;
  authorName: string;
  createdAt: string;
}

/** A listed entry and its corrections, oldest first (json, parsed by the driver or not). */
export type ListedEntry = EntryRow & { corrections: CorrectionJson[] | string | null };
