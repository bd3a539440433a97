import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatClock,
  formatDistance,
  formatDurationMs,
  formatImei,
  formatMinutes,
} from './radio-format';

describe('radio display formats (French decimal comma)', () => {
  it('writes distances in metres below a kilometre, else in kilometres', () => {
    expect(formatDistance(350)).toBe('350 m');
    expect(formatDistance(999.6)).toBe('1000 m');
    expect(formatDistance(1200)).toBe('1,2 km');
    expect(formatDistance(15_000)).toBe('15 km');
  });

  it('writes the average response time, or a dash without one', () => {
    expect(formatMinutes(2.4)).toBe('2,4 min');
    expect(formatMinutes(3)).toBe('3 min');
    expect(formatMinutes(null)).toBe('—');
  });

  it('groups a 15-digit IMEI and leaves anything else alone', () => {
    expect(formatImei('352099001761481')).toBe('35 209900 176148 1');
    expect(formatImei('12345')).toBe('12345');
  });

  it('writes durations, running times and position ages', () => {
    expect(formatDurationMs(4200)).toBe('4 s');
    expect(formatDurationMs(65_000)).toBe('1 min 05 s');
    expect(formatClock(7_900)).toBe('0:07');
    expect(formatClock(60_000)).toBe('1:00');
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatAge('2026-11-21T11:59:40Z', now)).toBe("à l'instant");
    expect(formatAge('2026-11-21T11:56:00Z', now)).toBe('il y a 4 min');
    expect(formatAge('2026-11-21T09:30:00Z', now)).toBe('il y a 2 h');
  });
});
