// A bounded in-memory cache whose entries belong to one company each and die with any change to
// that company's data (ChangeClock, fed by the database's change feed and by this instance's own
// writes). Used for resolved sessions and for list answers: docs/decisions/0006.
import { LRUCache } from 'lru-cache';
import type { ChangeClock } from '../db/change-feed';

interface Entry<V> {
  companyId: string;
  begin: number;
  value: V;
}

export class CompanyCache<V extends object> {
  private readonly lru: LRUCache<string, Entry<V>>;

  constructor(
    private readonly clock: ChangeClock,
    opts: { ttlMs: number; maxBytes: number; sizeOf: (value: V) => number },
  ) {
    this.lru = new LRUCache<string, Entry<V>>({
      ttl: opts.ttlMs,
      maxSize: opts.maxBytes,
      sizeCalculation: (e, key) => Math.max(1, opts.sizeOf(e.value) + key.length),
    });
  }

  get(key: string): V | undefined {
    const e = this.lru.get(key);
    if (!e) return undefined;
    if (this.clock.isCurrent(e.companyId, e.begin)) return e.value;
    this.lru.delete(key);
    return undefined;
  }

  /** Keeps `value`, read after `begin`, unless the company changed since (the read may be stale). */
  set(key: string, companyId: string, begin: number | null, value: V) {
    if (begin === null || !this.clock.isCurrent(companyId, begin)) return;
    this.lru.set(key, { companyId, begin, value });
  }

  delete(key: string) {
    this.lru.delete(key);
  }

  get size() {
    return this.lru.size;
  }
}
