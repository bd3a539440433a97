import { describe, expect, it } from 'vitest';
import type { CheckResult } from './api/check-access';
import { checkWithRetry, RETRY_WINDOW_MS, retryDelay } from './check-with-retry';

const granted: CheckResult = {
  kind: 'answer',
  answer: { decision: 'Autorisé', reason: null, holder: 'Élodie Marchand', badgeId: null, point: 'Hall' },
};

/** A fake clock: waiting advances it, so the 30 s window is exercised without waiting 30 s. */
function clock() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

describe('checkWithRetry', () => {
  it('backs off 1, 2, 4, 8 then 10 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('answers at once when the server does', async () => {
    const c = clock();
    const outcome = await checkWithRetry(async () => granted, { signal: new AbortController().signal, ...c });
    expect(outcome).toEqual(granted);
    expect(c.waits).toEqual([]);
  });

  it('retries through a network loss, telling each failure, until the server answers', async () => {
    const c = clock();
    const results: CheckResult[] = [{ kind: 'unavailable' }, { kind: 'unavailable' }, granted];
    const told: number[] = [];
    const outcome = await checkWithRetry(async () => results.shift() as CheckResult, {
      signal: new AbortController().signal,
      onRetry: (failures) => told.push(failures),
      ...c,
    });
    expect(outcome).toEqual(granted);
    expect(told).toEqual([1, 2]);
    expect(c.waits).toEqual([1000, 2000]);
  });

  it('gives up after the 30 s window and never makes up an answer', async () => {
    const c = clock();
    let attempts = 0;
    const outcome = await checkWithRetry(
      async () => {
        attempts++;
        return { kind: 'unavailable' };
      },
      { signal: new AbortController().signal, ...c },
    );
    expect(outcome).toEqual({ kind: 'gave-up' });
    expect(c.now()).toBe(RETRY_WINDOW_MS);
    // 1 + 2 + 4 + 8 + 10 = 25 s, then the last 5 s: the final attempt lands on the 30 s mark.
    expect(c.waits).toEqual([1000, 2000, 4000, 8000, 10000, 5000]);
    expect(attempts).toBe(7);
  });

  it('stops retrying on a refused key', async () => {
    const c = clock();
    const outcome = await checkWithRetry(async () => ({ kind: 'invalid-key' }), {
      signal: new AbortController().signal,
      ...c,
    });
    expect(outcome).toEqual({ kind: 'invalid-key' });
  });
});
