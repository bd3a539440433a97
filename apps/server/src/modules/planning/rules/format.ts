// How the rule messages write durations and dates (French).
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

/** '11 h 59', '12 h', '0 h 05' — whole minutes (rounded down). */
export function formatDuration(minutes: number): string {
  const total = Math.floor(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/** `dd/MM/yyyy` of a calendar day `YYYY-MM-DD`. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** `dd/MM/yyyy HH:mm` of an instant, in `timezone`. */
export const formatDateTime = (instant: Date, timezone: string) =>
  format(instant, 'dd/MM/yyyy HH:mm', { in: tz(timezone) });

/** 'du 12/03/2026 20:00 au 13/03/2026 08:00' */
export const formatSpan = (start: Date, end: Date, timezone: string) =>
  `du ${formatDateTime(start, timezone)} au ${formatDateTime(end, timezone)}`;
