// Worked-time arithmetic on services: worked pieces, time within a span, local days, night time and
// the busiest sliding window. Local days and hours come from @date-fns/tz (see shift-time.ts).
import { addDays, dayStartInstant, localDate, type ShiftInstants, zonedInstant } from './shift-time';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A span of instants [from, to), in epoch milliseconds. */
export type Span = readonly [number, number];

/** The worked pieces of a service: [start, end) less its break. */
export function workedPieces(s: ShiftInstants): Span[] {
  const start = s.start.getTime();
  const end = s.end.getTime();
  if (!s.breakStart || !s.breakEnd) return end > start ? [[start, end]] : [];
  const pieces: Span[] = [
    [start, s.breakStart.getTime()],
    [s.breakEnd.getTime(), end],
  ];
  return pieces.filter(([a, b]) => b > a);
}

/** Worked minutes of a service within [from, to). */
export function workedWithin(s: ShiftInstants, from: number, to: number): number {
  let ms = 0;
  for (const [a, b] of workedPieces(s)) ms += Math.max(0, Math.min(b, to) - Math.max(a, from));
  return ms / MINUTE;
}

/** Worked minutes of several services within [from, to). */
export const totalWithin = (services: readonly ShiftInstants[], from: number, to: number) =>
  services.reduce((sum, s) => sum + workedWithin(s, from, to), 0);

/** Whether two services share some time (one ending when the other starts does not). */
export const overlaps = (a: ShiftInstants, b: ShiftInstants) => a.start < b.end && b.start < a.end;

/** The local days, in order, that [start, end) touches (an end at midnight does not touch that day). */
export function localDaysTouched(s: ShiftInstants, timezone: string): string[] {
  const first = localDate(s.start, timezone);
  const last = localDate(new Date(Math.max(s.start.getTime(), s.end.getTime() - 1)), timezone);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** [start, end) of a local day, in epoch milliseconds (23 or 25 hours on a DST change). */
export const localDaySpan = (day: string, timezone: string): Span => [
  dayStartInstant(day, timezone).getTime(),
  dayStartInstant(addDays(day, 1), timezone).getTime(),
];

/** Worked minutes of a service between 21:00 and 06:00 local. */
export function nightMinutes(s: ShiftInstants, timezone: string): number {
  let minutes = 0;
  // Night windows start on each local day from the day before the start to the end's day.
  const last = localDate(s.end, timezone);
  for (let day = addDays(localDate(s.start, timezone), -1); day <= last; day = addDays(day, 1)) {
    const from = zonedInstant(day, '21:00', timezone).getTime();
    const to = zonedInstant(addDays(day, 1), '06:00', timezone).getTime();
    minutes += workedWithin(s, from, to);
  }
  return minutes;
}

/** A night service: at least 3 h of its worked time between 21:00 and 06:00 local. */
export const isNightService = (s: ShiftInstants, timezone: string) => nightMinutes(s, timezone) >= 180;

/**
 * The sliding window [from, from + length) with the most worked time, among the windows where
 * `candidate` works. `services` includes the candidate.
 *
 * Algorithm: f(t) = worked time within [t, t + length) is piecewise linear in t, its slope being
 * (pieces covering t + length) − (pieces covering t). The slope only drops when t reaches a piece's
 * start or t + length reaches a piece's end, so f reaches its maximum at such a t: the exact maximum
 * is the best of the windows starting at a worked piece's start or ending at a worked piece's end
 * (O(n²) for n pieces — a few dozen here). Windows where the candidate has no worked time are left
 * out: their excess, if any, is not the candidate's doing.
 */
export function busiestWindow(
  candidate: ShiftInstants,
  services: readonly ShiftInstants[],
  length: number,
): { from: number; minutes: number } | null {
  const pieces = services.flatMap(workedPieces);
  const starts = new Set([...pieces.map(([a]) => a), ...pieces.map(([, b]) => b - length)]);
  let best: { from: number; minutes: number } | null = null;
  for (const from of [...starts].sort((x, y) => x - y)) {
    if (workedWithin(candidate, from, from + length) <= 0) continue;
    const minutes = totalWithin(services, from, from + length);
    if (!best || minutes > best.minutes) best = { from, minutes };
  }
  return best;
}
