// Sign-in throttling. Two counts per attempt, each a fixed window that starts at its first failure:
// - the account (the e-mail typed, known or not, so that a 429 tells nothing about existence; for
//   the second step, the user): after `LOGIN_MAX_FAILURES_PER_ACCOUNT` failures (default 10) within
//   the window it is locked for `LOGIN_LOCK_MINUTES` (default 15), from any address;
// - the client address (an IPv6 client by its /64, lib/client-address.ts): 50 failures, 15 minutes.
// A successful sign-in clears the account's count, not the address's. A locked attempt is refused
// before any password is checked and is not counted (the lock is not extended by it).
//
// Where the counts live: account counts always in the database (table login_throttle, migration
// 0039), so no spray of other keys can push a lock out. Address counts in the database on
// PostgreSQL (every instance sees the same counts), in a bounded in-memory map on the embedded
// engine (one process by construction); that map forgets its least recently used keys when full,
// never the whole map. Cost: a sign-in reads its keys in one statement; a failure adds one upsert.
import type { Db } from '../../db/client';
import { clientKey } from '../../lib/client-address';
import * as repo from './login-throttle.repository';

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_IP = 50;
export const DEFAULT_MAX_FAILURES_PER_ACCOUNT = 10;
/** Keys the in-memory store keeps at most before it forgets the least recently used ones. */
export const MEMORY_CAPACITY = 100_000;

export interface ThrottleRule {
  /** Failures that lock the key (the attempt that reaches it was still allowed). */
  max: number;
  windowMs: number;
  lockMs: number;
}

export interface KeyState {
  failures: number;
  /** Epoch ms, or null when not locked. */
  lockedUntil: number | null;
}

export interface ThrottleStore {
  /** The live state (window or lock still running) of those keys that have one. */
  read(keys: string[], now: number): Promise<Map<string, KeyState>>;
  /** Counts one failure for each key, and locks the keys that reach their rule's maximum. */
  fail(entries: { key: string; rule: ThrottleRule }[], now: number): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

type Entry = KeyState & { windowEndsAt: number };

/** A bounded map: full, it forgets the least recently used keys (read or written), one at a time. */
export class MemoryThrottleStore implements ThrottleStore {
  private entries = new Map<string, Entry>();

  constructor(private capacity = MEMORY_CAPACITY) {}

  get size() {
    return this.entries.size;
  }

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.windowEndsAt <= now && !(e.lockedUntil !== null && e.lockedUntil > now)) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, e);
    return e;
  }

  async read(keys: string[], now: number) {
    const out = new Map<string, KeyState>();
    for (const key of keys) {
      const e = this.live(key, now);
      if (e) out.set(key, { failures: e.failures, lockedUntil: e.lockedUntil });
    }
    return out;
  }

  async fail(entries: { key: string; rule: ThrottleRule }[], now: number) {
    for (const { key, rule } of entries) {
      let e = this.live(key, now);
      if (!e || e.windowEndsAt <= now) {
        e = { failures: 0, windowEndsAt: now + rule.windowMs, lockedUntil: e?.lockedUntil ?? null };
        this.entries.set(key, e);
      }
      e.failures++;
      if (e.failures >= rule.max && !(e.lockedUntil !== null && e.lockedUntil > now))
        e.lockedUntil = now + rule.lockMs;
    }
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  async clear(keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }
}

/**
 * The counts in the table login_throttle, shared by every instance on the database. Keys are
 * stored as `hash(key)` (an HMAC: no e-mail or address in clear). Old rows are deleted by `purge`,
 * which `fail` runs at most once per `purgeEveryMs` on this instance.
 */
export class DatabaseThrottleStore implements ThrottleStore {
  private lastPurge = 0;

  constructor(
    private db: Db,
    private hash: (key: string) => string,
    private purgeEveryMs = 5 * 60_000,
  ) {}

