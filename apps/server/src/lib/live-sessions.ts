// Long-lived connections (the event stream, push-to-talk, anything new) and the session each was
// opened with. A request checks its session once; a connection lives for hours, so the registry
// checks again: every connection at least once per `recheckMs` (at most 60 s), and at once those of
// a company whose users, sessions or access changed (`recheck`, fed by the database's change feed on
// every instance). A connection whose session ended (logout, expiry, a deleted user, sessions ended
// by an administrator), whose role changed or whose own condition no longer holds is closed.
// Generic over what a session resolves to, so that it knows nothing of the modules.

/** Why a connection was closed: its session (ended, role changed, refused) or what it shows. */
export type LiveCloseReason = 'session' | 'access';

export interface LiveConnection<A> {
  companyId: string;
  userId: string;
  /** The role the connection was opened with: a change of role closes it. */
  role: string;
  /** The session token's hash (what the session is looked up by). */
  tokenHash: string;
  /** The client's address, for the company's IP allowlist. */
  ip: string;
  /** Tables of the change feed, besides the access tables, whose change re-checks this connection. */
  tables?: readonly string[];
  /** What the connection shows, still allowed to this session (a channel's membership); false closes it. */
  stillAllowed?: (auth: A) => Promise<boolean>;
  /** Closes the connection; called once. */
  close: (reason: LiveCloseReason) => void;
}

export interface LiveSessionsOptions<A> {
  /** The session of a token hash; null when it ended (revoked, expired, user gone). May throw. */
  resolve: (tokenHash: string) => Promise<A | null>;
  /** Whether the resolved session still allows this connection (same user and role, company rules). */
  permits: (auth: A, conn: LiveConnection<A>) => boolean;
  /** Longest time between two checks of one connection. */
  recheckMs: number;
  onError: (err: unknown) => void;
}

interface Entry<A> {
  conn: LiveConnection<A>;
  checkedAt: number;
  closed: boolean;
}

/** Checks run at once: a re-check of a large company must leave the pool to the requests. */
const CONCURRENCY = 4;

export class LiveSessions<A> {
  private readonly byCompany = new Map<string, Set<Entry<A>>>();
  /** How many connections declared each table: the change feed's other writes cost one look-up. */
  private readonly tables = new Map<string, number>();
  private count = 0;
  private readonly due = new Set<Entry<A>>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly opts: LiveSessionsOptions<A>) {}

  /** The periodic pass runs this often; a connection is due `recheckMs - tick` after its check. */
  get tickMs() {
    return Math.max(10, Math.floor(this.opts.recheckMs / 4));
  }

  get size() {
    return this.count;
  }

  start() {
    this.stopped = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.sweep(), this.tickMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.due.clear();
    await this.running;
  }

  /** Adds a connection (checked when it opened); answers the function that removes it. */
  add(conn: LiveConnection<A>): () => void {
    const entry: Entry<A> = { conn, checkedAt: Date.now(), closed: false };
    const set = this.byCompany.get(conn.companyId) ?? new Set<Entry<A>>();
    this.byCompany.set(conn.companyId, set);
    set.add(entry);
    this.count += 1;
    for (const t of conn.tables ?? []) this.tables.set(t, (this.tables.get(t) ?? 0) + 1);
    return () => this.remove(entry);
  }

  /**
   * Whether a connection about to open is allowed: its session is alive and permits it, and its own
   * condition holds. Throws when the database cannot tell.
   */
  async verify(conn: LiveConnection<A>): Promise<boolean> {
    const auth = await this.opts.resolve(conn.tokenHash);
    if (!auth || !this.opts.permits(auth, conn)) return false;
    return conn.stillAllowed ? conn.stillAllowed(auth) : true;
  }

  /** Re-checks now the connections of a company (null: of every company) that `filter` keeps. */
  recheck(companyId: string | null, filter?: (conn: LiveConnection<A>) => boolean) {
    if (this.stopped) return;
    const sets = companyId === null ? [...this.byCompany.values()] : [this.byCompany.get(companyId)];
    let added = false;
    for (const set of sets) {
      if (!set) continue;
      for (const e of set) {
        if (filter && !filter(e.conn)) continue;
        this.due.add(e);
        added = true;
      }
    }
    if (added) this.run();
  }

  /** Re-checks the connections of a company that declared `table` among theirs. */
  recheckTable(companyId: string, table: string) {
    if (!this.tables.has(table)) return;
    this.recheck(companyId, (c) => c.tables?.includes(table) ?? false);
  }

  /** The periodic pass: every connection whose last check is about to be `recheckMs` old. */
  private sweep() {
    const before = Date.now() - (this.opts.recheckMs - this.tickMs);
    let added = false;
    for (const set of this.byCompany.values()) {
      for (const e of set) {
        if (e.checkedAt > before) continue;
        this.due.add(e);
        added = true;
      }
    }
    if (added) this.run();
  }

  private remove(entry: Entry<A>) {
    if (entry.closed) return;
    entry.closed = true;
    this.due.delete(entry);
    this.count -= 1;
    for (const t of entry.conn.tables ?? []) {
      const n = (this.tables.get(t) ?? 1) - 1;
      if (n > 0) this.tables.set(t, n);
      else this.tables.delete(t);
    }
    const set = this.byCompany.get(entry.conn.companyId);
    set?.delete(entry);
    if (set?.size === 0) this.byCompany.delete(entry.conn.companyId);
  }

  /** Runs passes until nothing is due; a pass already under way takes the new ones after it. */
  private run() {
    if (this.running) return;
    this.running = (async () => {
      while (this.due.size > 0 && !this.stopped) {
        const batch = [...this.due];
        this.due.clear();
        await this.check(batch);
      }
    })()
      .catch(this.opts.onError)
      .finally(() => {
        this.running = null;
        // Added while the last pass was ending.
        if (this.due.size > 0 && !this.stopped) this.run();
      });
  }

  private async check(batch: Entry<A>[]) {
    // One look-up per session, however many connections it holds.
    const sessions = new Map<string, Promise<A | null | undefined>>();
    const sessionOf = (hash: string) => {
      let p = sessions.get(hash);
      if (!p) {
        // undefined: the database could not tell; the connection stays and is tried again.
        p = this.opts.resolve(hash).catch((err: unknown) => {
          this.opts.onError(err);
          return undefined;
        });
        sessions.set(hash, p);
      }
      return p;
    };
    let next = 0;
    const worker = async () => {
      while (next < batch.length && !this.stopped) {
        const e = batch[next++] as Entry<A>;
        if (e.closed) continue;
        const checkedAt = Date.now();
        const auth = await sessionOf(e.conn.tokenHash);
        if (auth === undefined || e.closed) continue;
        if (auth === null || !this.opts.permits(auth, e.conn)) {
          this.close(e, 'session');
          continue;
        }
        let allowed: boolean | undefined = true;
        if (e.conn.stillAllowed) {
          allowed = await e.conn.stillAllowed(auth).catch((err: unknown) => {
            this.opts.onError(err);
            return undefined;
          });
        }
        if (allowed === undefined || e.closed) continue;
        if (!allowed) {
          this.close(e, 'access');
          continue;
        }
        e.checkedAt = checkedAt;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
  }

  private close(e: Entry<A>, reason: LiveCloseReason) {
    if (e.closed) return;
    this.remove(e);
    try {
      e.conn.close(reason);
    } catch (err) {
      this.opts.onError(err);
    }
  }
}
