// Amounts of work: max_shift_hours, max_daily_hours, max_weekly_hours, max_consecutive_days, min_duration.
import { describe, expect, it } from 'vitest';
import { check, codesOf, svc } from './rules-test-support';
import { ruleCodes } from './working-time';

describe('max_shift_hours and min_duration', () => {
  it.each([
    ['12 h by day', svc('c', '2026-01-12', '08:00', '20:00'), []],
    ['12 h 01 by day', svc('c', '2026-01-12', '08:00', '20:01'), ['max_shift_hours', 'max_daily_hours']],
    ['12 h across midnight', svc('c', '2026-01-12', '20:00', '08:00'), []],
    ['12 h 01 across midnight (8 h 01 a day)', svc('c', '2026-01-12', '20:00', '08:01'), ['max_shift_hours']],
    ['13 h less a 1 h break', svc('c', '2026-01-12', '07:00', '20:00', ['12:00', '13:00']), []],
    ['24 h', svc('c', '2026-01-12', '08:00', '08:00'), ['max_shift_hours', 'max_daily_hours']],
    ['3 h 59', svc('c', '2026-01-12', '08:00', '11:59'), ['min_duration']],
    ['4 h', svc('c', '2026-01-12', '08:00', '12:00'), []],
    [
      '5 h less a 1 h 01 break',
      svc('c', '2026-01-12', '08:00', '13:00', ['10:00', '11:01']),
      ['min_duration'],
    ],
  ])('%s', (_, candidate, codes) => {
    expect(codesOf(check(candidate))).toEqual(codes);
  });

  it('words them with the figures', () => {
    expect(check(svc('c', '2026-01-12', '20:00', '08:01'))[0]?.message).toBe(
      'Une garde ne peut dépasser 12 h de travail (12 h 01 prévues) : scindez-la en plusieurs services.',
    );
    expect(check(svc('c', '2026-01-12', '08:00', '11:59'))[0]?.message).toBe(
      'Une période de travail doit durer au moins 4 h (3 h 59 prévues).',
    );
  });
});

describe('max_daily_hours', () => {
  // The candidate, 18:00 → 06:00, works 6 h on 2026-01-12 and 6 h on 2026-01-13.
  const candidate = svc('c', '2026-01-12', '18:00', '06:00');
  it.each([
    ['6 h earlier that day: 12 h', svc('o', '2026-01-12', '00:00', '06:00'), []],
    [
      '6 h 30 earlier that day: 12 h 30',
      svc('o', '2026-01-12', '00:00', '06:30'),
      ['max_daily_hours', 'min_rest'],
    ],
    ['6 h later the next day: 12 h', svc('o', '2026-01-13', '18:00', '00:00'), []],
    ['6 h 01 later the next day', svc('o', '2026-01-13', '17:59', '00:00'), ['max_daily_hours', 'min_rest']],
  ])('%s', (_, other, codes) => {
    expect(codesOf(check(candidate, [other]))).toEqual(codes);
  });

  it('takes out the break where it lies', () => {
    // Break after midnight: 6 h on the 12th, 5 h on the 13th; 6 h 30 earlier on the 12th → 12 h 30.
    const other = svc('o', '2026-01-12', '00:00', '06:30');
    const after = svc('c', '2026-01-12', '18:00', '06:00', ['00:00', '01:00']);
    expect(codesOf(check(after, [other]))).toEqual(['max_daily_hours', 'min_rest']);
    // Break before midnight: 5 h on the 12th → 11 h 30.
    const before = svc('c', '2026-01-12', '18:00', '06:00', ['23:00', '00:00']);
    expect(codesOf(check(before, [other]))).toEqual(['min_rest']);
  });

  it('names the day and the hours', () => {
    const [violation] = check(candidate, [svc('o', '2026-01-12', '00:00', '06:30')]);
    expect(violation?.message).toBe(
      'Plus de 12 h de travail sur la journée du 12/01/2026 : 12 h 30 (maximum 12 h).',
    );
  });
});

