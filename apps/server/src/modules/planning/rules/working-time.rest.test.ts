// Rests: min_rest, night_to_day_rest, rest_after_48h (and overlap vs touching).
import { describe, expect, it } from 'vitest';
import { at, check, codesOf, svc } from './rules-test-support';

describe('min_rest', () => {
  // The service before ends on 2026-01-12 at 14:00.
  const before = svc('b', '2026-01-12', '06:00', '14:00');
  it.each([
    ['11 h 59', '01:59', ['min_rest']],
    ['12 h', '02:00', []],
    ['12 h 01', '02:01', []],
  ])('after a rest of %s', (_, start, codes) => {
    const violations = check(svc('c', '2026-01-13', start, '09:00'), [before]);
    expect(codesOf(violations)).toEqual(codes);
    if (codes.length) {
      expect(violations[0]).toEqual({
        code: 'min_rest',
        message: 'Repos insuffisant : 11 h 59 entre deux services (minimum 12 h).',
        overridable: true,
      });
    }
  });

  it.each([
    ['11 h 59', '20:01', ['min_rest']],
    ['12 h', '20:00', []],
  ])('before a rest of %s', (_, end, codes) => {
    const after = svc('a', '2026-01-13', '08:00', '14:00');
    expect(codesOf(check(svc('c', '2026-01-12', '12:00', end), [after]))).toEqual(codes);
  });

  it('names the shorter of the rests before and after', () => {
    const others = [svc('b', '2026-01-12', '06:00', '14:00'), svc('a', '2026-01-13', '20:00', '23:00')];
    const [violation] = check(svc('c', '2026-01-13', '01:00', '10:00'), others);
    expect(violation?.message).toBe('Repos insuffisant : 10 h entre deux services (minimum 12 h).');
  });

  it.each([
    // Real hours, not wall-clock: 20:00 → 09:00 is 12 h on 2026-03-29, 13 h on 2026-10-25.
    ['2026-03-28', '2026-03-29', '09:00', []],
    ['2026-03-28', '2026-03-29', '08:30', ['min_rest']],
    ['2026-10-24', '2026-10-25', '07:00', []],
    ['2026-10-24', '2026-10-25', '06:30', ['min_rest']],
  ])(
    'across the DST change: a service ending on %s at 20:00, the next on %s at %s',
    (day1, day2, start, codes) => {
      const violations = check(svc('c', day2, start, '14:00'), [svc('b', day1, '12:00', '20:00')]);
      expect(codesOf(violations)).toEqual(codes);
      if (codes.length) expect(violations[0]?.message).toContain('11 h 30');
    },
  );
});

describe('overlap', () => {
  const other = svc('o', '2026-01-12', '08:00', '16:00');
  it.each([
    ['touching after', svc('c', '2026-01-12', '16:00', '20:00'), ['min_rest']],
    ['touching before', svc('c', '2026-01-12', '04:00', '08:00'), ['min_rest']],
    ['one minute over', svc('c', '2026-01-12', '15:59', '20:00'), ['overlap']],
    ['inside', svc('c', '2026-01-12', '10:00', '14:00'), ['overlap']],
    ['around', svc('c', '2026-01-12', '07:00', '17:00'), ['overlap']],
  ])('%s', (_, candidate, codes) => {
    expect(codesOf(check(candidate, [other]))).toEqual(codes);
  });

  it('is not overridable and names the other service', () => {
    expect(check(svc('c', '2026-01-12', '12:00', '18:00'), [other])).toEqual([
      {
        code: 'overlap',
        message:
          "L'agent a déjà une garde qui chevauche ce créneau (du 12/01/2026 08:00 au 12/01/2026 16:00).",
        overridable: false,
      },
    ]);
  });

  it.each([
    ['the same id: the stored version of the candidate', 'c', []],
    ['another id', 'x', ['overlap']],
  ])('ignores an other service with %s', (_, id, codes) => {
    const candidate = svc('c', '2026-01-12', '10:00', '18:00');
    expect(codesOf(check(candidate, [svc(id, '2026-01-12', '08:00', '16:00')]))).toEqual(codes);
  });

  it('checks a new candidate (id "") against every other service', () => {
    expect(codesOf(check(svc('', '2026-01-12', '10:00', '18:00'), [other]))).toEqual(['overlap']);
  });
});

