import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from './login-throttle';

const MINUTE = 60_000;

describe('LoginThrottle (15-minute sliding window)', () => {
  it('blocks an e-mail after 10 failures and lets it through again once they are 15 minutes old', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      expect(throttle.isBlocked('a@exemple.fr', `10.0.0.${i}`)).toBe(false);
      throttle.recordFailure('a@exemple.fr', `10.0.0.${i}`);
      now += MINUTE;
    }
    expect(throttle.isBlocked('a@exemple.fr', '10.0.0.99')).toBe(true);
    expect(throttle.isBlocked('b@exemple.fr', '10.0.0.99')).toBe(false);
    // The first failure was at t=0: at t=15 min it leaves the window and one slot frees up.
    now = 15 * MINUTE + 1;
    expect(throttle.isBlocked('a@exemple.fr', '10.0.0.99')).toBe(false);
  });

  it('blocks an address after 50 failures across e-mails', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      throttle.recordFailure(`spray-${i}@exemple.fr`, '203.0.113.9');
      now += 1000;
    }
    expect(throttle.isBlocked('nouveau@exemple.fr', '203.0.113.9')).toBe(true);
    expect(throttle.isBlocked('nouveau@exemple.fr', '203.0.113.10')).toBe(false);
  });

  it('forgets an e-mail failures after a successful login', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++)
      throttle.recordFailure('c@exemple.fr', `10.1.0.${i}`);
    throttle.recordSuccess('c@exemple.fr');
    throttle.recordFailure('c@exemple.fr', '10.1.1.1');
    expect(throttle.isBlocked('c@exemple.fr', '10.1.1.2')).toBe(false);
  });
});
