// GroupCommit without a database: what joins a group, and `oneAtATime` (the receiver's link tests).
import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A write whose groups the test finishes by hand, recording each group and the writes in flight. */
function manualWrite() {
  const groups: number[][] = [];
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const write = async (_companyId: string, items: number[]) => {
    groups.push(items);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise<void>((resolve) => pending.push(resolve));
    inFlight--;
    return items.map((i) => i * 10);
  };
  const finishNext = async () => {
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { write, groups, finishNext, maxInFlight: () => maxInFlight };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('puts what a company submits in one turn in one group, and answers each item its own output', async () => {
    const m = manualWrite();
    const gc = new GroupCommit<number, number>(m.write);
    const answers = [gc.submit('a', 1), gc.submit('a', 2), gc.submit('b', 3)];
    await turn();
    expect(m.groups).toEqual([[1, 2], [3]]);
    await m.finishNext();
    await m.finishNext();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('oneAtATime: writes one group of a company at a time; what arrives meanwhile forms the next', async () => {
    const m = manualWrite();
    const gc = new GroupCommit<number, number>(m.write, 200, true);
    const first = [gc.submit('a', 1), gc.submit('a', 2)];
    await turn();
    const second = [gc.submit('a', 3)];
    await turn();
    second.push(gc.submit('a', 4), gc.submit('a', 5));
    await turn();
    // The first group is still being written: 3, 4 and 5 wait for it.
    expect(m.groups).toEqual([[1, 2]]);
    await m.finishNext();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(m.groups).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    await m.finishNext();
    expect(await Promise.all(second)).toEqual([30, 40, 50]);
    expect(m.maxInFlight()).toBe(1);
  });

  it('oneAtATime: a failed group is written again item by item, each item answered or refused alone', async () => {
    const seen: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (_c, items) => {
        seen.push(items);
        if (items.includes(2)) throw new Error('refused');
        return items.map((i) => i + 1);
      },
      200,
      true,
    );
    const results = await Promise.allSettled([gc.submit('a', 1), gc.submit('a', 2), gc.submit('a', 3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([2, 'refused', 4]);
    expect(seen[0]).toEqual([1, 2, 3]);
  });
});
