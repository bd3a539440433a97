import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../test/harness';
import { acquireLease } from './leases';

describe.each(engines)('job leases on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a job to one instance at a time, renews it for its holder, hands it over when it expires', async () => {
    expect(await acquireLease(t.db, 'test-job', 300, 'instance-a')).toBe(true);
    expect(await acquireLease(t.db, 'test-job', 300, 'instance-b')).toBe(false);
    expect(await acquireLease(t.db, 'test-job', 300, 'instance-a')).toBe(true);
    await sleep(400);
    expect(await acquireLease(t.db, 'test-job', 300, 'instance-b')).toBe(true);
    expect(await acquireLease(t.db, 'test-job', 300, 'instance-a')).toBe(false);
    // Another job is independent.
    expect(await acquireLease(t.db, 'other-job', 300, 'instance-a')).toBe(true);
  });
});
