// Display helpers of the radio page (numbers in the user's language: a decimal comma in French).
import { intlLocale } from '../../../lib/format';
import { deName } from '../../../lib/french';
import { currentLocale, t } from '../../../lib/i18n/i18n';

const oneDecimal = (value: number) =>
  new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(value);

/**
 * A name as French writes it after « de » (« d'Alice », « de Bruno »), to fill a message's {agent}
 * where French says « de »; other languages put their own word in the message and take the name.
 */
export function ofName(name: string): string {
  return currentLocale() === 'fr' ? deName(name) : name;
}

/** '350 m' below a kilometre, else '1,2 km'. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${oneDecimal(metres / 1000)} km`;
}

/** '2,4 min', or '—' when there is nothing to average. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  // Under a minute, seconds: a 1 s response must not read '0 min'.
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  return `${oneDecimal(minutes)} min`;
}

/** '35 209900 176148 1' (reporting body, type, serial, check digit); anything else as it is. */
export function formatImei(imei: string): string {
  if (!/^\d{15}$/.test(imei)) return imei;
  return `${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8, 14)} ${imei.slice(14)}`;
}

/** '12 s', '1 min 05 s'. */
export function formatDurationMs(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** '0:07' — the running time of a transmission. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'à l'instant', 'il y a 4 min', 'il y a 2 h' — the age of a position. */
export function formatAge(at: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return t("à l'instant");
  if (minutes < 60) return t('il y a {minutes} min', { minutes });
  return t('il y a {hours} h', { hours: Math.floor(minutes / 60) });
}

/** '48.85661, 2.35222' (coordinates keep the dot, as maps and GPS tools expect). */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** The point on OpenStreetMap, to open in a new tab. */
export function mapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
