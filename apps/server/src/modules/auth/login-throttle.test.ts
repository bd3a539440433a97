// The sign-in throttle's rules with a clock of our own: account lockout from any address, address
// limits by IPv4 address and IPv6 /64, and the in-memory store forgetting its least recently used
// keys (never the whole map) when full. The database store is exercised by the API tests
// (login-throttle-api.test.ts), on both engines and across two instances.
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../lib/client-address';
import {
  DEFAULT_MAX_FAILURES_PER_ACCOUNT,
  LoginThrottle,
  MAX_FAILURES_PER_IP,
  MemoryThrottleStore,
  WINDOW_MS,
} from './login-throttle';

const MINUTE = 60_000;

function throttleAt(opts: { capacity?: number; accountCapacity?: number; lockMs?: number } = {}) {
  const clock = { now: 0 };
  const addresses = new MemoryThrottleStore(opts.capacity);
  const accounts = new MemoryThrottleStore(opts.accountCapacity);
  const throttle = new LoginThrottle({
    accounts,
    addresses,
    lockMs: opts.lockMs ?? 15 * MINUTE,
    now: () => clock.now,
  });
  return { clock, throttle, addresses, accounts };
}

const blocked = async (t: LoginThrottle, account: string, ip: string) => (await t.check(account, ip)).blocked;

describe('client addresses as limits count them', () => {
  it('keeps IPv4 addresses whole, counts IPv6 by /64, unwraps IPv4-mapped addresses', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::5')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientKey('pas une adresse')).toBe('pas une adresse');
  });
});

describe('LoginThrottle', () => {
  it('locks an account after 10 failures from 10 addresses, for the lock time, from every address', async () => {
    const { clock, throttle } = throttleAt({ lockMs: 30 * MINUTE });
    const account = LoginThrottle.account('Cible@Exemple.fr');
    for (let i = 0; i < DEFAULT_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect(await blocked(throttle, account, `198.51.100.${i}`)).toBe(false);
      await throttle.failed(account, `198.51.100.${i}`);
      clock.now += 10_000;
    }
    const lockedAt = clock.now - 10_000;
    expect(await blocked(throttle, LoginThrottle.account('cible@exemple.fr'), '203.0.113.77')).toBe(true);
    expect(await blocked(throttle, LoginThrottle.account('autre@exemple.fr'), '203.0.113.77')).toBe(false);
    // Locked for 30 minutes from the tenth failure, although the 15-minute window ended before.
    clock.now = lockedAt + 30 * MINUTE - 1;
    expect(await blocked(throttle, account, '203.0.113.77')).toBe(true);
    clock.now = lockedAt + 30 * MINUTE;
    expect(await blocked(throttle, account, '203.0.113.77')).toBe(false);
    // The count started again: one failure does not lock it again.
    await throttle.failed(account, '203.0.113.77');
    expect(await blocked(throttle, account, '203.0.113.77')).toBe(false);
  });

  it('counts failures in a window: spread over more than 15 minutes, they never lock', async () => {
    const { clock, throttle } = throttleAt();
    const account = LoginThrottle.account('lent@exemple.fr');
    for (let i = 0; i < 3 * DEFAULT_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect(await blocked(throttle, account, '198.51.100.1')).toBe(false);
      await throttle.failed(account, '198.51.100.1');
      clock.now += WINDOW_MS / (DEFAULT_MAX_FAILURES_PER_ACCOUNT - 2);
    }
  });

  it('a successful sign-in clears the account count, not the address count', async () => {
    const { throttle } = throttleAt();
    const account = LoginThrottle.account('c@exemple.fr');
    for (let i = 0; i < DEFAULT_MAX_FAILURES_PER_ACCOUNT - 1; i++) await throttle.failed(account, '10.1.0.1');
    const check = await throttle.check(account, '10.1.0.1');
    expect(check).toEqual({ blocked: false, accountFailures: true });
    await throttle.succeeded(account, check);
    await throttle.failed(account, '10.1.0.1');
    expect(await blocked(throttle, account, '10.1.0.2')).toBe(false);
    expect((await throttle.check(account, '10.1.0.2')).accountFailures).toBe(true);
  });

  it('blocks an address after 50 failures across e-mails, and an IPv6 /64 as one address', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++)
      await throttle.failed(LoginThrottle.account(`spray-${i}@exemple.fr`), '203.0.113.9');
    expect(await blocked(throttle, LoginThrottle.account('nouveau@exemple.fr'), '203.0.113.9')).toBe(true);
    expect(await blocked(throttle, LoginThrottle.account('nouveau@exemple.fr'), '203.0.113.10')).toBe(false);

    // 50 addresses of one /64, one failure each: the /64 is blocked, its neighbour is not.
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++)
      await throttle.failed(
        LoginThrottle.account(`v6-${i}@exemple.fr`),
        `2001:db8:7:1::${(i + 1).toString(16)}`,
      );
    expect(await blocked(throttle, LoginThrottle.account('x@exemple.fr'), '2001:db8:7:1:abcd::1')).toBe(true);
    expect(await blocked(throttle, LoginThrottle.account('x@exemple.fr'), '2001:db8:7:2::1')).toBe(false);
  });
});

