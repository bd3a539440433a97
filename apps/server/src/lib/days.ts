// Local days of the company's timezone, as instants. Computed with @date-fns/tz (never by adding
// hours to UTC), so a day of a daylight-saving change has its 23 or 25 hours.
import { TZDate } from '@date-fns/tz';

const DAY = 86_400_000;

/** The instant a local day `YYYY-MM-DD` starts in `timezone`. */
export function dayStart(day: string, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timezone).getTime());
}

/** `YYYY-MM-DD` of the day after. */
export const nextDay = (day: string) => addDays(day, 1);

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The 7 local days from `day`. */
export const weekDays = (day: string) => Array.from({ length: 7 }, (_, i) => addDays(day, i));
