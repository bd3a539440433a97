// Guard tours: the scans that prove each checkpoint of a round was visited (a QR label or an NFC
// tag, an optional note and photo); the last one closes the round. Every scan is pushed.
import type { scanBody } from '@vigie/contract/guard-tours.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import type { SecretBox } from '../../plugins/secrets';
import { publishEvent } from '../events/events.service';
import { normaliseImage, storeFile } from '../files/files.service';
import { siteForPlanning } from '../sites/sites.service';
import { tourErrors as errors, scanRefusals } from './guard-tours.errors';
import {
  readLabel,
  SCAN_OFFLINE_TOLERANCE_MS,
  scanPositionCheck,
  scanTimeProblem,
} from './guard-tours.models';
import { findRound, markRoundDone, type RoundRow } from './rounds.repository';
import { checkRoundActor, oneRound } from './rounds.service';
import * as repo from './scans.repository';
import { type CheckpointRow, checkpointsOf } from './tours.repository';

function photoBytes(photo: string) {
  const base64 = photo.replace(/^data:image\/[a-z+.-]+;base64,/i, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) throw errors.photo();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw errors.photo();
  return bytes;
}

export async function scan(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
  body: z.infer<typeof scanBody>,
  now = new Date(),
) {
  const photo = body.photo
    ? await normaliseImage(photoBytes(body.photo), {
        maxBytes: 1024 * 1024,
        maxSide: 1600,
        loc: ['body', 'photo'],
      })
    : null;
  const ref = body.clientRef;
  return db.withTenant(
    auth.companyId,
    async (tx) => {
      const round = await findRound(tx, auth.companyId, id, true);
      if (!round) throw errors.roundNotFound();
      // A replay answers the round before any rule of the moment (the round may be done since):
      // no second scan, no event.
      if (ref && (await scannedBefore(tx, auth, id, ref))) return oneRound(tx, auth.companyId, id);
      return writeScan(tx, secrets, auth, round, body, photo, now);
    },
    // Two sends of one reference at once queue on this lock; the second then finds the first.
    ref ? { lockKey: `scan-ref:${auth.companyId}:${ref}` } : {},
  );
}

/**
 * Whether a scan of this round was already written with this `clientRef` (a phone sending its
 * queue again after a lost answer). The reference of another user's or another round's scan is a
 * conflict, never a way to read or move it.
 */
async function scannedBefore(tx: Tx, auth: AuthContext, roundId: string, clientRef: string) {
  const row = await repo.scanByClientRef(tx, auth.companyId, clientRef);
  if (!row) return false;
  if (row.roundId !== roundId || row.createdBy !== auth.userId) throw errors.clientRefTaken();
  return true;
}

async function writeScan(
  tx: Tx,
  secrets: SecretBox,
  auth: AuthContext,
  round: RoundRow,
  body: z.infer<typeof scanBody>,
  photo: Buffer | null,
  now: Date,
) {
  const id = round.id;
  await checkRoundActor(tx, auth, round);
  if (round.status === 'planned') throw errors.notStarted();
  if (round.status !== 'in_progress') throw errors.closed();
  const cps = await checkpointsOf(tx, auth.companyId, [round.tourId]);
  let cp: CheckpointRow | undefined;
  if (body.code) {
    const label = readLabel(secrets, body.code);
    if (!label) throw errors.refused(scanRefusals.unknownLabel);
    if (label.companyId !== auth.companyId) throw errors.refused(scanRefusals.otherCompany);
    cp = cps.find((c) => c.id === label.checkpointId);
    if (cp?.kind !== 'qr') throw errors.refused(scanRefusals.otherTour);
    if (cp.labelVersion !== label.version) throw errors.refused(scanRefusals.replaced);
  } else {
    cp = cps.find((c) => c.kind === 'nfc' && c.nfcUid === body.nfcUid);
    if (!cp) throw invalidNfc();
  }
  const checkpoint = cp;
  const scannedAt = body.scannedAt ? new Date(body.scannedAt) : now;
  checkScanTime(scannedAt, now, round.startedAt);
  const where = scanPositionCheck(await siteForPlanning(tx, auth.companyId, round.siteId), body.position);
  const photoFileId = photo
    ? await storeFile(tx, auth.companyId, {
        kind: 'tour_scan_photo',
        contentType: 'image/webp',
        data: photo,
      })
    : null;
  const inserted = await repo.insertScan(tx, {
    companyId: auth.companyId,
    roundId: id,
    checkpointId: checkpoint.id,
    scannedAt,
    latitude: body.position?.latitude ?? null,
    longitude: body.position?.longitude ?? null,
    note: body.note ?? null,
    photoFileId,
    anomaly: Boolean(body.note || photoFileId || where.check === 'outside'),
    createdBy: auth.userId,
    clientRef: body.clientRef ?? null,
    positionCheck: where.check,
    distanceM: where.distanceM,
  });
  if (!inserted) throw errors.alreadyScanned();
  const done = (await repo.countScans(tx, auth.companyId, id)) >= cps.length;
  if (done) await markRoundDone(tx, auth.companyId, id, now);
  await publishEvent(tx, auth.companyId, 'tour.changed', {
    roundId: id,
    status: done ? 'done' : 'in_progress',
    checkpointId: checkpoint.id,
  });
  return oneRound(tx, auth.companyId, id);
}
const invalidNfc = () => errors.refused(scanRefusals.unknownNfc);

/** A time the phone could not have read the label at is refused (422 on `scannedAt`), nothing written. */
function checkScanTime(scannedAt: Date, now: Date, startedAt: Date | null) {
  const problem = scanTimeProblem(scannedAt, now, startedAt);
  if (problem === 'future') throw errors.scanInFuture();
  if (problem === 'before_round') throw errors.scanBeforeRound();
  if (problem === 'too_old') throw errors.scanTooOld(SCAN_OFFLINE_TOLERANCE_MS / 3_600_000);
}
