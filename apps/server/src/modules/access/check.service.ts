// The reader API: a door controller, a turnstile or the entrance kiosk presents what it read (a QR
// payload or an NFC UID) with its point's key, and gets Autorisé or Refusé with the reason. Every
// check is logged and pushed in real time; five refusals in a row at one point within two minutes
// raise an access_denied alarm for its site.
import type { accessCheckBody } from '@vigie/contract/access.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { SecretBox } from '../../plugins/secrets';
import { insertAlarm } from '../alarms/alarms.service';
import { companyTimezone } from '../companies/companies.service';
import { publishEvent } from '../events/events.service';
import { integrationErrors } from '../integrations/integrations.errors';
import type { DeviceContext } from '../integrations/integrations.service';
import { localClock, readQrPayload, refusalOf } from './access.models';
import * as badgesRepo from './badges.repository';
import * as logsRepo from './logs.repository';
import { toLogDto } from './logs.service';
import * as pointsRepo from './points.repository';

/** A burst: this many refusals in a row at one point, within the window, raise one alarm. */
export const BURST_REFUSALS = 5;
export const BURST_WINDOW_MS = 2 * 60_000;

/** The badge a credential names, and whether it is a stale (regenerated) QR code. */
async function resolveCredential(
  tx: Tx,
  secrets: SecretBox,
  companyId: string,
  input: z.output<typeof accessCheckBody>,
) {
  if (input.type === 'nfc') {
    const uid = input.credential.replace(/[\s:-]/g, '').toUpperCase();
    const badge = /^[0-9A-F]{2,40}$/.test(uid)
      ? await badgesRepo.findNfcBadge(tx, companyId, uid)
      : undefined;
    return { badge, staleQr: false, presented: uid.slice(0, 40) };
  }
  const qr = readQrPayload(secrets, input.credential);
  // Forged, altered, or another company's code: unknown here.
  if (!qr || qr.companyId !== companyId) return { badge: undefined, staleQr: false, presented: null };
  const badge = await badgesRepo.findBadge(tx, companyId, qr.badgeId);
  if (badge?.type !== 'qrcode') return { badge: undefined, staleQr: false, presented: null };
  return { badge, staleQr: qr.version !== badge.qrVersion, presented: badge.number };
}

export async function checkAccess(
  db: Database,
  secrets: SecretBox,
  device: DeviceContext,
  input: z.output<typeof accessCheckBody>,
  now = new Date(),
) {
  if (device.scope !== 'access_point' || !device.accessPointId) throw integrationErrors.wrongScope();
  const { companyId, accessPointId } = device;
  return db.withTenant(companyId, async (tx) => {
    const point = await pointsRepo.findPoint(tx, companyId, accessPointId);
    // A deleted point's keys are revoked with it; a race with the deletion lands here.
    if (!point) throw integrationErrors.keyInvalid();
    const timezone = await companyTimezone(tx, companyId);
    const clock = localClock(now, timezone);
    const { badge, staleQr, presented } = await resolveCredential(tx, secrets, companyId, input);
    const reason = refusalOf({
      pointStatus: point.status,
      pointId: point.id,
      pointSiteId: point.siteId,
      badge: badge ?? null,
      staleQr,
      today: clock.day,
      weekday: clock.weekday,
      minutes: clock.minutes,
    });
    const status = reason === null ? 'Autorisé' : 'Refusé';
    const log = await logsRepo.insertLog(tx, {
      companyId,
      at: now,
      pointId: point.id,
      pointName: point.name,
      siteId: point.siteId,
      siteName: point.siteName,
      badgeId: badge?.id ?? null,
      badgeNumber: badge?.number ?? presented,
      personName: badge?.holderName ?? 'Inconnu',
      department: badge?.department ?? null,
      accessType: input.type,
      status,
      reason,
    });
    await pointsRepo.touchPoint(tx, companyId, point.id, now);
    await publishEvent(tx, companyId, 'access.logged', toLogDto(log));
    if (status === 'Refusé') await raiseBurstAlarm(tx, companyId, point, timezone, reason, now);
    return {
      decision: status,
      reason,
      holder: badge?.holderName ?? null,
      badgeId: badge?.id ?? null,
      point: point.name,
    } as const;
  });
}

async function raiseBurstAlarm(
  tx: Tx,
  companyId: string,
  point: pointsRepo.PointWithSite,
  timezone: string,
  lastReason: string | null,
  now: Date,
) {
  const recent = await logsRepo.recentStatuses(
    tx,
    companyId,
    point.id,
    new Date(now.getTime() - BURST_WINDOW_MS),
    BURST_REFUSALS,
  );
  if (recent.length < BURST_REFUSALS || recent.some((s) => s !== 'Refusé')) return;
  if (!(await pointsRepo.claimDeniedAlarm(tx, companyId, point.id, now))) return;
  await insertAlarm(
    tx,
    {
      companyId,
      userId: null,
      name: `Point d'accès « ${point.name} »`,
      role: null,
      source: 'device',
      timezone,
    },
    {
      siteId: point.siteId,
      cameraId: null,
      type: 'access_denied',
      severity: 'high',
      title: `Accès refusés répétés : ${point.name}`,
      description: `${BURST_REFUSALS} refus consécutifs en moins de 2 minutes au point « ${point.name} » (${point.siteName}). Dernier motif : ${lastReason ?? 'inconnu'}.`,
      location: point.name,
      triggeredBy: null,
    },
  );
}
