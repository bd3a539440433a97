// The working-time rules of IDCC 1351 that look at the agent's schedule around a candidate service.
// Each check returns the message of the broken rule in the schedule's language, or null. `services`
// holds the candidate and the agent's other services that do not overlap it, sorted by start.
import type { Language } from '../../../lib/languages';
import { formatDay, formatDuration, formatSpan } from './format';
import {
  busiestWindow,
  HOUR,
  isNightService,
  localDaySpan,
  localDaysTouched,
  MINUTE,
  totalWithin,
  workedWithin,
} from './intervals';
import { ruleMessages, say } from './messages';
import { addDays, localDate, type ShiftInstants, workedMinutes } from './shift-time';

export interface Schedule {
  timezone: string;
  candidate: ShiftInstants;
  /** The candidate and the other services, none overlapping the candidate, sorted by start. */
  services: readonly ShiftInstants[];
  /** The language the messages are written in (French when not said). */
  language?: Language;
}

const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / MINUTE;

/** The service that ends last before the candidate, and the one that starts first after it. */
export function neighbours({ candidate, services }: Schedule) {
  let before: ShiftInstants | null = null;
  let after: ShiftInstants | null = null;
  for (const s of services) {
    if (s === candidate) continue;
    if (s.end <= candidate.start && (!before || s.end > before.end)) before = s;
    if (s.start >= candidate.end && (!after || s.start < after.start)) after = s;
  }
  return { before, after };
}

/** At most 12 h of work in one local day, the worked time of each service split across days. */
export function maxDailyHours({ timezone, candidate, services, language = 'fr' }: Schedule): string | null {
  let worst: { day: string; minutes: number } | null = null;
  for (const day of localDaysTouched(candidate, timezone)) {
    const [from, to] = localDaySpan(day, timezone);
    if (workedWithin(candidate, from, to) <= 0) continue;
    const minutes = totalWithin(services, from, to);
    if (minutes > 12 * 60 && (!worst || minutes > worst.minutes)) worst = { day, minutes };
  }
  return worst
    ? say(language, ruleMessages.maxDailyHours, {
        day: formatDay(worst.day, language),
        worked: formatDuration(worst.minutes),
      })
    : null;
}

/** At least 12 h between the candidate and the services before and after it. */
export function minRest(schedule: Schedule): string | null {
  const { before, after } = neighbours(schedule);
  const { candidate } = schedule;
  const gaps = [
    before ? minutesBetween(before.end, candidate.start) : Number.POSITIVE_INFINITY,
    after ? minutesBetween(candidate.end, after.start) : Number.POSITIVE_INFINITY,
  ];
  const shortest = Math.min(...gaps);
  return shortest < 12 * 60
    ? say(schedule.language ?? 'fr', ruleMessages.minRest, { rest: formatDuration(shortest) })
    : null;
}

/** At most 48 h of work in any sliding window of 7 × 24 h where the candidate works. */
export function maxWeeklyHours({ timezone, candidate, services, language = 'fr' }: Schedule): string | null {
  const week = 7 * 24 * HOUR;
  const busiest = busiestWindow(candidate, services, week);
  if (!busiest || busiest.minutes <= 48 * 60) return null;
  const span = formatSpan(new Date(busiest.from), new Date(busiest.from + week), timezone, language);
  return say(language, ruleMessages.maxWeeklyHours, { worked: formatDuration(busiest.minutes), span });
}

/**
 * After 48 h of work in a sequence of services each separated by less than 24 h, a rest of at least
 * 24 h. The services are cut into chains where a rest of 24 h or more ends a chain: the rule is broken
 * when the candidate's chain holds 48 h of work before a later service of the same chain. The message
 * names the first short rest after 48 h at or next to the candidate (the candidate, or the service
 * before it, has worked toward the 48 h, or follows them).
 */
export function restAfter48h({ candidate, services, language = 'fr' }: Schedule): string | null {
  const chain = chainOf(candidate, services);
  const position = chain.indexOf(candidate);
  let worked = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < chain.length - 1; i++) {
    const s = chain[i] as ShiftInstants;
    worked += workedMinutes(s);
    lastEnd = Math.max(lastEnd, s.end.getTime());
    if (worked < 48 * 60 || i < position - 1) continue;
    const rest = ((chain[i + 1] as ShiftInstants).start.getTime() - lastEnd) / MINUTE;
    return say(language, ruleMessages.restAfter48h, {
      worked: formatDuration(worked),
      rest: formatDuration(Math.max(0, rest)),
    });
  }
  return null;
}

/** The services linked to the candidate by rests shorter than 24 h, in order. */
function chainOf(candidate: ShiftInstants, services: readonly ShiftInstants[]): ShiftInstants[] {
  let chain: ShiftInstants[] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const s of services) {
    if (s.start.getTime() - lastEnd >= 24 * HOUR) {
      if (chain.includes(candidate)) return chain;
      chain = [];
    }
    chain.push(s);
    lastEnd = Math.max(lastEnd, s.end.getTime());
  }
  return chain;
}

/** At least 10 h between a night service and the day service that follows it. */
export function nightToDayRest(schedule: Schedule): string | null {
  const { timezone, candidate } = schedule;
  const { before, after } = neighbours(schedule);
  const night = isNightService(candidate, timezone);
  const gaps: number[] = [];
  if (before && !night && isNightService(before, timezone))
    gaps.push(minutesBetween(before.end, candidate.start));
  if (after && night && !isNightService(after, timezone))
    gaps.push(minutesBetween(candidate.end, after.start));
  const shortest = Math.min(...gaps);
  return shortest < 10 * 60
    ? say(schedule.language ?? 'fr', ruleMessages.nightToDayRest, { rest: formatDuration(shortest) })
    : null;
}

/** At most 6 consecutive local days with work, a service counting on the day it starts. */
export function maxConsecutiveDays({
  timezone,
  candidate,
  services,
  language = 'fr',
}: Schedule): string | null {
  const days = new Set(services.map((s) => localDate(s.start, timezone)));
  let first = localDate(candidate.start, timezone);
  let last = first;
  while (days.has(addDays(first, -1))) first = addDays(first, -1);
  while (days.has(addDays(last, 1))) last = addDays(last, 1);
  const count = Math.round((Date.parse(last) - Date.parse(first)) / (24 * HOUR)) + 1;
  return count > 6
    ? say(language, ruleMessages.maxConsecutiveDays, {
        count,
        first: formatDay(first, language),
        last: formatDay(last, language),
      })
    : null;
}
