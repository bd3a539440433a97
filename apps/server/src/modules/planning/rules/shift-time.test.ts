import { describe, expect, it } from 'vitest';
import { localDate, localTime, ShiftTimeError, shiftInterval, workedMinutes } from './shift-time';

const PARIS = 'Europe/Paris';
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('shiftInterval', () => {
  it.each([
    // date, start, end, break, timezone, start (UTC), end (UTC), worked minutes
    [
      'day with a break',
      '2026-01-15',
      '08:00',
      '17:00',
      ['12:00', '13:00'],
      PARIS,
      '2026-01-15T07:00:00.000Z',
      '2026-01-15T16:00:00.000Z',
      480,
    ],
    [
      'summer time',
      '2026-07-15',
      '08:00',
      '17:00',
      null,
      PARIS,
      '2026-07-15T06:00:00.000Z',
      '2026-07-15T15:00:00.000Z',
      540,
    ],
    [
      'across midnight',
      '2026-01-15',
      '20:00',
      '08:00',
      null,
      PARIS,
      '2026-01-15T19:00:00.000Z',
      '2026-01-16T07:00:00.000Z',
      720,
    ],
    [
      'equal times: 24 h',
      '2026-01-15',
      '08:00',
      '08:00',
      null,
      PARIS,
      '2026-01-15T07:00:00.000Z',
      '2026-01-16T07:00:00.000Z',
      1440,
    ],
    [
      'break after midnight',
      '2026-01-15',
      '20:00',
      '08:00',
      ['02:00', '02:30'],
      PARIS,
      '2026-01-15T19:00:00.000Z',
      '2026-01-16T07:00:00.000Z',
      690,
    ],
    [
      'break across midnight',
      '2026-01-15',
      '20:00',
      '08:00',
      ['23:30', '00:30'],
      PARIS,
      '2026-01-15T19:00:00.000Z',
      '2026-01-16T07:00:00.000Z',
      660,
    ],
    [
      'night of 2026-03-29: 11 h',
      '2026-03-28',
      '20:00',
      '08:00',
      null,
      PARIS,
      '2026-03-28T19:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      660,
    ],
    [
      'night of 2026-10-25: 13 h',
      '2026-10-24',
      '20:00',
      '08:00',
      null,
      PARIS,
      '2026-10-24T18:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      780,
    ],
    [
      '2026-03-29 from midnight: 7 h',
      '2026-03-29',
      '00:00',
      '08:00',
      null,
      PARIS,
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      420,
    ],
    [
      '02:30 on 2026-03-29 does not exist: 03:30',
      '2026-03-29',
      '02:30',
      '10:00',
      null,
      PARIS,
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T08:00:00.000Z',
      390,
    ],
    [
      '02:30 on 2026-10-25 exists twice: the first',
      '2026-10-25',
      '02:30',
      '10:00',
      null,
      PARIS,
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T09:00:00.000Z',
      510,
    ],
    [
      'New York spring forward',
      '2026-03-07',
      '22:00',
      '06:00',
      null,
      'America/New_York',
      '2026-03-08T03:00:00.000Z',
      '2026-03-08T10:00:00.000Z',
      420,
    ],
    [
      'UTC',
      '2026-03-28',
      '20:00',
      '08:00',
      null,
      'UTC',
      '2026-03-28T20:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      720,
    ],
  ] as const)('%s', (_, date, startTime, endTime, pause, timezone, start, end, worked) => {
    const s = shiftInterval({
      date,
      startTime,
      endTime,
      breakStart: pause?.[0],
      breakEnd: pause?.[1],
      timezone,
    });
    expect([iso(s.start), iso(s.end)]).toEqual([start, end]);
    expect(workedMinutes(s)).toBe(worked);
  });

  it('places a break before the start time on the next day', () => {
    const s = shiftInterval({
      date: '2026-01-15',
      startTime: '20:00',
      endTime: '08:00',
      breakStart: '03:00',
      breakEnd: '03:45',
      timezone: PARIS,
    });
    expect([iso(s.breakStart), iso(s.breakEnd)]).toEqual([
      '2026-01-16T02:00:00.000Z',
      '2026-01-16T02:45:00.000Z',
    ]);
  });

  it.each([
    [
      'break outside the shift',
      '08:00',
      '17:00',
      '17:00',
      '17:30',
      'La pause doit être comprise dans la garde.',
    ],
    [
      'break before the start (next day)',
      '08:00',
      '17:00',
      '07:00',
      '07:30',
      'La pause doit être comprise dans la garde.',
    ],
    [
      'break end before its start',
      '08:00',
      '17:00',
      '13:00',
      '12:00',
      'La fin de la pause doit suivre son début.',
    ],
    ['empty break', '08:00', '17:00', '12:00', '12:00', 'La fin de la pause doit suivre son début.'],
    ['only a break start', '08:00', '17:00', '12:00', null, 'Indiquez le début et la fin de la pause.'],
    ['only a break end', '08:00', '17:00', null, '12:00', 'Indiquez le début et la fin de la pause.'],
    ['invalid time', '24:00', '17:00', null, null, 'Heure invalide : 24:00 (format attendu HH:MM).'],
    [
      'time without a leading zero',
      '8:00',
      '17:00',
      null,
      null,
      'Heure invalide : 8:00 (format attendu HH:MM).',
    ],
  ])('refuses %s', (_, startTime, endTime, breakStart, breakEnd, message) => {
    const run = () =>
      shiftInterval({ date: '2026-01-15', startTime, endTime, breakStart, breakEnd, timezone: PARIS });
    expect(run).toThrow(ShiftTimeError);
    expect(run).toThrow(message);
  });

  it.each([['2026-02-30'], ['2026-1-05'], ['']])('refuses the date %j', (date) => {
    expect(() => shiftInterval({ date, startTime: '08:00', endTime: '16:00', timezone: PARIS })).toThrow(
      ShiftTimeError,
    );
  });

  it.each([
    ['08:00', '12:00', 300],
    ['13:00', '17:00', 300],
    ['08:00', '17:00', 0],
  ])('accepts a break %s–%s on the edges of an 08:00–17:00 shift', (breakStart, breakEnd, worked) => {
    const s = shiftInterval({
      date: '2026-01-15',
      startTime: '08:00',
      endTime: '17:00',
      breakStart,
      breakEnd,
      timezone: PARIS,
    });
    expect(workedMinutes(s)).toBe(worked);
  });
});

describe('localDate and localTime', () => {
  it.each([
    ['2026-03-28T23:30:00Z', PARIS, '2026-03-29', '00:30'],
    ['2026-03-29T01:00:00Z', PARIS, '2026-03-29', '03:00'],
    ['2026-07-01T22:00:00Z', PARIS, '2026-07-02', '00:00'],
    ['2026-10-25T00:30:00Z', PARIS, '2026-10-25', '02:30'],
    ['2026-10-25T01:30:00Z', PARIS, '2026-10-25', '02:30'],
    ['2026-07-01T22:00:00Z', 'UTC', '2026-07-01', '22:00'],
  ])('%s in %s is %s %s', (instant, timezone, day, time) => {
    expect(localDate(new Date(instant), timezone)).toBe(day);
    expect(localTime(new Date(instant), timezone)).toBe(time);
  });
});
