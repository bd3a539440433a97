// A hash chain of numbered entries (the main courante, an alarm's file): each entry's hash is the
// SHA-256 of a fixed-order JSON array of its fields with its number and the previous entry's hash,
// so that a removed, changed or reordered entry breaks every hash after it. The array's text is cut
// around the number so that the database can seal an entry in the statement that numbers it
// (hash-chain.sql.ts) and the code can still recompute every hash (the chain checks).
import { createHash } from 'node:crypto';

/** prev_hash of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The values of a JSON array without its brackets. */
export const jsonInner = (values: unknown[]) => JSON.stringify(values).slice(1, -1);

/**
 * canonical = before + number + after + JSON(prevHash) + ']' — the same text as JSON.stringify of
 * [...head, number, ...tail, prevHash].
 */
export function chainParts(head: unknown[], tail: unknown[]) {
  return { before: `[${jsonInner(head)},`, after: `,${jsonInner(tail)},` };
}

/** The SHA-256 (hex) of an entry's canonical form. */
export function chainHash(parts: { before: string; after: string }, number: number, prevHash: string) {
  const canonical = `${parts.before}${number}${parts.after}${JSON.stringify(prevHash)}]`;
  return createHash('sha256').update(canonical).digest('hex');
}