describe('max_weekly_hours', () => {
  // Thursday 2026-01-08 → Monday 2026-01-12, 8 h a day: 40 h, across two calendar weeks (32 h + 8 h).
  const others = ['08', '09', '10', '11', '12'].map((d) => svc(d, `2026-01-${d}`, '08:00', '16:00'));
  it.each([
    ['48 h', '16:00', []],
    ['48 h 01', '16:01', ['max_weekly_hours']],
  ])('%s in a sliding week not aligned on calendar weeks', (_, end, codes) => {
    const violations = check(svc('c', '2026-01-13', '08:00', end), others);
    expect(codesOf(violations)).toEqual(codes);
    if (codes.length) {
      expect(violations[0]?.message).toBe(
        'Plus de 48 h de travail sur 7 jours glissants : 48 h 01 du 06/01/2026 16:01 au 13/01/2026 16:01 (maximum 48 h).',
      );
    }
  });

  it.each([
    ['exactly 7 × 24 h after the first start: 48 h', '2026-01-15', '08:00', '16:00', []],
    ['one minute earlier: 48 h 01', '2026-01-15', '07:59', '16:00', ['max_weekly_hours']],
  ])('slides the window: %s', (_, date, start, end, codes) => {
    // Thursday 8 → Tuesday 13, 8 h a day (48 h); the candidate on Thursday 15 (Wednesday 14 off).
    const six = [...others, svc('13', '2026-01-13', '08:00', '16:00')];
    expect(codesOf(check(svc('c', date, start, end), six))).toEqual(codes);
  });

  it.each([
    // Monday → Friday 06:00–14:00 (40 h), then a night Saturday 20:00 → 04:00 (wall clock 8 h).
    ['2026-03-23', '2026-03-28', 'spring: the night lasts 7 h → 47 h', []],
    ['2026-10-19', '2026-10-24', 'autumn: the night lasts 9 h → 49 h', ['max_weekly_hours']],
  ])('counts real hours across a DST change (%s): %s', (monday, saturday, _, codes) => {
    const start = Date.parse(`${monday}T00:00:00Z`);
    const days = Array.from({ length: 5 }, (_, i) =>
      new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    );
    const week = days.map((d) => svc(d, d, '06:00', '14:00'));
    expect(codesOf(check(svc('c', saturday, '20:00', '04:00'), week))).toEqual(codes);
  });
});

describe('max_consecutive_days', () => {
  const days = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `2026-01-${String(from + i).padStart(2, '0')}`);
  const sixHours = (list: string[]) => list.map((d) => svc(d, d, '08:00', '14:00'));

  it.each([
    ['6 days', sixHours(days(5, 9)), svc('c', '2026-01-10', '08:00', '14:00'), []],
    ['7 days', sixHours(days(5, 10)), svc('c', '2026-01-11', '08:00', '14:00'), ['max_consecutive_days']],
    [
      '7 days, candidate in the middle',
      sixHours([...days(5, 7), ...days(9, 11)]),
      svc('c', '2026-01-08', '08:00', '14:00'),
      ['max_consecutive_days'],
    ],
    [
      '6 days, the last service ending on the 7th',
      sixHours(days(5, 9)),
      svc('c', '2026-01-10', '21:00', '03:00'),
      [],
    ],
    [
      '7 days, a night starting on the 7th',
      sixHours(days(5, 10)),
      svc('c', '2026-01-11', '21:00', '03:00'),
      ['max_consecutive_days'],
    ],
  ])('%s', (_, others, candidate, codes) => {
    expect(codesOf(check(candidate, others))).toEqual(codes);
  });

  it('names the days', () => {
    const [violation] = check(svc('c', '2026-01-11', '08:00', '14:00'), sixHours(days(5, 10)));
    expect(violation?.message).toBe(
      'Plus de 6 jours de travail consécutifs : 7 jours du 05/01/2026 au 11/01/2026.',
    );
  });
});

describe('several rules at once', () => {
  it('are all reported, in the order of ruleCodes', () => {
    // Six days of 6 h, then 5 h and a 13 h night on the seventh day: 54 h in the week.
    const others = ['05', '06', '07', '08', '09', '10'].map((d) => svc(d, `2026-01-${d}`, '08:00', '14:00'));
    others.push(svc('11', '2026-01-11', '05:00', '10:00'));
    const violations = check(svc('c', '2026-01-11', '16:00', '05:00'), others, {
      agent: { cnapsNumber: null, cnapsExpiresOn: null, qualifications: [] },
      requiredQualifications: ['SST'],
    });
    const codes = codesOf(violations);
    expect(codes).toEqual([
      'max_shift_hours',
      'max_daily_hours',
      'min_rest',
      'max_weekly_hours',
      'max_consecutive_days',
      'cnaps_invalid',
      'qualification_missing',
    ]);
    expect([...codes].sort((a, b) => ruleCodes.indexOf(a) - ruleCodes.indexOf(b))).toEqual(codes);
  });
});
