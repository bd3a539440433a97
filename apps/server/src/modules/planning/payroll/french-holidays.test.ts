import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHolidays } from './french-holidays.js';

const pad = (n: number) => String(n).padStart(2, '0');

describe('frenchPublicHolidays', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
  ])('computes Easter %i on %s', (year, date) => {
    const e = easterSunday(year);
    expect(`${year}-${pad(e.month)}-${pad(e.day)}`).toBe(date);
  });

  it('lists the 11 national holidays of 2026 in date order', () => {
    expect(frenchPublicHolidays(2026)).toEqual([
      { date: '2026-01-01', name: "Jour de l'an" },
      { date: '2026-04-06', name: 'Lundi de Pâques' },
      { date: '2026-05-01', name: 'Fête du travail' },
      { date: '2026-05-08', name: 'Victoire 1945' },
      { date: '2026-05-14', name: 'Ascension' },
      { date: '2026-05-25', name: 'Lundi de Pentecôte' },
      { date: '2026-07-14', name: 'Fête nationale' },
      { date: '2026-08-15', name: 'Assomption' },
      { date: '2026-11-01', name: 'Toussaint' },
      { date: '2026-11-11', name: 'Armistice' },
      { date: '2026-12-25', name: 'Noël' },
    ]);
  });

  it.each([
    [2024, '2024-04-01', '2024-05-09', '2024-05-20'],
    [2025, '2025-04-21', '2025-05-29', '2025-06-09'],
    [2027, '2027-03-29', '2027-05-06', '2027-05-17'],
    [2038, '2038-04-26', '2038-06-03', '2038-06-14'],
  ])('places the Easter-based holidays of %i', (year, monday, ascension, pentecost) => {
    const byName = new Map(frenchPublicHolidays(year).map((h) => [h.name, h.date]));
    expect(byName.get('Lundi de Pâques')).toBe(monday);
    expect(byName.get('Ascension')).toBe(ascension);
    expect(byName.get('Lundi de Pentecôte')).toBe(pentecost);
  });

  it('keeps both entries when Ascension falls on 1 May (2008)', () => {
    const days = frenchPublicHolidays(2008);
    expect(days).toHaveLength(11);
    expect(days.filter((h) => h.date === '2008-05-01').map((h) => h.name)).toEqual([
      'Fête du travail',
      'Ascension',
    ]);
  });

  it('rejects a year that is not a Gregorian year', () => {
    expect(() => frenchPublicHolidays(2026.5)).toThrow(RangeError);
  });
});
