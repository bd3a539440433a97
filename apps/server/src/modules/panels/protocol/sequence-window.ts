// Duplicate detection for the receiver. A panel whose ACK was lost sends the same frame again (same
// sequence, same content): it must be answered ACK again and create nothing twice. Each panel
// (prefix, account) keeps the (sequence, content) pairs it sent recently; a pair seen again within
// `ttlMs` is a duplicate. Keying on the pair, not on "sequence greater than the last", is what makes
// the wrap from 9999 to 0001 (and a panel restarting its count) need no special case: a new number,
// or an old number with new content, is new. The content hash should leave the timestamp out, since a
// panel may re-stamp a resend. Memory is bounded: `perPanel` pairs per panel and `maxPanels` panels
// (the least recently heard is forgotten first).
//
// A NULL frame in clear repeats the same sequence and content: it is reported as a duplicate, which
// is harmless (supervision is restarted by any intact frame, duplicate or not).

import { createHash } from 'node:crypto';
import type { Dc09Frame } from './frame';

export type SequenceVerdict = 'new' | 'duplicate';

type Seen = { sequence: string; hash: string; at: number };

export type SequenceWindowOptions = { perPanel?: number; maxPanels?: number; ttlMs?: number };

export class SequenceWindow {
  private readonly panels = new Map<string, Seen[]>();
  private readonly perPanel: number;
  private readonly maxPanels: number;
  private readonly ttlMs: number;

  constructor(options: SequenceWindowOptions = {}) {
    this.perPanel = options.perPanel ?? 32;
    this.maxPanels = options.maxPanels ?? 100_000;
    this.ttlMs = options.ttlMs ?? 30 * 60_000;
  }

  /** Records the frame and says whether it was seen already. `key`: see `panelLookupKey`. */
  check(
    key: string,
    sequence: string | number,
    contentHash: string,
    now: number = Date.now(),
  ): SequenceVerdict {
    const seq = String(sequence).padStart(4, '0');
    const seen = this.panels.get(key) ?? [];
    // Re-inserting moves the panel to the end of the Map's order: the first key is the least recent.
    this.panels.delete(key);
    const fresh = seen.filter((s) => now - s.at <= this.ttlMs);
    const duplicate = fresh.some((s) => s.sequence === seq && s.hash === contentHash);
    if (!duplicate) {
      fresh.push({ sequence: seq, hash: contentHash, at: now });
      if (fresh.length > this.perPanel) fresh.splice(0, fresh.length - this.perPanel);
    }
    this.panels.set(key, fresh);
    while (this.panels.size > this.maxPanels) {
      const oldest = this.panels.keys().next().value;
      if (oldest === undefined) break;
      this.panels.delete(oldest);
    }
    return duplicate ? 'duplicate' : 'new';
  }

  /** Forgets a panel (deleted, or its account changed). */
  forget(key: string): void {
    this.panels.delete(key);
  }

  get size(): number {
    return this.panels.size;
  }
}

/** The content a resend repeats: id, data and x-data (not the timestamp), hashed. */
export function frameContentHash(frame: Pick<Dc09Frame, 'id' | 'data' | 'extended'>): string {
  const extended = frame.extended.map((x) => `[${x.id}${x.value}]`).join('');
  return createHash('sha256').update(`${frame.id}\n${frame.data}\n${extended}`, 'utf8').digest('hex');
}
