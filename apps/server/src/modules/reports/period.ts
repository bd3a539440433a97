// A report's period: local days of the user's timezone, turned into instants with @date-fns/tz
// (a daylight-saving day has its 23 or 25 hours).
import { type ReportPeriod, reportPeriodDays } from '@vigie/contract/reports.contract';
import { addDays, dayStart, nextDay } from '../../lib/days';

export interface Period {
  startDate: string;
  endDate: string;
  /** First instant of the start day. */
  from: Date;
  /** First instant of the day after the end day (exclusive). */
  to: Date;
  timezone: string;
}

const todays = new Map<string, Intl.DateTimeFormat>();
/** `YYYY-MM-DD` of `at` in `timezone`. */
export function localDay(at: Date, timezone: string) {
  let f = todays.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    todays.set(timezone, f);
  }
  return f.format(at);
}

export function periodOf(startDate: string, endDate: string, timezone: string): Period {
  return {
    startDate,
    endDate,
    from: dayStart(startDate, timezone),
    to: dayStart(nextDay(endDate), timezone),
    timezone,
  };
}

/** A rolling period ending today (week: the last 7 days), or the custom days. */
export function resolvePeriod(
  q: { period: ReportPeriod; startDate?: string; endDate?: string },
  timezone: string,
  now = new Date(),
): Period {
  if (q.period === 'custom' && q.startDate && q.endDate) return periodOf(q.startDate, q.endDate, timezone);
  const today = localDay(now, timezone);
  const days = reportPeriodDays[q.period === 'custom' ? 'month' : q.period];
  return periodOf(addDays(today, -(days - 1)), today, timezone);
}

/** Every local day of the period, in order. */
export function daysOf(p: Pick<Period, 'startDate' | 'endDate'>) {
  const out: string[] = [];
  for (let d = p.startDate; d <= p.endDate; d = nextDay(d)) out.push(d);
  return out;
}

/** '21/11/2026'. */
export const frenchDay = (day: string) => day.split('-').reverse().join('/');
