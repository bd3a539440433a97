import { describe, expect, it } from 'vitest';
import { clockTime, countdown, everyLabel, intervalLabel } from './lone-worker-format';

describe('lone-worker formats', () => {
  it('counts down in minutes and seconds, never below zero', () => {
    expect(countdown(125_000, 0)).toBe('2:05');
    expect(countdown(59_001, 0)).toBe('1:00');
    expect(countdown(0, 5_000)).toBe('0:00');
    expect(countdown(2 * 3_600_000 + 61_000, 0)).toBe('2:01:01');
  });

  it('writes the interval as the agent reads it', () => {
    expect(everyLabel(1)).toBe('Toutes les minutes');
    expect(everyLabel(30)).toBe('Toutes les 30 min');
    expect(intervalLabel(120)).toBe('2 h');
    expect(intervalLabel(90)).toBe('1 h 30');
  });

  it('shows the time in the given timezone, across daylight saving', () => {
    expect(clockTime('2026-07-01T12:05:00Z', 'Europe/Paris')).toBe('14:05');
    expect(clockTime('2026-12-01T12:05:00Z', 'Europe/Paris')).toBe('13:05');
  });
});
