import { describe, expect, it } from 'vitest';
import {
  busiestWindow,
  HOUR,
  isNightService,
  localDaySpan,
  localDaysTouched,
  MINUTE,
  nightMinutes,
  totalWithin,
  workedWithin,
} from './intervals';
import { at, PARIS, svc } from './rules-test-support';

describe('worked time split across local days', () => {
  it.each([
    ['across midnight', svc('a', '2026-01-12', '18:00', '06:00'), '2026-01-12', 360, 360],
    [
      'break before midnight',
      svc('a', '2026-01-12', '18:00', '06:00', ['23:00', '00:00']),
      '2026-01-12',
      300,
      360,
    ],
    [
      'break after midnight',
      svc('a', '2026-01-12', '18:00', '06:00', ['00:00', '01:00']),
      '2026-01-12',
      360,
      300,
    ],
    [
      'break across midnight',
      svc('a', '2026-01-12', '18:00', '06:00', ['23:30', '00:30']),
      '2026-01-12',
      330,
      330,
    ],
    ['night of 2026-03-29 (23 h day)', svc('a', '2026-03-28', '20:00', '08:00'), '2026-03-28', 240, 420],
    ['night of 2026-10-25 (25 h day)', svc('a', '2026-10-24', '20:00', '08:00'), '2026-10-24', 240, 540],
  ])('%s', (_, s, day, first, second) => {
    const [from1, to1] = localDaySpan(day, PARIS);
    expect(workedWithin(s, from1, to1)).toBe(first);
    const [from2, to2] = localDaySpan(localDaysTouched(s, PARIS)[1] as string, PARIS);
    expect(from2).toBe(to1);
    expect(workedWithin(s, from2, to2)).toBe(second);
  });

  it.each([
    ['2026-03-29', 23],
    ['2026-10-25', 25],
    ['2026-01-12', 24],
  ])('local day %s lasts %i h', (day, hours) => {
    const [from, to] = localDaySpan(day, PARIS);
    expect((to - from) / HOUR).toBe(hours);
  });

  it.each([
    ['ending at midnight', svc('a', '2026-01-12', '16:00', '00:00'), ['2026-01-12']],
    ['ending after midnight', svc('a', '2026-01-12', '16:00', '00:01'), ['2026-01-12', '2026-01-13']],
    ['24 h from 08:00', svc('a', '2026-01-12', '08:00', '08:00'), ['2026-01-12', '2026-01-13']],
  ])('a service %s touches %j', (_, s, days) => {
    expect(localDaysTouched(s, PARIS)).toEqual(days);
  });
});

describe('night time (21:00 → 06:00 local)', () => {
  it.each([
    ['18:00 → 00:00: 3 h', svc('a', '2026-01-12', '18:00', '00:00'), 180, true],
    ['18:00 → 23:59: 2 h 59', svc('a', '2026-01-12', '18:00', '23:59'), 179, false],
    ['03:00 → 11:00: 3 h', svc('a', '2026-01-12', '03:00', '11:00'), 180, true],
    ['04:00 → 12:00: 2 h', svc('a', '2026-01-12', '04:00', '12:00'), 120, false],
    ['20:00 → 08:00: 9 h', svc('a', '2026-01-12', '20:00', '08:00'), 540, true],
    [
      '20:00 → 08:00, break 01:00–03:00',
      svc('a', '2026-01-12', '20:00', '08:00', ['01:00', '03:00']),
      420,
      true,
    ],
    [
      '18:00 → 00:00, break 21:00–22:01',
      svc('a', '2026-01-12', '18:00', '00:00', ['21:00', '22:01']),
      119,
      false,
    ],
    ['night of 2026-03-29: 8 h', svc('a', '2026-03-28', '21:00', '06:00'), 480, true],
    ['night of 2026-10-25: 10 h', svc('a', '2026-10-24', '21:00', '06:00'), 600, true],
    ['08:00 → 08:00 (24 h)', svc('a', '2026-01-12', '08:00', '08:00'), 540, true],
  ])('%s', (_, s, minutes, night) => {
    expect(nightMinutes(s, PARIS)).toBe(minutes);
    expect(isNightService(s, PARIS)).toBe(night);
  });
});

describe('busiestWindow', () => {
  const week = 168 * HOUR;
  // Irregular services with breaks over four weeks; every boundary is on a quarter hour.
  const services = [
    at('a', '2026-01-05T06:00:00Z', '2026-01-05T17:45:00Z'),
    at('b', '2026-01-06T20:00:00Z', '2026-01-07T07:15:00Z'),
    {
      ...at('c', '2026-01-08T08:00:00Z', '2026-01-08T20:00:00Z'),
      breakStart: new Date('2026-01-08T12:00:00Z'),
      breakEnd: new Date('2026-01-08T13:30:00Z'),
    },
    at('d', '2026-01-10T09:00:00Z', '2026-01-10T21:00:00Z'),
    at('e', '2026-01-12T05:15:00Z', '2026-01-12T11:00:00Z'),
    at('f', '2026-01-13T18:00:00Z', '2026-01-14T06:00:00Z'),
    {
      ...at('g', '2026-01-15T07:00:00Z', '2026-01-15T19:00:00Z'),
      breakStart: new Date('2026-01-15T11:00:00Z'),
      breakEnd: new Date('2026-01-15T15:00:00Z'),
    },
    at('h', '2026-01-17T10:00:00Z', '2026-01-17T22:00:00Z'),
    at('i', '2026-01-20T00:00:00Z', '2026-01-20T12:00:00Z'),
  ];

  /** Brute force: every window starting on a quarter hour around the candidate. */
  function bruteForce(candidate: (typeof services)[number]) {
    let best = 0;
    const step = 15 * MINUTE;
    for (let t = candidate.start.getTime() - week; t <= candidate.end.getTime(); t += step) {
      if (workedWithin(candidate, t, t + week) > 0) best = Math.max(best, totalWithin(services, t, t + week));
    }
    return best;
  }

  it.each(services.map((s) => [s.id, s] as const))('finds the exact maximum around %s', (_, candidate) => {
    const found = busiestWindow(candidate, services, week);
    expect(found?.minutes).toBe(bruteForce(candidate));
    expect(found && totalWithin(services, found.from, found.from + week)).toBe(found?.minutes);
  });
});
