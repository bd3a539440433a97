import { addDays, format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { intlLocale } from './format';
import { currentLocale, t } from './i18n/i18n';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local day ('YYYY-MM-DD') of an instant in a timezone — the format of a shift's `date`. */
export function localDay(instant: Date, timezone: string): string {
  let formatter = dayFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timezone, formatter);
  }
  return formatter.format(instant);
}

/** '07:58': the wall-clock time of an instant in a timezone. */
export function localTime(value: string, timezone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale(), {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** The hour (0–23) of an instant in a timezone: 'Bonjour' or 'Bonsoir'. */
export function localHour(instant: Date, timezone: string): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' }).format(
      instant,
    ),
  );
}

/** A local day's date in words: French keeps its date-fns pattern, other languages Intl's order. */
function inLanguage(date: Date, frenchPattern: string, options: Intl.DateTimeFormatOptions): string {
  if (currentLocale() === 'fr') return format(date, frenchPattern, { locale: fr });
  return new Intl.DateTimeFormat(intlLocale(), options).format(date);
}

function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** "Aujourd'hui", 'Demain', 'Hier', or 'Lundi 3 mars' for a shift's local day. */
export function dayLabel(day: string, today: string): string {
  const date = parseDay(day);
  const base = parseDay(today);
  if (!date || !base) return day;
  if (day === today) return t("Aujourd'hui");
  if (format(addDays(base, 1), 'yyyy-MM-dd') === day) return t('Demain');
  if (format(addDays(base, -1), 'yyyy-MM-dd') === day) return t('Hier');
  const text = inLanguage(date, 'EEEE d MMMM', { weekday: 'long', day: 'numeric', month: 'long' });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Jeudi 21 novembre 2026' for the page's heading. */
export function longToday(today: string): string {
  const date = parseDay(today);
  if (!date) return today;
  const text = inLanguage(date, 'EEEE d MMMM yyyy', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
