// The agent's outbox: an ordered queue of writes kept on the phone and sent strictly in order, one
// at a time. A network failure (or a server down) stops the drain, and it starts again later with a
// growing delay, on the browser's `online` event or on the next write; a 2xx — a resend's answer
// included, the server recognising its `clientRef` — removes the item; a refusal (4xx) moves it to
// the « Non envoyés » list with the server's reason, and it is never sent again unless the agent
// asks. One drain at a time in the tab, and one tab at a time (Web Locks): nothing is sent twice
// concurrently, and what a lost answer makes us send again the server answers without writing.
import type { NewOutboxItem, OutboxItem, OutboxOperation, OutboxStore } from './outbox-types';

export type FailureVerdict =
  | { verdict: 'retry' }
  | { verdict: 'stop' }
  | { verdict: 'refused'; reason: string };

/** What became of one write at its first attempt: sent, refused, or kept for later. */
export type Outcome =
  | { status: 'sent'; answer: unknown }
  | { status: 'rejected'; reason: string }
  | { status: 'waiting' };

export interface OutboxDeps {
  store: OutboxStore;
  send: (item: OutboxItem) => Promise<unknown>;
  /** Retried later (network, server down), drain stopped (session over), or refused for good. */
  classify: (error: unknown) => FailureVerdict;
  currentUser: () => string | null;
  /** Runs `work` while no other tab drains (Web Locks in the browser). */
  exclusive?: (work: () => Promise<void>) => Promise<void>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  newRef?: () => string;
  now?: () => Date;
}

export interface OutboxState {
  /** The signed-in user's items, in order. */
  pending: OutboxItem[];
  rejected: OutboxItem[];
  sending: boolean;
}

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** 2, 4, 8, 16, 32 then 60 s between attempts while the network stays away. */
export const retryDelay = (failures: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));

export class Outbox {
  private items: OutboxItem[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private sending = false;
  private failures = 0;
  private timer: unknown = null;
  private state: OutboxState = { pending: [], rejected: [], sending: false };
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, (outcome: Outcome) => void>();
  private readonly sentHooks = new Set<(item: OutboxItem, answer: unknown) => void>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Reads the stored queue (at start: what an earlier visit left). */
  async load() {
    this.items = await this.deps.store.list();
    this.emit();
  }

  getState = (): OutboxState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Called with the server's answer of each write sent (to refresh what the page shows). */
  onSent(hook: (item: OutboxItem, answer: unknown) => void) {
    this.sentHooks.add(hook);
    return () => {
      this.sentHooks.delete(hook);
    };
  }

  /**
   * Queues a write of the signed-in user, then tries to send what is waiting. `outcome` tells what
   * became of this write at its first attempt (the page shows the server's verdict, or « gardé »).
   */
  async enqueue(
    op: OutboxOperation & { label: string },
  ): Promise<{ item: OutboxItem; outcome: Promise<Outcome> }> {
    const userId = this.deps.currentUser();
    if (!userId) throw new Error('No session: nothing can be queued');
    const item: NewOutboxItem = {
      ...op,
      clientRef: (this.deps.newRef ?? (() => crypto.randomUUID()))(),
      userId,
      createdAt: (this.deps.now?.() ?? new Date()).toISOString(),
      status: 'pending',
    };
    const stored = await this.deps.store.add(item);
    this.items = [...this.items.filter((i) => i.seq !== stored.seq), stored];
    const outcome = this.outcome(stored.clientRef);
    this.emit();
    void this.drain();
    return { item: stored, outcome };
  }

  /** Resolves when the item's next attempt is over: sent, refused, or left for later. */
  private outcome(clientRef: string): Promise<Outcome> {
    return new Promise((resolve) => {
      const before = this.waiters.get(clientRef);
      this.waiters.set(clientRef, (o) => {
        before?.(o);
        resolve(o);
      });
    });
  }

  /** A refused write the agent sends again (its place in the order is kept). */
  async retry(seq: number) {
    const item = this.items.find((i) => i.seq === seq);
    if (item?.status !== 'rejected') return;
    const { reason: _reason, ...rest } = item;
    const pending: OutboxItem = { ...rest, status: 'pending' };
    await this.deps.store.put(pending);
    this.items = this.items.map((i) => (i.seq === seq ? pending : i));
    this.emit();
    void this.drain();
  }

  /** A refused write the agent has read and lets go. */
  async discard(seq: number) {
    const item = this.items.find((i) => i.seq === seq);
    if (item?.status !== 'rejected') return;
    await this.deps.store.remove(seq);
    this.items = this.items.filter((i) => i.seq !== seq);
    this.emit();
  }

  /** Sends what is waiting, in order; one drain at a time (a call during one runs it again after). */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer !== null) {
      (this.deps.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
      this.timer = null;
    }
    const exclusive = this.deps.exclusive ?? ((work) => work());
    this.running = (async () => {
      try {
        let blocked = false;
        do {
          this.again = false;
          await exclusive(async () => {
            blocked = await this.pass();
          });
        } while (this.again && !blocked);
        // Writes queued after the failure wait with the others (their page must not spin).
        if (blocked) for (const item of this.items) this.settle(item.clientRef, { status: 'waiting' });
      } finally {
        this.running = null;
        this.sending = false;
        this.emit();
      }
    })();
    return this.running;
  }

  /** One pass over the queue; true when it stopped on a failure (the rest waits). */
  private async pass(): Promise<boolean> {
    // Another tab may have sent (or queued) items meanwhile: the store is the truth.
    this.items = await this.deps.store.list();
    const userId = this.deps.currentUser();
    for (;;) {
      const next = this.items.find((i) => i.status === 'pending' && i.userId === userId);
      if (!next) {
        this.failures = 0;
        return false;
      }
      this.sending = true;
      this.emit();
      let answer: unknown;
      try {
        answer = await this.deps.send(next);
      } catch (error) {
        const verdict = this.deps.classify(error);
        if (verdict.verdict === 'refused') {
          const rejected: OutboxItem = { ...next, status: 'rejected', reason: verdict.reason };
          await this.deps.store.put(rejected);
          this.items = this.items.map((i) => (i.seq === next.seq ? rejected : i));
          this.settle(next.clientRef, { status: 'rejected', reason: verdict.reason });
          this.emit();
          continue;
        }
        // The network (or the session) is away: this item and every later one wait, in order.
        for (const item of this.items) this.settle(item.clientRef, { status: 'waiting' });
        if (verdict.verdict === 'retry') this.scheduleRetry();
        return true;
      }
      await this.deps.store.remove(next.seq);
      this.items = this.items.filter((i) => i.seq !== next.seq);
      this.failures = 0;
      this.settle(next.clientRef, { status: 'sent', answer });
      for (const hook of this.sentHooks) hook(next, answer);
      this.emit();
    }
  }

  private scheduleRetry() {
    this.failures += 1;
    const setTimer = this.deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
    this.timer = setTimer(() => {
      this.timer = null;
      void this.drain();
    }, retryDelay(this.failures));
  }

  private settle(clientRef: string, outcome: Outcome) {
    const waiter = this.waiters.get(clientRef);
    if (!waiter) return;
    this.waiters.delete(clientRef);
    waiter(outcome);
  }

  private emit() {
    const userId = this.deps.currentUser();
    const mine = this.items.filter((i) => i.userId === userId);
    this.state = {
      pending: mine.filter((i) => i.status === 'pending'),
      rejected: mine.filter((i) => i.status === 'rejected'),
      sending: this.sending,
    };
    for (const listener of this.listeners) listener();
  }
}
