import { describe, expect, it } from 'vitest';
import { nextDay, nowTimeIn, periodRange, todayIn, zonedInstant } from './period';

describe("main courante period in the user's timezone", () => {
  it('turns a Paris wall-clock time into the right instant, summer and winter', () => {
    expect(zonedInstant('2026-01-15', '14:05', 'Europe/Paris').toISOString()).toBe(
      '2026-01-15T13:05:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '14:05', 'Europe/Paris').toISOString()).toBe(
      '2026-07-15T12:05:00.000Z',
    );
  });

  it('gives a day across the spring clock change its 23 hours', () => {
    // 29 March 2026: Paris goes from UTC+1 to UTC+2 at 02:00.
    expect(periodRange('2026-03-29', '2026-03-29', 'Europe/Paris')).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });

  it('ends a period on the next midnight, and never before its start', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(periodRange('2026-11-20', '2026-11-10', 'Europe/Paris').to).toBe('2026-11-20T23:00:00.000Z');
  });

  it("reads today's date and time in the timezone, not the machine's", () => {
    const at = new Date('2026-11-26T23:30:00.000Z');
    expect(todayIn('Europe/Paris', at)).toBe('2026-11-27');
    expect(todayIn('America/Cayenne', at)).toBe('2026-11-26');
    expect(nowTimeIn('Europe/Paris', at)).toBe('00:30');
  });
});
