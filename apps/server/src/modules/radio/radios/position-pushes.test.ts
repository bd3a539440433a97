// The in-memory throttle of the radios' map positions: what each report asks the status statement.
import { describe, expect, it } from 'vitest';
import { RADIO_POSITION_PUSH_MS, RadioPositionPushes } from './position-pushes';

const here = { lat: 48.8657, lng: 2.3213 };
const there = { lat: 48.8667, lng: 2.3213 };

describe('radio position pushes', () => {
  it('asks for a move when it knows nothing, then throttles, then pushes what the screens do not show', () => {
    const pushes = new RadioPositionPushes();
    const t0 = 1_000_000;
    // Unknown radio (a restart): the statement compares with the stored position.
    expect(pushes.plan('c:1', here, t0)).toBe('if-moved');
    pushes.settle('c:1', here, t0, true);
    // Within 5 s of a push: nothing, moved or not.
    expect(pushes.plan('c:1', there, t0 + 1_000)).toBeUndefined();
    expect(pushes.plan('c:1', here, t0 + RADIO_POSITION_PUSH_MS - 1)).toBeUndefined();
    // After: a position other than the one pushed goes out whatever the stored one (the move
    // reported inside the window was stored without being pushed).
    expect(pushes.plan('c:1', there, t0 + RADIO_POSITION_PUSH_MS)).toBe('always');
    // The pushed one again: only if the stored one differs (another instance, an SOS).
    expect(pushes.plan('c:1', here, t0 + RADIO_POSITION_PUSH_MS)).toBe('if-moved');
    // Other radios are throttled apart.
    expect(pushes.plan('c:2', here, t0 + 1_000)).toBe('if-moved');
  });

  it('does not throttle a still radio that was never pushed, and keeps the last push time when not pushing', () => {
    const pushes = new RadioPositionPushes();
    pushes.settle('c:1', here, 0, false);
    expect(pushes.plan('c:1', here, 1)).toBe('if-moved');
    pushes.settle('c:1', here, 10, true);
    pushes.settle('c:1', here, 20, false);
    expect(pushes.plan('c:1', there, 10 + RADIO_POSITION_PUSH_MS - 1)).toBeUndefined();
    expect(pushes.plan('c:1', there, 10 + RADIO_POSITION_PUSH_MS)).toBe('always');
  });

  it('forgets the least recently reported radio beyond its bound', () => {
    const pushes = new RadioPositionPushes(RADIO_POSITION_PUSH_MS, 2);
    pushes.settle('c:1', here, 0, true);
    pushes.settle('c:2', here, 0, true);
    pushes.settle('c:1', here, 1, false);
    pushes.settle('c:3', here, 2, true);
    expect(pushes.size).toBe(2);
    expect(pushes.plan('c:2', there, 3)).toBe('if-moved');
    expect(pushes.plan('c:1', there, 3)).toBeUndefined();
    expect(pushes.plan('c:3', there, 3)).toBeUndefined();
  });
});
