import { describe, expect, it } from 'vitest';
import { type FailureVerdict, Outbox, type OutboxDeps, retryDelay } from './outbox';
import { memoryStore, type OutboxItem, type OutboxStore } from './outbox-types';

class NetworkDown extends Error {}
class Refused extends Error {}
class SessionOver extends Error {}

const classify = (error: unknown): FailureVerdict =>
  error instanceof Refused
    ? { verdict: 'refused', reason: error.message }
    : error instanceof SessionOver
      ? { verdict: 'stop' }
      : { verdict: 'retry' };

/** A server that records every send, answers after a tick, and can be made unreachable or refuse. */
function fakeServer() {
  const received: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const state = { down: false, refuse: new Set<string>(), sessionOver: false };
  const send = async (item: OutboxItem) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    if (state.sessionOver) throw new SessionOver();
    if (state.down) throw new NetworkDown();
    if (state.refuse.has(item.label)) throw new Refused(`Refusé : ${item.label}`);
    received.push(item.label);
    return { ok: item.label };
  };
  return { received, state, send, maxInFlight: () => maxInFlight };
}

/** Timers kept in a list: a test fires them when it wants. */
function manualTimers() {
  const timers: { fn: () => void; ms: number }[] = [];
  return {
    timers,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const i = timers.indexOf(t as { fn: () => void; ms: number });
      if (i >= 0) timers.splice(i, 1);
    },
    fire: () => {
      for (const t of timers.splice(0)) t.fn();
    },
  };
}

let refs = 0;
function outboxWith(server: ReturnType<typeof fakeServer>, extra: Partial<OutboxDeps> = {}) {
  const timers = manualTimers();
  const user = { id: 'agent-1' as string | null };
  const outbox = new Outbox({
    store: memoryStore(),
    send: server.send,
    classify,
    currentUser: () => user.id,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    newRef: () => `ref-${++refs}`,
    ...extra,
  });
  return { outbox, timers, user };
}

const entry = (text: string) => ({
  kind: 'logbook' as const,
  label: text,
  payload: { siteId: 's', category: 'autre', text, occurredAt: new Date().toISOString(), photos: [] },
});

describe('agent outbox', () => {
  it('sends strictly in order, one at a time, and forgets what the server took', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server);
    const results = await Promise.all(['A', 'B', 'C', 'D'].map((t) => outbox.enqueue(entry(t))));
    await outbox.drain();
    expect(server.received).toEqual(['A', 'B', 'C', 'D']);
    expect(server.maxInFlight()).toBe(1);
    expect(outbox.getState().pending).toEqual([]);
    expect(await results[2]?.outcome).toEqual({ status: 'sent', answer: { ok: 'C' } });
  });

  it('stops at a network failure, keeps the order, and starts again later with a growing delay', async () => {
    const server = fakeServer();
    const { outbox, timers } = outboxWith(server);
    server.state.down = true;
    const a = await outbox.enqueue(entry('A'));
    await outbox.enqueue(entry('B'));
    await outbox.drain();
    expect(await a.outcome).toEqual({ status: 'waiting' });
    expect(server.received).toEqual([]);
    expect(outbox.getState().pending.map((i) => i.label)).toEqual(['A', 'B']);
    // One retry waits, with the delay growing at each failure.
    expect(timers.timers.map((t) => t.ms)).toEqual([2_000]);
    timers.fire();
    await outbox.drain();
    expect(timers.timers.map((t) => t.ms)).toEqual([4_000]);

    server.state.down = false;
    await outbox.enqueue(entry('C'));
    await outbox.drain();
    expect(server.received).toEqual(['A', 'B', 'C']);
    expect(timers.timers).toEqual([]);
    expect([1, 2, 3, 6, 9].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 60_000, 60_000]);
  });

  it('never sends an item twice, however often the drain is asked for', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server);
    const writes = ['A', 'B', 'C', 'D', 'E', 'F'].map((t) => outbox.enqueue(entry(t)));
    const drains = Array.from({ length: 10 }, () => outbox.drain());
    await Promise.all([...writes, ...drains]);
    await outbox.drain();
    expect(server.received).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(server.maxInFlight()).toBe(1);
  });

  it('shares one queue between two tabs without sending twice (one drain at a time)', async () => {
    const server = fakeServer();
    const store: OutboxStore = memoryStore();
    let held: Promise<void> = Promise.resolve();
    // The Web Lock: a tab's pass waits for the other's to end.
    const exclusive = (work: () => Promise<void>) => {
      const run = held.then(work);
      held = run.catch(() => undefined);
      return run;
    };
    const tab1 = outboxWith(server, { store, exclusive }).outbox;
    const tab2 = outboxWith(server, { store, exclusive }).outbox;
    await Promise.all([tab1.enqueue(entry('A')), tab2.enqueue(entry('B')), tab1.enqueue(entry('C'))]);
    await Promise.all([tab1.drain(), tab2.drain(), tab1.drain(), tab2.drain()]);
    expect(server.received).toEqual(['A', 'B', 'C']);
  });

  it('moves a refusal to « Non envoyés » with its reason, goes on, and never retries it by itself', async () => {
    const server = fakeServer();
    const { outbox, timers } = outboxWith(server);
    server.state.refuse.add('B');
    const results = await Promise.all(['A', 'B', 'C'].map((t) => outbox.enqueue(entry(t))));
    await outbox.drain();
    expect(server.received).toEqual(['A', 'C']);
    expect(await results[1]?.outcome).toEqual({ status: 'rejected', reason: 'Refusé : B' });
    expect(outbox.getState().rejected.map((i) => [i.label, i.reason])).toEqual([['B', 'Refusé : B']]);
    expect(timers.timers).toEqual([]);
    await outbox.drain();
    expect(server.received).toEqual(['A', 'C']);

    // Sent again only when the agent asks, or let go when the agent has read it.
    server.state.refuse.clear();
    const [b] = outbox.getState().rejected;
    await outbox.retry(b?.seq as number);
    await outbox.drain();
    expect(server.received).toEqual(['A', 'C', 'B']);
    server.state.refuse.add('D');
    await outbox.enqueue(entry('D'));
    await outbox.drain();
    await outbox.discard(outbox.getState().rejected[0]?.seq as number);
    expect(outbox.getState()).toMatchObject({ pending: [], rejected: [] });
  });

  it('waits without retrying when the session is over, and sends only the signed-in user’s items', async () => {
    const server = fakeServer();
    const { outbox, timers, user } = outboxWith(server);
    server.state.sessionOver = true;
    await outbox.enqueue(entry('A'));
    await outbox.drain();
    expect(timers.timers).toEqual([]);
    expect(outbox.getState().pending).toHaveLength(1);

    // Another agent signs in on the same phone: A is not theirs.
    server.state.sessionOver = false;
    user.id = 'agent-2';
    await outbox.enqueue(entry('B'));
    await outbox.drain();
    expect(server.received).toEqual(['B']);
    user.id = 'agent-1';
    await outbox.drain();
    expect(server.received).toEqual(['B', 'A']);
  });
});
