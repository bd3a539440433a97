import { intlLocale, userTimezone } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

/** "12:05" (minutes:seconds) left until `target`, "0:00" once past; hours shown past 60 minutes. */
export function countdown(target: number, now: number) {
  const total = Math.max(0, Math.ceil((target - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "14:35" in the user's timezone. */
export function clockTime(value: string | number | Date, timezone = userTimezone()) {
  return new Intl.DateTimeFormat(intlLocale(), {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
}

/** "48.86580, 2.32140". */
export const coordinates = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

/** The place on OpenStreetMap (no key, no tracking script: a plain link). */
export const mapUrl = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

export const intervalLabel = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : minutes % 60 === 0
      ? `${minutes / 60} h`
      : `${Math.floor(minutes / 60)} h ${minutes % 60}`;

/** "Toutes les 30 min", "Toutes les minutes". */
export const everyLabel = (minutes: number) =>
  minutes === 1 ? t('Toutes les minutes') : t('Toutes les {interval}', { interval: intervalLabel(minutes) });
