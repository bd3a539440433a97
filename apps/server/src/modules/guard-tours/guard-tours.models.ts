// Pure rules of guard tours: the signed checkpoint label, the schedule's current slot, the drawn
// order of a random round, ISO weeks and times.
import { randomInt, timingSafeEqual } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { SecretBox } from '../../plugins/secrets';
import { localClock } from '../access/access.models';

const LABEL_PURPOSE = 'guard-tour-checkpoint';
const LABEL_PREFIX = 'VGT1';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A time as the API writes it. */
export const iso = (d: Date) => d.toISOString();

/** A planned round not started this long after its time raises « ronde non démarrée ». */
export const LATE_MINUTES = 10;
/** A round still running this long past its expected duration raises « ronde en retard ». */
export const OVERDUE_MARGIN_MINUTES = 10;

/** `VGT1.<company>.<checkpoint>.<version>.<signature>`: nothing in it can be changed or guessed. */
export function labelCode(secrets: SecretBox, companyId: string, checkpointId: string, version: number) {
  const body = `${LABEL_PREFIX}.${companyId}.${checkpointId}.${version}`;
  return `${body}.${secrets.mac(LABEL_PURPOSE, body)}`;
}

/** The checkpoint a label names when the server signed it; null for anything else. */
export function readLabel(secrets: SecretBox, text: string) {
  const parts = text.split('.');
  if (parts.length !== 5 || parts[0] !== LABEL_PREFIX) return null;
  const [, companyId, checkpointId, version, signature] = parts as [string, string, string, string, string];
  if (!uuid.test(companyId) || !uuid.test(checkpointId) || !/^\d{1,9}$/.test(version)) return null;
  const expected = Buffer.from(secrets.mac(LABEL_PURPOSE, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { companyId, checkpointId, version: Number(version) };
}

/** A uniformly drawn order (Fisher–Yates with a cryptographic generator): not predictable. */
export function drawOrder<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The schedule's slot running at `now` (its start, to the minute), or null outside the windows. A
 * window whose end is at or before its start crosses midnight: its night part belongs to the day
 * it started.
 */
export function currentSlot(
  schedule: { everyMinutes: number; start: string; end: string; days: number[] },
  now: Date,
  timezone: string,
): Date | null {
  const { weekday, minutes } = localClock(now, timezone);
  const start = minutesOf(schedule.start);
  const end = minutesOf(schedule.end);
  const previous = weekday === 1 ? 7 : weekday - 1;
  let elapsed: number | null = null;
  if (start < end) {
    if (schedule.days.includes(weekday) && minutes >= start && minutes < end) elapsed = minutes - start;
  } else if (minutes >= start && schedule.days.includes(weekday)) elapsed = minutes - start;
  else if (minutes < end && schedule.days.includes(previous)) elapsed = 1440 - start + minutes;
  if (elapsed === null) return null;
  const intoSlot = elapsed % schedule.everyMinutes;
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(minute - intoSlot * 60_000);
}

/** The current ISO week of `at` in the timezone, as 2026-W48. */
export function isoWeekOf(at: Date, timezone: string) {
  const d = new TZDate(at.getTime(), timezone);
  const day = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()));
  const dow = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - dow);
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** [Monday 00:00, next Monday 00:00) of an ISO week in the timezone. */
export function isoWeekRange(week: string, timezone: string): [Date, Date] {
  const year = Number(week.slice(0, 4));
  const n = Number(week.slice(6));
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(
    jan4.getTime() - ((jan4.getUTCDay() || 7) - 1) * 86_400_000 + (n - 1) * 7 * 86_400_000,
  );
  const local = (d: Date) =>
    new Date(new TZDate(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 0, 0, 0, timezone).getTime());
  return [local(monday), local(new Date(monday.getTime() + 7 * 86_400_000))];
}

// Scan checks (decision 0019): the time a phone gives a scan, and where the scan was made.

/** A phone's clock may run this much ahead of the server's. */
export const SCAN_CLOCK_SKEW_MS = 2 * 60_000;
/** A scan may be stamped this much before its round's start (a phone's clock running behind). */
export const SCAN_BEFORE_START_MS = 5 * 60_000;
/**
 * A scan kept in the phone's offline queue is accepted this long after it was made: a 12-hour
 * shift walked without network, sent when the phone finds the network again.
 */
export const SCAN_OFFLINE_TOLERANCE_MS = 12 * 60 * 60_000;
/** GPS error allowed on top of the site's radius (a scan sends no accuracy; indoors it drifts). */
export const SCAN_GPS_MARGIN_M = 100;

export type ScanTimeProblem = 'future' | 'before_round' | 'too_old';

/** Why a scan's time cannot be true, or null when it can. */
export function scanTimeProblem(
  scannedAt: Date,
  now: Date,
  roundStartedAt: Date | null,
): ScanTimeProblem | null {
  const at = scannedAt.getTime();
  if (at > now.getTime() + SCAN_CLOCK_SKEW_MS) return 'future';
  if (roundStartedAt && at < roundStartedAt.getTime() - SCAN_BEFORE_START_MS) return 'before_round';
  if (at < now.getTime() - SCAN_OFFLINE_TOLERANCE_MS) return 'too_old';
  return null;
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a scan's position stands against its site's radius (plus the GPS margin). */
export function scanPositionCheck(
  site: { latitude: number | null; longitude: number | null; geofenceRadiusM: number } | undefined,
  position: { latitude: number; longitude: number } | null | undefined,
): { check: 'inside' | 'outside' | 'missing' | 'unchecked'; distanceM: number | null } {
  if (!position) return { check: 'missing', distanceM: null };
  if (!site || site.latitude === null || site.longitude === null)
    return { check: 'unchecked', distanceM: null };
  const distance = Math.round(
    distanceMetres(
      { lat: site.latitude, lng: site.longitude },
      { lat: position.latitude, lng: position.longitude },
    ),
  );
  return {
    check: distance > site.geofenceRadiusM + SCAN_GPS_MARGIN_M ? 'outside' : 'inside',
    distanceM: distance,
  };
}
