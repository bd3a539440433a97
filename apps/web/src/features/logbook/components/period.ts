// A day of the user's timezone as an instant range (the server filters on UTC instants).

/** The offset (ms) of `timezone` at the instant `utc`. */
function offsetAt(utc: number, timezone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(utc));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(utc / 1000) * 1000;
}

/** The instant of a wall-clock time ('2026-11-25', '14:05') in the timezone. */
export function zonedInstant(day: string, time: string, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  const first = guess - offsetAt(guess, timezone);
  return new Date(guess - offsetAt(first, timezone));
}

/** Today's date ('YYYY-MM-DD') in the timezone. */
export function todayIn(timezone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);
}

/** The current wall-clock time ('HH:mm') in the timezone. */
export function nowTimeIn(timezone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The next day of a 'YYYY-MM-DD' date. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/** From a day to another (both included), as the list's `from` and `to`. */
export function periodRange(fromDay: string, toDay: string, timezone: string) {
  return {
    from: zonedInstant(fromDay, '00:00', timezone).toISOString(),
    to: zonedInstant(nextDay(toDay < fromDay ? fromDay : toDay), '00:00', timezone).toISOString(),
  };
}
