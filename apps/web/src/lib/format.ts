import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { currentLocale } from './i18n/i18n';
import { getSession } from './session';

export const DEFAULT_TIMEZONE = 'Europe/Paris';

/** The signed-in user's timezone (Paramètres · Profil utilisateur), Europe/Paris otherwise. */
export function userTimezone(): string {
  return getSession().user?.timezone || DEFAULT_TIMEZONE;
}

/**
 * Wall-clock parts of an instant in the given IANA timezone, as a Date whose local fields hold
 * them, so date-fns can format it without a timezone library.
 */
function toZonedWallClock(date: Date, timezone: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

// French keeps the specification's exact patterns (date-fns); English and Spanish use Intl's
// conventions for their language (en-GB: 21/11/2026, 14:05; es: 21/11/26, 14:05).
const intlLocales = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' } as const;

/** The BCP 47 tag to give Intl for the current language (numbers, lists, relative times). */
export function intlLocale(): string {
  return intlLocales[currentLocale()];
}

function otherLanguage(date: Date, timezone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: timezone }).format(date);
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '21/11/2026 14:05' in the user's timezone (the signed-in user's, Europe/Paris by default). */
export function formatDateTime(value: string | Date, timezone: string = userTimezone()): string {
  const date = toDate(value);
  if (!date) return '—';
  if (currentLocale() !== 'fr')
    return otherLanguage(date, timezone, { dateStyle: 'short', timeStyle: 'short' });
  return format(toZonedWallClock(date, timezone), 'dd/MM/yyyy HH:mm', { locale: fr });
}

/** '21/11/2026' in the user's timezone. */
export function formatDate(value: string | Date, timezone: string = userTimezone()): string {
  const date = toDate(value);
  if (!date) return '—';
  if (currentLocale() !== 'fr') return otherLanguage(date, timezone, { dateStyle: 'short' });
  return format(toZonedWallClock(date, timezone), 'dd/MM/yyyy', { locale: fr });
}

/** 'samedi 21 novembre 2026' — for headings. */
export function formatLongDate(value: string | Date, timezone: string = userTimezone()): string {
  const date = toDate(value);
  if (!date) return '—';
  if (currentLocale() !== 'fr') return otherLanguage(date, timezone, { dateStyle: 'full' });
  return format(toZonedWallClock(date, timezone), 'EEEE d MMMM yyyy', { locale: fr });
}
