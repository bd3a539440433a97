// Pure rules of access control: a badge's effective status, weekly time windows in the company's
// timezone, the signed QR payload, and the decision a reader gets.
import { timingSafeEqual } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { type Badge, refusalReasons, type TimeWindow } from '@vigie/contract/access.contract';
import type { SecretBox } from '../../plugins/secrets';
import type { BadgeRow } from './badges.repository';

/** A point that has sent nothing for this long while Actif is "not responding" (system health). */
export const RESPONDING_WINDOW_MS = 10 * 60_000;

/** The company's local day (YYYY-MM-DD), ISO weekday (1 = Monday) and minutes since midnight. */
export function localClock(at: Date, timezone: string) {
  const d = new TZDate(at.getTime(), timezone);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { day, weekday: ((d.getDay() + 6) % 7) + 1, minutes: d.getHours() * 60 + d.getMinutes() };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a local moment falls in one of the windows. A window whose end is before its start
 * crosses midnight: its night part belongs to the day it started.
 */
export function withinWindows(windows: TimeWindow[], weekday: number, minutes: number): boolean {
  if (windows.length === 0) return true;
  const previous = weekday === 1 ? 7 : weekday - 1;
  return windows.some((w) => {
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    if (start < end) return w.days.includes(weekday) && minutes >= start && minutes < end;
    return (w.days.includes(weekday) && minutes >= start) || (w.days.includes(previous) && minutes < end);
  });
}

/** Expiré from the day after the expiry date (local day), whatever the stored status. */
export const effectiveStatus = (b: Pick<BadgeRow, 'status' | 'expiresOn'>, today: string): Badge['status'] =>
  b.expiresOn !== null && b.expiresOn < today ? 'Expiré' : b.status;

const QR_PURPOSE = 'access-badge-qr';
const QR_PREFIX = 'VGB1';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `VGB1.<company>.<badge>.<version>.<signature>`: nothing in it can be changed or guessed. */
export function qrPayload(secrets: SecretBox, companyId: string, badgeId: string, version: number) {
  const body = `${QR_PREFIX}.${companyId}.${badgeId}.${version}`;
  return `${body}.${secrets.mac(QR_PURPOSE, body)}`;
}

/** The badge a QR payload names, when the server signed it; null for anything else. */
export function readQrPayload(secrets: SecretBox, text: string) {
  const parts = text.split('.');
  if (parts.length !== 5 || parts[0] !== QR_PREFIX) return null;
  const [, companyId, badgeId, version, signature] = parts as [string, string, string, string, string];
  if (!uuid.test(companyId) || !uuid.test(badgeId) || !/^\d{1,9}$/.test(version)) return null;
  const expected = Buffer.from(secrets.mac(QR_PURPOSE, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { companyId, badgeId, version: Number(version) };
}

/** What a reader presented, resolved to a badge (or not), and at which point. */
export interface CheckFacts {
  pointStatus: 'Actif' | 'Maintenance' | 'Hors service';
  pointId: string;
  pointSiteId: string;
  badge: Pick<BadgeRow, 'status' | 'expiresOn' | 'allowedPointIds' | 'allowedSiteIds' | 'timeWindows'> | null;
  /** The QR was the server's, for this badge, but of an older version. */
  staleQr: boolean;
  today: string;
  weekday: number;
  minutes: number;
}

/** The refusal reason (French), or null when access is granted. Order: the point, then the badge. */
export function refusalOf(f: CheckFacts): string | null {
  if (f.pointStatus === 'Maintenance') return refusalReasons.maintenance;
  if (f.pointStatus === 'Hors service') return refusalReasons.outOfService;
  const b = f.badge;
  if (!b) return refusalReasons.unknownBadge;
  if (f.staleQr) return refusalReasons.revokedQr;
  const status = effectiveStatus(b, f.today);
  if (status === 'Suspendu') return refusalReasons.suspended;
  if (status === 'Expiré') return refusalReasons.expired;
  // No list at all: the badge opens every point of the company.
  const restricted = b.allowedPointIds.length > 0 || b.allowedSiteIds.length > 0;
  if (restricted && !b.allowedPointIds.includes(f.pointId) && !b.allowedSiteIds.includes(f.pointSiteId))
    return refusalReasons.pointNotAllowed;
  if (!withinWindows(b.timeWindows, f.weekday, f.minutes)) return refusalReasons.outsideWindow;
  return null;
}