describe('MemoryThrottleStore (least recently used eviction)', () => {
  const rule = { max: 3, windowMs: WINDOW_MS, lockMs: WINDOW_MS };

  it('past its capacity forgets the oldest keys one by one, never the whole map', async () => {
    const store = new MemoryThrottleStore(100);
    await store.fail([{ key: 'locked', rule }], 0);
    await store.fail([{ key: 'locked', rule }], 0);
    await store.fail([{ key: 'locked', rule }], 0);
    for (let i = 0; i < 99; i++) await store.fail([{ key: `k${i}`, rule }], 0);
    expect(store.size).toBe(100);
    // A spray of more keys than the capacity, while the locked key keeps being asked about (each
    // attempt against it reads it): it stays, locked; only keys nobody used since go.
    for (let i = 99; i < 1000; i++) {
      if (i % 50 === 49) expect((await store.read(['locked'], 0)).get('locked')?.lockedUntil).toBe(WINDOW_MS);
      await store.fail([{ key: `k${i}`, rule }], 0);
      expect(store.size).toBeLessThanOrEqual(100);
    }
    expect((await store.read(['locked'], 0)).get('locked')).toEqual({ failures: 3, lockedUntil: WINDOW_MS });
    expect((await store.read(['k999', 'k950'], 0)).size).toBe(2);
    expect((await store.read(['k0'], 0)).size).toBe(0);
  });

  it('an account lock does not depend on the address map: a spray of 100,000+ addresses leaves it', async () => {
    // Production keeps accounts in the database; here a second store stands for it, and the
    // address map is small so that the spray overflows it many times.
    const { throttle, addresses } = throttleAt({ capacity: 1000 });
    const account = LoginThrottle.account('owner@exemple.fr');
    for (let i = 0; i < DEFAULT_MAX_FAILURES_PER_ACCOUNT; i++) await throttle.failed(account, `10.0.0.${i}`);
    for (let i = 0; i < 100_500; i++)
      await throttle.failed(
        LoginThrottle.account('bidon@exemple.fr'),
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      );
    expect(addresses.size).toBe(1000);
    expect(await blocked(throttle, account, '192.0.2.1')).toBe(true);
  });

  it('drops a key once its window and its lock are over', async () => {
    const store = new MemoryThrottleStore(10);
    await store.fail([{ key: 'a', rule: { max: 1, windowMs: 1000, lockMs: 5000 } }], 0);
    expect((await store.read(['a'], 4999)).get('a')).toEqual({ failures: 1, lockedUntil: 5000 });
    expect((await store.read(['a'], 5000)).size).toBe(0);
    expect(store.size).toBe(0);
  });
});
