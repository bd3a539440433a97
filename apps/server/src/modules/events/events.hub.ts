// One per instance: a single LISTEN connection receives every company's event notifications and
// fans them out to this instance's SSE streams of that company. The events table stays the truth:
// a stream that (re)connects replays from it, and so does every stream after the LISTEN connection
// itself was lost.
import type { ServerResponse } from 'node:http';
import type { UserRole } from '@vigie/contract/enums';
import type { Database } from '../../db/client';
import { eventsAfter, findEvent, lastEventId, type StoredEvent } from './events.repository';
import { EVENTS_CHANNEL } from './events.sql';

/** How far back a reconnecting client is caught up. */
export const REPLAY_WINDOW_MS = 3600_000;
const REPLAY_LIMIT = 5000;
/** A client this far behind is cut off; it reconnects and replays from the table. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Events only some roles receive (escalations go to the people who must act on them). */
const audience: Record<string, UserRole[]> = {
  'alarm.escalated': ['admin', 'operator'],
  // Positions and interventions are the control room's: an agent never follows another's.
  'intervention.changed': ['admin', 'operator'],
  'agent.position': ['admin', 'operator'],
  'radio.position': ['admin', 'operator'],
};
const visibleTo = (type: string, role: UserRole) => audience[type]?.includes(role) ?? true;

export interface Subscriber {
  companyId: string;
  role: UserRole;
  res: ServerResponse;
  /** Newest event id written to this stream. */
  lastId: number;
  /** Live events that arrive while the replay runs, sent after it (ids not yet sent). */
  held: StoredEvent[] | null;
  pending: string;
}

/** The event as written to every stream of its company: serialised once, not once per stream. */
const frames = new WeakMap<StoredEvent, string>();
const frame = (e: StoredEvent) => {
  let text = frames.get(e);
  if (text === undefined) {
    text = `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ type: e.type, at: e.at, data: e.payload })}\n\n`;
    frames.set(e, text);
  }
  return text;
};

/** The stream's control frame sent once attached (see `attach`); not a company event. */
export const READY_EVENT = 'ready';
const readyFrame = (lastId: number, resync: boolean) =>
  `id: ${lastId}\nevent: ${READY_EVENT}\ndata: ${JSON.stringify({
    type: READY_EVENT,
    at: new Date().toISOString(),
    data: { resync },
  })}\n\n`;

export class EventHub {
  private subs = new Map<string, Set<Subscriber>>();
  private dirty = new Set<Subscriber>();
  private flushScheduled = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start() {
    this.unlisten = await this.db.listen(
      EVENTS_CHANNEL,
      (text) => this.onNotify(text),
      () => this.resyncAll(),
    );
  }

  async stop() {
    for (const set of this.subs.values()) for (const s of set) s.res.end();
    this.subs.clear();
    await this.unlisten?.();
  }

  get size() {
    let n = 0;
    for (const set of this.subs.values()) n += set.size;
    return n;
  }

  /**
   * Attaches a stream; with `afterId` it first replays what the client missed. Then a `ready` frame
   * says that every event from here on reaches the client, with the id to resume from: without it a
   * client that had read its screens before the stream was attached (a page being opened), or that
   * reconnects before any event came, could miss what happened in between. `resync` tells the
   * client that the replay did not cover that gap (a fresh stream, or more missed than replayed), so
   * it reads again what the stream keeps fresh.
   */
  async attach(sub: Subscriber, afterId: number | undefined) {
    const set = this.subs.get(sub.companyId) ?? new Set<Subscriber>();
    this.subs.set(sub.companyId, set);
    set.add(sub);
    let resync = true;
    if (afterId === undefined) {
      const newest = await this.db.withTenant(sub.companyId, (tx) => lastEventId(tx, sub.companyId));
      sub.lastId = Math.max(sub.lastId, newest);
    } else {
      sub.lastId = afterId;
      resync = (await this.replay(sub)) >= REPLAY_LIMIT;
    }
    // The client may have left meanwhile.
    if (!this.subs.get(sub.companyId)?.has(sub)) return;
    sub.pending += readyFrame(sub.lastId, resync);
    this.schedule(sub);
  }

  detach(sub: Subscriber) {
    const set = this.subs.get(sub.companyId);
    set?.delete(sub);
    if (set?.size === 0) this.subs.delete(sub.companyId);
    this.dirty.delete(sub);
  }

  /** Writes a comment line to every stream (proxies close silent connections). */
  heartbeat() {
    for (const set of this.subs.values()) for (const s of set) s.res.write(': ping\n\n');
  }

  /**
   * Sends the stored events after the stream's last id. Live events arriving meanwhile are held and
   * sent after it, unless the replay already had them.
   */
  private async replay(sub: Subscriber): Promise<number> {
    sub.held = sub.held ?? [];
    const since = new Date(Date.now() - REPLAY_WINDOW_MS);
    const sent = new Set<number>();
    try {
      const missed = await this.db.withTenant(sub.companyId, (tx) =>
        eventsAfter(tx, sub.companyId, sub.lastId, since, REPLAY_LIMIT),
      );
      for (const e of missed) {
        sent.add(e.id);
        this.push(sub, e);
      }
      return missed.length;
    } finally {
      const held = sub.held ?? [];
      sub.held = null;
      for (const e of held) if (!sent.has(e.id)) this.push(sub, e);
    }
  }

  /** After the LISTEN connection came back: every stream catches up from the table. */
  private resyncAll() {
    for (const set of this.subs.values()) {
      for (const s of set) this.replay(s).catch(this.onError);
    }
  }

  private onNotify(text: string) {
    let n: { c: string; i: number; t: string; at: string; p?: Record<string, unknown> | null };
    try {
      n = JSON.parse(text);
    } catch (err) {
      this.onError(err);
      return;
    }
    if (!this.subs.has(n.c)) return;
    if (n.p) {
      this.deliver(n.c, { id: Number(n.i), type: n.t, payload: n.p, at: new Date(n.at).toISOString() });
      return;
    }
    // Too large to ride in the notification: read it.
    this.db
      .withTenant(n.c, (tx) => findEvent(tx, n.c, Number(n.i)))
      .then((e) => e && this.deliver(n.c, e))
      .catch(this.onError);
  }

  private deliver(companyId: string, e: StoredEvent) {
    const set = this.subs.get(companyId);
    if (!set) return;
    for (const s of set) {
      if (s.held) s.held.push(e);
      else this.push(s, e);
    }
  }

  /**
   * Live events are sent as they commit, which is not always id order under concurrent writers, so
   * nothing is dropped for a lower id; `lastId` only marks where a resync starts.
   */
  private push(sub: Subscriber, e: StoredEvent) {
    if (e.id > sub.lastId) sub.lastId = e.id;
    if (!visibleTo(e.type, sub.role)) return;
    sub.pending += frame(e);
    this.schedule(sub);
  }

  private schedule(sub: Subscriber) {
    this.dirty.add(sub);
    // Coalesced: at thousands of events a second, one write per stream per turn of the event loop.
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush() {
    this.flushScheduled = false;
    for (const s of this.dirty) {
      const chunk = s.pending;
      s.pending = '';
      if (s.res.writableLength > MAX_BUFFERED_BYTES) {
        this.detach(s);
        s.res.destroy();
        continue;
      }
      s.res.write(chunk);
    }
    this.dirty.clear();
  }
}
