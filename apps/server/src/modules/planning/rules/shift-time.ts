// Shift instants from local wall-clock times. Every calendar computation goes through @date-fns/tz,
// so a day of a daylight-saving change keeps its 23 or 25 hours.
//
// Wall-clock times that a daylight-saving change makes special resolve like Temporal's
// 'compatible' disambiguation:
// - a time that does not exist (skipped when clocks go forward, e.g. 02:30 on 2026-03-29 in
//   Europe/Paris) moves forward by the length of the gap: 02:30 → 03:30 (+02:00);
// - a time that exists twice (when clocks go back, e.g. 02:30 on 2026-10-25 in Europe/Paris) is the
//   earlier of the two instants: 02:30 +02:00.
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A shift's instants (UTC). The break, when there is one, lies within [start, end]. */
export interface ShiftInstants {
  start: Date;
  end: Date;
  breakStart: Date | null;
  breakEnd: Date | null;
}

export interface ShiftTimeInput {
  /** YYYY-MM-DD: the local day the shift starts. */
  date: string;
  /** HH:mm, local. */
  startTime: string;
  /** HH:mm, local; at or before startTime: the next local day. */
  endTime: string;
  breakStart?: string | null;
  breakEnd?: string | null;
  timezone: string;
}

/** Invalid shift times; `message` is French and can be shown to the user. */
export class ShiftTimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShiftTimeError';
  }
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

function parseDay(day: string): [number, number, number] {
  const m = dayPattern.exec(day);
  const parts = m ? ([Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number]) : null;
  // A real calendar day only (no 2026-02-30).
  if (!parts || addDays(day, 0) !== day) throw new ShiftTimeError(`Date invalide : ${day}.`);
  return parts;
}

function parseTime(time: string): [number, number] {
  const m = timePattern.exec(time);
  if (!m) throw new ShiftTimeError(`Heure invalide : ${time} (format attendu HH:MM).`);
  return [Number(m[1]), Number(m[2])];
}

/** Minutes since local midnight of a valid `HH:mm`. */
const minutesOf = (time: string) => {
  const [h, m] = parseTime(time);
  return h * 60 + m;
};

/** `YYYY-MM-DD` plus `n` calendar days (a pure calendar computation, no timezone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The instant of a local wall-clock time (see the header for times a DST change makes special). */
export function zonedInstant(day: string, time: string, timezone: string): Date {
  const [y, mo, d] = parseDay(day);
  const [h, mi] = parseTime(time);
  const wanted = `${day} ${time}`;
  // Try every offset the zone uses around that day: the matching instants are the wall-clock's.
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const offsets = new Set([-DAY, 0, DAY].map((delta) => tzOffset(timezone, new Date(asUtc + delta))));
  const matches = [...offsets]
    .map((offset) => asUtc - offset * MINUTE)
    .filter((t) => format(t, 'yyyy-MM-dd HH:mm', { in: tz(timezone) }) === wanted)
    .sort((a, b) => a - b);
  if (matches[0] !== undefined) return new Date(matches[0]);
  // In a gap: TZDate moves the time forward by the gap's length.
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, timezone).getTime());
}

/** The instant local day `YYYY-MM-DD` starts in `timezone`. */
export const dayStartInstant = (day: string, timezone: string) => zonedInstant(day, '00:00', timezone);

/**
 * UTC instants of a shift given in local wall-clock times. An end at or before the start is on the
 * next local day (equal times: 24 h); a break time before the start time is on the next local day.
 * Throws ShiftTimeError (French message) for an invalid break.
 */
export function shiftInterval(input: ShiftTimeInput): ShiftInstants {
  const { date, timezone } = input;
  const startMinutes = minutesOf(input.startTime);
  const dayOf = (time: string) => (minutesOf(time) <= startMinutes ? addDays(date, 1) : date);
  const start = zonedInstant(date, input.startTime, timezone);
  const end = zonedInstant(dayOf(input.endTime), input.endTime, timezone);
  const hasStart = input.breakStart != null && input.breakStart !== '';
  const hasEnd = input.breakEnd != null && input.breakEnd !== '';
  if (!hasStart && !hasEnd) return { start, end, breakStart: null, breakEnd: null };
  if (!hasStart || !hasEnd) throw new ShiftTimeError('Indiquez le début et la fin de la pause.');
  const breakDay = (time: string) => (minutesOf(time) < startMinutes ? addDays(date, 1) : date);
  const breakStart = zonedInstant(breakDay(input.breakStart as string), input.breakStart as string, timezone);
  const breakEnd = zonedInstant(breakDay(input.breakEnd as string), input.breakEnd as string, timezone);
  if (breakEnd <= breakStart) throw new ShiftTimeError('La fin de la pause doit suivre son début.');
  if (breakStart < start || breakEnd > end)
    throw new ShiftTimeError('La pause doit être comprise dans la garde.');
  return { start, end, breakStart, breakEnd };
}

/** Worked minutes: the shift's length less its break. */
export function workedMinutes(s: ShiftInstants): number {
  const pause = s.breakStart && s.breakEnd ? s.breakEnd.getTime() - s.breakStart.getTime() : 0;
  return (s.end.getTime() - s.start.getTime() - pause) / MINUTE;
}

/** `YYYY-MM-DD` of an instant in `timezone`. */
export const localDate = (instant: Date, timezone: string) =>
  format(instant, 'yyyy-MM-dd', { in: tz(timezone) });

/** `HH:mm` of an instant in `timezone`. */
export const localTime = (instant: Date, timezone: string) => format(instant, 'HH:mm', { in: tz(timezone) });
