import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { DEFAULT_TIMEZONE } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n/i18n';

// Planning days travel as local calendar days (YYYY-MM-DD): they are handled as such, never
// through an instant, so that no timezone can move them by one day.

/** Today in the given timezone, as YYYY-MM-DD. */
export function todayIn(timezone: string = DEFAULT_TIMEZONE): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function toLocalDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** A valid YYYY-MM-DD, or the fallback (a hand-edited URL). */
export function parseDay(value: string | null, fallback: string): string {
  if (!value || !isDay(value)) return fallback;
  const date = toLocalDate(value);
  return Number.isNaN(date.getTime()) || format(date, 'yyyy-MM-dd') !== value ? fallback : value;
}

export function addDays(day: string, n: number): string {
  const date = toLocalDate(day);
  date.setDate(date.getDate() + n);
  return format(date, 'yyyy-MM-dd');
}

/** '21/11/2026' */
export function formatDay(day: string | null): string {
  if (!day || !isDay(day)) return '—';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

// French keeps its date-fns patterns; English and Spanish take Intl's wording for their language.
const intlTags = { en: 'en-GB', es: 'es-ES' } as const;

/** A calendar day in another language than French, read at noon UTC so no timezone moves it. */
function otherLanguageDay(day: string, options: Intl.DateTimeFormatOptions): string | null {
  const locale = currentLocale();
  if (locale === 'fr') return null;
  return new Intl.DateTimeFormat(intlTags[locale], { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** 'samedi 21 novembre 2026' ('Saturday 21 November 2026', 'sábado, 21 de noviembre de 2026'). */
export function formatLongDay(day: string): string {
  if (!isDay(day)) return '—';
  return (
    otherLanguageDay(day, { dateStyle: 'full' }) ??
    format(toLocalDate(day), 'EEEE d MMMM yyyy', { locale: fr })
  );
}

/** 'sam. 21/11' for the week grid's columns. */
export function formatShortDay(day: string): { weekday: string; date: string } {
  if (!isDay(day)) return { weekday: '', date: day };
  const date = toLocalDate(day);
  return {
    weekday: otherLanguageDay(day, { weekday: 'short' }) ?? format(date, 'EEE', { locale: fr }),
    date: format(date, 'dd/MM'),
  };
}

/** '2026-11' */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** 480 → '8 h', 450 → '7 h 30', 25 → '0 h 25'. */
export function formatHours(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

const toMinutes = (time: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * Worked time typed in the form: end minus start minus the break, a shift or
 * a break that ends at or before its start going past midnight. The server's figure (daylight
 * saving included) replaces it once the check answers.
 */
export function workedMinutesOf(
  start: string,
  end: string,
  breakStart?: string | null,
  breakEnd?: string | null,
) {
  const s = toMinutes(start);
  const e = toMinutes(end);
  if (s === null || e === null) return null;
  const span = e > s ? e - s : e + 1440 - s;
  const bs = breakStart ? toMinutes(breakStart) : null;
  const be = breakEnd ? toMinutes(breakEnd) : null;
  if (bs === null || be === null) return span;
  const pause = be > bs ? be - bs : be + 1440 - bs;
  return Math.max(0, span - pause);
}
