// When a schedule runs next and what period its report covers, in the schedule's timezone (with
// @date-fns/tz: a run at 06:00 stays at 06:00 across daylight-saving changes).
import { TZDate } from '@date-fns/tz';
import type { ReportFrequency } from '@vigie/contract/reports.contract';
import { addDays } from '../../lib/days';
import { localDay } from './period';

const RUN_HOUR = 6;

const at = (day: string, hour: number, timezone: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, timezone).getTime());
};

/** The first run after `now`: next Monday 06:00, or the 1st of next month 06:00, local time. */
export function nextRunAt(frequency: ReportFrequency, timezone: string, now = new Date()) {
  const today = localDay(now, timezone);
  if (frequency === 'weekly') {
    const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
    return at(addDays(today, (8 - dow) % 7 || 7), RUN_HOUR, timezone);
  }
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return at(next, RUN_HOUR, timezone);
}

/** The days a run at `runAt` reports on: the last 7 days, or the last calendar month. */
export function scheduledPeriod(frequency: ReportFrequency, timezone: string, runAt: Date) {
  const today = localDay(runAt, timezone);
  const endDate = addDays(today, -1);
  if (frequency === 'weekly') return { startDate: addDays(endDate, -6), endDate };
  return { startDate: `${endDate.slice(0, 7)}-01`, endDate };
}