describe('night_to_day_rest', () => {
  const night = svc('n', '2026-01-12', '21:00', '05:00'); // ends on 2026-01-13 at 05:00
  it.each([
    ['9 h 59', '14:59', ['min_rest', 'night_to_day_rest']],
    ['10 h', '15:00', ['min_rest']],
  ])('a day service %s after a night service', (_, start, codes) => {
    const violations = check(svc('d', '2026-01-13', start, '20:00'), [night]);
    expect(codesOf(violations)).toEqual(codes);
    if (codes.length === 2) {
      expect(violations[1]?.message).toBe(
        'Repos insuffisant entre un service de nuit et un service de jour : 9 h 59 (minimum 10 h).',
      );
    }
  });

  it.each([
    ['9 h 59', '14:59', ['min_rest', 'night_to_day_rest']],
    ['10 h', '15:00', ['min_rest']],
  ])('a night service as candidate, %s before a day service', (_, start, codes) => {
    expect(codesOf(check(night, [svc('d', '2026-01-13', start, '20:00')]))).toEqual(codes);
  });

  it('does not apply between two night services', () => {
    const shortNight = svc('n', '2026-01-12', '22:00', '01:00');
    expect(codesOf(check(svc('m', '2026-01-13', '03:00', '08:00'), [shortNight]))).toEqual(['min_rest']);
  });

  it('does not apply from a day service to a night service', () => {
    const day = svc('d', '2026-01-12', '06:00', '14:00');
    expect(codesOf(check(svc('m', '2026-01-12', '21:00', '05:00'), [day]))).toEqual(['min_rest']);
  });
});

describe('rest_after_48h', () => {
  // Services of 6 h every 29 h: rests of 23 h, no week over 48 h, no long runs of days.
  const base = Date.parse('2026-01-05T00:00:00+01:00');
  const six = (id: string, startMs: number) =>
    at(id, new Date(startMs).toISOString(), new Date(startMs + 6 * 3_600_000).toISOString());
  const run = Array.from({ length: 8 }, (_, i) => six(`s${i}`, base + i * 29 * 3_600_000)); // 48 h of work
  const lastEnd = run[7]?.end.getTime() as number;

  it.each([
    ['23 h 59', 23 * 60 + 59, ['rest_after_48h']],
    ['24 h', 24 * 60, []],
  ])('the service after 48 h of work, %s later', (_, rest, codes) => {
    expect(codesOf(check(six('c', lastEnd + rest * 60_000), run))).toEqual(codes);
  });

  it('names the accumulated work and the rest', () => {
    const [violation] = check(six('c', lastEnd + 23 * 3_600_000), run);
    expect(violation).toEqual({
      code: 'rest_after_48h',
      message:
        'Repos insuffisant après 48 h de travail : 23 h avant le service suivant (minimum 24 h après 48 h de travail).',
      overridable: true,
    });
  });

  it('applies to a candidate inside the run', () => {
    const next = six('n', lastEnd + 23 * 3_600_000);
    const others = [...run.filter((s) => s.id !== 's3'), next];
    expect(codesOf(check(run[3] as (typeof run)[number], others))).toEqual(['rest_after_48h']);
  });

  it('applies to a candidate completing the 48 h', () => {
    const next = six('n', lastEnd + 23 * 3_600_000);
    expect(codesOf(check(run[7] as (typeof run)[number], [...run.slice(0, 7), next]))).toEqual([
      'rest_after_48h',
    ]);
  });

  it('does not apply before 48 h of work', () => {
    expect(codesOf(check(run[7] as (typeof run)[number], run.slice(0, 7)))).toEqual([]);
  });

  it('does not report a run of the other services the candidate is not part of', () => {
    const broken = [...run, six('n', lastEnd + 23 * 3_600_000)];
    const after = (broken[8]?.end.getTime() as number) + 24 * 3_600_000;
    expect(codesOf(check(six('c', after), broken))).toEqual([]);
  });
});

describe('pre-existing violations among the other services', () => {
  it('are not reported', () => {
    const others = [
      svc('a', '2026-01-05', '08:00', '16:00'),
      svc('b', '2026-01-05', '14:00', '22:00'), // overlaps a
      svc('d', '2026-01-06', '00:00', '04:00'), // 2 h after b
    ];
    expect(check(svc('c', '2026-01-07', '08:00', '16:00'), others)).toEqual([]);
  });
});
