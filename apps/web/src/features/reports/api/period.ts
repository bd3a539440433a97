import { type ReportPeriod, reportPeriodDays } from '@vigie/contract/reports.contract';

/** `YYYY-MM-DD` of today in the user's timezone. */
export function todayIn(timezone: string, now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The local days a rolling period covers, ending today (as the server counts them). */
export function periodDates(period: Exclude<ReportPeriod, 'custom'>, timezone: string) {
  const endDate = todayIn(timezone);
  return { startDate: addDays(endDate, -(reportPeriodDays[period] - 1)), endDate };
}

/** '21/11' for chart axes. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
