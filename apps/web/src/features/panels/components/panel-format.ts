// Display helpers of the alarm panels' screen (the user's language and timezone).
import { DEFAULT_TIMEZONE, formatDateTime } from '../../../lib/format';
import { deName } from '../../../lib/french';
import { currentLocale, t } from '../../../lib/i18n/i18n';

/** « de Centrale » / « d'Entrepôt » in French; the name alone in the other languages (their message says "of"). */
export function ofPanel(name: string): string {
  return currentLocale() === 'fr' ? deName(name) : name;
}

/** 'à l'instant', 'il y a 4 min', 'il y a 2 h', 'il y a 3 j' — the age of a panel's last signal. */
export function formatAge(at: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return t('à l’instant');
  if (minutes < 60) return t('il y a {minutes} min', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('il y a {hours} h', { hours });
  return t('il y a {days} j', { days: Math.floor(hours / 24) });
}

// Only compared, never shown: any fixed locale gives the same day for the same instant.
const dayOf = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );

/** The end of a test mode: its time, and its day ('12/05') when it is not today, in the user's timezone. */
function testEndParts(
  at: string,
  timezone: string,
  now: number,
): { day: string | null; time: string } | null {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const time = new Intl.DateTimeFormat(currentLocale(), {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  if (dayOf(date, timezone) === dayOf(new Date(now), timezone)) return { day: null, time };
  const day = new Intl.DateTimeFormat(currentLocale(), {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
  }).format(date);
  return { day, time };
}

/**
 * The end of a test mode: 'HH:MM' when it ends today, 'le 12/05 à HH:MM' otherwise, in the user's
 * timezone.
 */
export function formatTestEnd(at: string, timezone = DEFAULT_TIMEZONE, now: number = Date.now()): string {
  const end = testEndParts(at, timezone, now);
  if (!end) return '—';
  return end.day === null ? end.time : t('le {day} à {time}', end);
}

/** « En test jusqu'à 18:30 », or « En test jusqu'au 12/05 à 18:30 » for another day. */
export function testBadgeText(at: string, timezone = DEFAULT_TIMEZONE, now: number = Date.now()): string {
  const end = testEndParts(at, timezone, now);
  if (!end) return t("En test jusqu'à {time}", { time: '—' });
  return end.day === null
    ? t("En test jusqu'à {time}", { time: end.time })
    : t("En test jusqu'au {day} à {time}", { day: end.day, time: end.time });
}

/** « Inchangé (jusqu'à 18:30) »: the test mode kept as it is, in the edit form. */
export function testKeptText(at: string, timezone = DEFAULT_TIMEZONE, now: number = Date.now()): string {
  const end = testEndParts(at, timezone, now);
  if (!end) return t("Inchangé (jusqu'à {time})", { time: '—' });
  return end.day === null
    ? t("Inchangé (jusqu'à {time})", { time: end.time })
    : t("Inchangé (jusqu'au {day} à {time})", { day: end.day, time: end.time });
}

/** « toutes les 30 min », « toutes les 2 h », « toutes les minutes », « non supervisée ». */
export function supervisionText(minutes: number | null): string {
  if (minutes === null) return t('non supervisée');
  if (minutes === 1) return t('toutes les minutes');
  if (minutes >= 60 && minutes % 60 === 0) {
    return t('toutes les {hours} h', { hours: minutes / 60 });
  }
  return t('toutes les {minutes} min', { minutes });
}

/** The last signal: relative and absolute, 'Jamais' when the panel was never heard. */
export function lastSignalText(at: string | null, timezone?: string, now?: number) {
  if (!at) return { relative: t('Jamais'), absolute: null };
  return { relative: formatAge(at, now), absolute: formatDateTime(at, timezone) };
}
