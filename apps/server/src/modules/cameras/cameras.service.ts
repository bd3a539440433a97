import type { createCameraBody, listCamerasQuery, updateCameraBody } from '@vigie/contract/cameras.contract';
import { planLimits } from '@vigie/contract/enums';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import type { SecretBox } from '../../plugins/secrets';
import { recordAudit } from '../audit/audit.service';
import { siteExists } from '../sites/sites.service';
import { cameraStatusEvents } from './camera-status-events';
import { cameraErrors } from './cameras.errors';
import { probeTarget, splitUrlCredentials, toCameraDto } from './cameras.models';
import * as repo from './cameras.repository';

/** Agents read; administrators and operators manage cameras. */
const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw cameraErrors.readOnly();
};

export async function listCameras(db: Database, auth: AuthContext, q: z.output<typeof listCamerasQuery>) {
  const after = decodeCursor(q.cursor, 2) as [string, string] | undefined;
  const filter = { siteId: q.siteId, status: q.status, search: q.search };
  const { rows, total } = await repo.listCamerasPage(db, auth.companyId, filter, { limit: q.limit, after });
  return { rows: rows.map(toCameraDto), total };
}

/** The full row, credentials included: for this module's server-side use only. */
export async function findCameraRow(tx: Tx, companyId: string, id: string) {
  const row = await repo.findCamera(tx, companyId, id);
  if (!row) throw cameraErrors.notFound();
  return row;
}

export async function getCamera(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, async (tx) =>
    toCameraDto(await findCameraRow(tx, auth.companyId, id)),
  );
}

async function requireSite(tx: Tx, companyId: string, siteId: string) {
  // Another company's site is invisible here (explicit filter and RLS): 404, never a leak.
  if (!(await siteExists(tx, companyId, siteId))) throw cameraErrors.siteNotFound();
}

/**
 * Credentials typed in a URL (rtsp://user:pass@host) are moved to the credential fields, and the
 * password is sealed before it is stored (plugins/secrets.ts).
 */
function extractCredentials(
  secrets: SecretBox,
  input: {
    rtspUrl?: string | null | undefined;
    snapshotUrl?: string | null | undefined;
    streamUsername?: string | null | undefined;
    streamPassword?: string | null | undefined;
  },
) {
  const rtsp = splitUrlCredentials(input.rtspUrl);
  const snap = splitUrlCredentials(input.snapshotUrl);
  const password = input.streamPassword ?? rtsp.password ?? snap.password ?? input.streamPassword;
  return {
    rtspUrl: rtsp.url,
    snapshotUrl: snap.url,
    streamUsername: input.streamUsername ?? rtsp.username ?? snap.username ?? input.streamUsername,
    streamPassword: password ? secrets.seal(password) : password,
  };
}

export async function createCamera(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  input: z.output<typeof createCameraBody>,
) {
  requireManager(auth);
  const plan = auth.company.subscription;
  const limit = planLimits[plan].cameras;
  const creds = extractCredentials(secrets, input);
  return db.withTenant(auth.companyId, async (tx) => {
    await requireSite(tx, auth.companyId, input.siteId);
    if (limit !== null) {
      await repo.lockCameraCreation(tx, auth.companyId);
      if ((await repo.countCameras(tx, auth.companyId)) >= limit) throw cameraErrors.planLimit(plan, limit);
    }
    const id = await repo.insertCamera(tx, {
      companyId: auth.companyId,
      siteId: input.siteId,
      name: input.name,
      location: input.location,
      type: input.type,
      resolution: input.resolution,
      ipAddress: input.ipAddress ?? null,
      rtspUrl: creds.rtspUrl ?? null,
      snapshotUrl: creds.snapshotUrl ?? null,
      streamUsername: creds.streamUsername ?? null,
      streamPassword: creds.streamPassword ?? null,
      nightVision: input.nightVision,
      motionDetection: input.motionDetection,
      recording: input.recording,
      onvifUrl: input.onvifUrl ?? null,
      liveTranscode: input.liveTranscode,
      preAlarmSeconds: input.preAlarmSeconds,
      ...probeTarget(creds.rtspUrl ?? null, input.ipAddress ?? null, creds.snapshotUrl ?? null),
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera.created',
      entity: 'camera',
      entityId: id,
      details: { name: input.name, siteId: input.siteId },
    });
    return toCameraDto(await findCameraRow(tx, auth.companyId, id));
  });
}

export async function updateCamera(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateCameraBody>,
) {
  requireManager(auth);
  const creds = extractCredentials(secrets, input);
  const camera = await db.withTenant(auth.companyId, async (tx) => {
    const current = await findCameraRow(tx, auth.companyId, id);
    if (input.siteId !== undefined && input.siteId !== current.siteId) {
      await requireSite(tx, auth.companyId, input.siteId);
    }
    const rtspUrl = creds.rtspUrl === undefined ? current.rtspUrl : creds.rtspUrl;
    const ipAddress = input.ipAddress === undefined ? current.ipAddress : input.ipAddress;
    const snapshotUrl = creds.snapshotUrl === undefined ? current.snapshotUrl : creds.snapshotUrl;
    await repo.updateCamera(tx, auth.companyId, id, {
      ...input,
      ...creds,
      ...probeTarget(rtspUrl, ipAddress, snapshotUrl),
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera.updated',
      entity: 'camera',
      entityId: id,
      // Field names only: never the credential values. The name (as it is now) names the camera in
      // the journal's « Objet » and makes the entry found by it.
      details: { name: input.name ?? current.name, fields: Object.keys(input) },
    });
    return toCameraDto(await findCameraRow(tx, auth.companyId, id));
  });
  cameraStatusEvents.emit('updated', { companyId: auth.companyId, cameraId: id });
  return camera;
}

export async function deleteCamera(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await findCameraRow(tx, auth.companyId, id);
    await repo.deleteCamera(tx, auth.companyId, id);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera.deleted',
      entity: 'camera',
      entityId: id,
      details: { name: current.name, siteId: current.siteId },
    });
  });
  // After the commit: the alarms module closes the outage alarm a deleted camera leaves open.
  cameraStatusEvents.emit('deleted', { companyId: auth.companyId, cameraId: id });
}

/**
 * The cameras an alarm records: its own camera when it names one with a stream address, else the
 * site's online cameras with one (at most `limit`).
 */
export async function camerasForAlarm(
  tx: Tx,
  companyId: string,
  siteId: string,
  cameraId: string | null,
  limit: number,
) {
  if (cameraId) {
    const own = await repo.findCamera(tx, companyId, cameraId);
    if (own?.rtspUrl) return [{ id: own.id, name: own.name }];
  }
  return repo.streamingCamerasOfSite(tx, companyId, siteId, limit);
}

/** The cameras whose stream every instance holds open for a pre-alarm buffer. */
export async function camerasWithPreAlarm(db: Database) {
  return (await repo.preAlarmCandidates(db)).map((r) => ({
    companyId: r.company_id,
    cameraId: r.camera_id,
    seconds: r.pre_alarm_seconds,
  }));
}
