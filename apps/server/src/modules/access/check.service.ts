// The reader API: a door controller, a turnstile or the entrance kiosk presents what it read (a QR
// payload or an NFC UID) with its point's key, and gets Autorisé or Refusé with the reason. Every
// check is logged and pushed in real time; five refusals in a row at one point within two minutes
// raise an access_denied alarm for its site.
import type { accessCheckBody } from '@vigie/contract/access.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { GroupCommit } from '../../db/group-commit';
import type { SecretBox } from '../../plugins/secrets';
import { insertAlarm } from '../alarms/alarms.service';
import { integrationErrors } from '../integrations/integrations.errors';
import type { DeviceContext } from '../integrations/integrations.service';
import { localClock, readQrPayload, refusalOf } from './access.models';
import * as checkRepo from './check.repository';
import * as logsRepo from './logs.repository';
import * as pointsRepo from './points.repository';

/** A burst: this many refusals in a row at one point, within the window, raise one alarm. */
export const BURST_REFUSALS = 5;
export const BURST_WINDOW_MS = 2 * 60_000;

/** Concurrent checks of a company share one statement and one commit; one group per database. */
const groups = new WeakMap<Database, GroupCommit<checkRepo.CheckLine, true>>();
function linesOf(db: Database) {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit<checkRepo.CheckLine, true>(async (companyId, lines) => {
      await checkRepo.writeChecks(db, companyId, lines);
      return lines.map(() => true as const);
    });
    groups.set(db, group);
  }
  return group;
}

/** What a reader presented: the badge it names (by id for a QR code, by UID for NFC), if any. */
function credentialOf(secrets: SecretBox, companyId: string, input: z.output<typeof accessCheckBody>) {
  if (input.type === 'nfc') {
    const uid = input.credential.replace(/[\s:-]/g, '').toUpperCase();
    return {
      lookup: /^[0-9A-F]{2,40}$/.test(uid) ? { uid } : null,
      version: null,
      presented: uid.slice(0, 40),
    };
  }
  const qr = readQrPayload(secrets, input.credential);
  // Forged, altered, or another company's code: unknown here.
  if (!qr || qr.companyId !== companyId) return { lookup: null, version: null, presented: null };
  return { lookup: { id: qr.badgeId }, version: qr.version, presented: null };
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
  const credential = credentialOf(secrets, companyId, input);
  const facts = await checkRepo.readCheckFacts(db, companyId, accessPointId, credential.lookup);
  // A deleted point's keys are revoked with it; a race with the deletion lands here.
  if (!facts) throw integrationErrors.keyInvalid();
  const { point, timezone, badge } = facts;
  const clock = localClock(now, timezone);
  const reason = refusalOf({
    pointStatus: point.status,
    pointId: point.id,
    pointSiteId: point.siteId,
    badge,
    staleQr: badge !== null && credential.version !== null && credential.version !== badge.qrVersion,
    today: clock.day,
    weekday: clock.weekday,
    minutes: clock.minutes,
  });
  const status = reason === null ? 'Autorisé' : 'Refusé';
  await linesOf(db).submit(companyId, {
    companyId,
    at: now,
    pointId: point.id,
    pointName: point.name,
    siteId: point.siteId,
    siteName: point.siteName,
    badgeId: badge?.id ?? null,
    badgeNumber: badge?.number ?? credential.presented,
    personName: badge?.holderName ?? 'Inconnu',
    department: badge?.department ?? null,
    accessType: input.type,
    status,
    reason,
  });
  if (status === 'Refusé')
    await db.withTenant(companyId, (tx) => raiseBurstAlarm(tx, companyId, point, timezone, reason, now));
  return {
    decision: status,
    reason,
    holder: badge?.holderName ?? null,
    badgeId: badge?.id ?? null,
    point: point.name,
  } as const;
}

async function raiseBurstAlarm(
  tx: Tx,
  companyId: string,
  point: checkRepo.CheckPoint,
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
