// Display helpers of the alarm panels' screen (French wording, the user's timezone).
import { DEFAULT_TIMEZONE, formatDateTime } from '../../../lib/format';

/** 'à l'instant', 'il y a 4 min', 'il y a 2 h', 'il y a 3 j' — the age of a panel's last signal. */
export function formatAge(at: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return 'à l’instant';
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours} h`;
  return `il y a ${Math.floor(hours / 24)} j`;
}

const dayOf = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );

/**
 * The end of a test mode: 'HH:MM' when it ends today, 'le 12/05 à HH:MM' otherwise, in the user's
 * timezone.
 */
export function formatTestEnd(at: string, timezone = DEFAULT_TIMEZONE, now: number = Date.now()): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '—';
  const time = new Intl.DateTimeFormat('fr-FR', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  if (dayOf(date, timezone) === dayOf(new Date(now), timezone)) return time;
  const day = new Intl.DateTimeFormat('fr-FR', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
  }).format(date);
  return `le ${day} à ${time}`;
}

/** « En test jusqu'à 18:30 », or « En test jusqu'au 12/05 à 18:30 » for another day. */
export function testBadgeText(at: string, timezone?: string, now?: number): string {
  const end = formatTestEnd(at, timezone, now);
  return end.startsWith('le ') ? `En test jusqu'au ${end.slice(3)}` : `En test jusqu'à ${end}`;
}

/** « toutes les 30 min », « toutes les 2 h », « toutes les minutes », « non supervisée ». */
export function supervisionText(minutes: number | null): string {
  if (minutes === null) return 'non supervisée';
  if (minutes === 1) return 'toutes les minutes';
  if (minutes >= 60 && minutes % 60 === 0) {
    return `toutes les ${minutes / 60} h`;
  }
  return `toutes les ${minutes} min`;
}

/** The last signal: relative and absolute, 'Jamais' when the panel was never heard. */
export function lastSignalText(at: string | null, timezone?: string, now?: number) {
  if (!at) return { relative: 'Jamais', absolute: null };
  return { relative: formatAge(at, now), absolute: formatDateTime(at, timezone) };
}
