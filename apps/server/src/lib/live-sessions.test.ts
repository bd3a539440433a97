// The registry's own rules, with sessions given by a function (the app's sessions are tested over
// real HTTP in test/live-sessions.test.ts): one look-up per session however many connections it
// holds, a database that cannot answer closes nothing, every connection checked within the interval.
import { afterEach, describe, expect, it } from 'vitest';
import { type LiveConnection, LiveSessions } from './live-sessions';

interface Auth {
  userId: string;
  role: string;
}

const wait = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('live sessions registry', () => {
  let live: LiveSessions<Auth> | undefined;
  afterEach(async () => {
    await live?.stop();
    live = undefined;
  });

  const make = (resolve: (hash: string) => Promise<Auth | null>, recheckMs = 60_000) => {
    const errors: unknown[] = [];
    live = new LiveSessions<Auth>({
      resolve,
      permits: (auth, conn) => auth.userId === conn.userId && auth.role === conn.role,
      recheckMs,
      onError: (err) => errors.push(err),
    });
    return { live, errors };
  };

  const conn = (
    companyId: string,
    tokenHash: string,
    closed: string[],
    extra: Partial<LiveConnection<Auth>> = {},
  ): LiveConnection<Auth> => ({
    companyId,
    userId: 'u1',
    role: 'operator',
    tokenHash,
    ip: '127.0.0.1',
    close: (reason) => closed.push(`${tokenHash}:${reason}`),
    ...extra,
  });

  it('looks each session up once per pass, and closes only the ended ones of the company', async () => {
    const calls: string[] = [];
    const { live } = make(async (hash) => {
      calls.push(hash);
      return hash === 'ended' ? null : { userId: 'u1', role: 'operator' };
    });
    const closed: string[] = [];
    live.add(conn('c1', 'alive', closed));
    live.add(conn('c1', 'alive', closed));
    live.add(conn('c1', 'ended', closed));
    live.add(conn('c2', 'ended', closed));
    live.recheck('c1');
    await wait(20);
    expect(calls.sort()).toEqual(['alive', 'ended']);
    expect(closed).toEqual(['ended:session']);
    expect(live.size).toBe(3);
  });

  it("keeps connections while the database cannot answer, and closes on a connection's own condition", async () => {
    let down = true;
    const { live, errors } = make(async () => {
      if (down) throw new Error('database unreachable');
      return { userId: 'u1', role: 'operator' };
    });
    const closed: string[] = [];
    let member = true;
    live.add(conn('c1', 'h', closed, { stillAllowed: async () => member }));
    live.recheck('c1');
    await wait(20);
    expect(closed).toEqual([]);
    expect(errors).toHaveLength(1);
    down = false;
    member = false;
    live.recheckTable('c1', 'agents');
    await wait(20);
    // Not declared: the table's change leaves it alone.
    expect(closed).toEqual([]);
    live.recheck('c1');
    await wait(20);
    expect(closed).toEqual(['h:access']);
  });

  it('re-checks every connection within the interval without any signal, and closes a changed role', async () => {
    let role = 'operator';
    const { live } = make(async () => ({ userId: 'u1', role }), 100);
    live.start();
    const closed: string[] = [];
    live.add(conn('c1', 'h', closed));
    await wait(150);
    expect(closed).toEqual([]);
    role = 'admin';
    const since = Date.now();
    while (closed.length === 0 && Date.now() - since < 1000) await wait(5);
    expect(closed).toEqual(['h:session']);
    // At most the interval, with room for the timers of a loaded machine.
    expect(Date.now() - since).toBeLessThan(100 + 400);
  });
});
