import { describe, expect, it } from 'vitest';
import { dayLabel, localDay, localHour, localTime, longToday } from './service-dates';

describe('my service dates', () => {
  it('reads the local day and time in the company timezone, across midnight UTC', () => {
    const instant = new Date('2026-03-28T23:30:00Z');
    expect(localDay(instant, 'Europe/Paris')).toBe('2026-03-29');
    expect(localDay(instant, 'America/New_York')).toBe('2026-03-28');
    expect(localTime('2026-03-28T23:30:00Z', 'Europe/Paris')).toBe('00:30');
    expect(localHour(instant, 'Europe/Paris')).toBe(0);
  });

  it('labels a shift day against today', () => {
    expect(dayLabel('2026-03-29', '2026-03-29')).toBe("Aujourd'hui");
    expect(dayLabel('2026-03-30', '2026-03-29')).toBe('Demain');
    expect(dayLabel('2026-03-28', '2026-03-29')).toBe('Hier');
    expect(dayLabel('2026-04-02', '2026-03-29')).toBe('Jeudi 2 avril');
    expect(longToday('2026-03-29')).toBe('Dimanche 29 mars 2026');
  });
});