  async read(keys: string[], now: number) {
    const hashed = new Map(keys.map((k) => [this.hash(k), k]));
    const rows = await repo.readThrottleRows(this.db, [...hashed.keys()], now);
    const out = new Map<string, KeyState>();
    for (const r of rows) {
      const key = hashed.get(r.key);
      if (key === undefined) continue;
      out.set(key, {
        failures: Number(r.failures),
        lockedUntil: r.locked_until === null ? null : new Date(r.locked_until).getTime(),
      });
    }
    return out;
  }

  async fail(entries: { key: string; rule: ThrottleRule }[], now: number) {
    if (entries.length === 0) return;
    await repo.recordThrottleFailures(
      this.db,
      entries.map(({ key, rule }) => ({ hashedKey: this.hash(key), ...rule })),
      now,
    );
    if (now - this.lastPurge >= this.purgeEveryMs) {
      this.lastPurge = now;
      await this.purge(now);
    }
  }

  async clear(keys: string[]) {
    if (keys.length === 0) return;
    await repo.deleteThrottleRows(
      this.db,
      keys.map((k) => this.hash(k)),
    );
  }

  /** Deletes the rows whose window and lock are both over; answers how many. */
  async purge(now: number) {
    return repo.purgeThrottleRows(this.db, now);
  }
}

export interface LoginThrottleOptions {
  /** Where account (e-mail, second-step user) counts live. */
  accounts: ThrottleStore;
  /** Where address counts live (the same store: one statement for both). */
  addresses: ThrottleStore;
  maxFailuresPerAccount?: number;
  lockMs?: number;
  now?: () => number;
}

export interface ThrottleCheck {
  blocked: boolean;
  /** The account has failures on record (cleared after a success). */
  accountFailures: boolean;
}

export class LoginThrottle {
  private accountRule: ThrottleRule;
  private addressRule: ThrottleRule;
  private now: () => number;

  constructor(private opts: LoginThrottleOptions) {
    this.accountRule = {
      max: opts.maxFailuresPerAccount ?? DEFAULT_MAX_FAILURES_PER_ACCOUNT,
      windowMs: WINDOW_MS,
      lockMs: opts.lockMs ?? WINDOW_MS,
    };
    this.addressRule = { max: MAX_FAILURES_PER_IP, windowMs: WINDOW_MS, lockMs: WINDOW_MS };
    this.now = opts.now ?? Date.now;
  }

  /** `a:<e-mail>` for the first step; `2fa:<user id>` for the second. */
  static account(email: string) {
    return `a:${email.trim().toLowerCase()}`;
  }

  private keys(account: string, ip: string) {
    return { account, address: `i:${clientKey(ip)}` };
  }

  async check(account: string, ip: string): Promise<ThrottleCheck> {
    const k = this.keys(account, ip);
    const now = this.now();
    const { accounts, addresses } = this.opts;
    let states: Map<string, KeyState>;
    if (accounts === addresses) states = await accounts.read([k.account, k.address], now);
    else {
      const [a, b] = await Promise.all([accounts.read([k.account], now), addresses.read([k.address], now)]);
      states = new Map([...a, ...b]);
    }
    const locked = (s: KeyState | undefined) => s?.lockedUntil != null && s.lockedUntil > now;
    return {
      blocked: locked(states.get(k.account)) || locked(states.get(k.address)),
      accountFailures: states.has(k.account),
    };
  }

  async failed(account: string, ip: string) {
    const k = this.keys(account, ip);
    const now = this.now();
    const { accounts, addresses } = this.opts;
    const a = { key: k.account, rule: this.accountRule };
    const b = { key: k.address, rule: this.addressRule };
    if (accounts === addresses) await accounts.fail([a, b], now);
    else await Promise.all([accounts.fail([a], now), addresses.fail([b], now)]);
  }

  /** After a successful sign-in: the account's count starts again (a statement only if it had one). */
  async succeeded(account: string, check: ThrottleCheck) {
    if (check.accountFailures) await this.opts.accounts.clear([account]);
  }
}
