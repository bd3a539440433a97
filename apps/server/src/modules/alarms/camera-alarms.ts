// Camera outages as alarms: the health monitor's transitions (camera-status-events) raise one
// camera_offline alarm per outage and resolve it when the camera answers again, or when the camera
// is deleted (nobody would be left to close it). Transitions of one camera are handled in order; an
// event about a camera this database does not hold is ignored (several apps can share a process in
// tests).
import pLimit from 'p-limit';
import type { Database } from '../../db/client';
import type { CameraDeletedEvent, CameraStatusEvent } from '../cameras/camera-status-events';
import { findCameraRow } from '../cameras/cameras.service';
import { insertAlarm, resolveCameraOfflineAlarm, systemActor } from './alarms.service';

export const BACK_ONLINE_NOTE = 'Caméra de nouveau en ligne : alarme résolue automatiquement';
export const CAMERA_DELETED_NOTE = 'Caméra supprimée : alarme résolue automatiquement';

export async function handleCameraStatus(db: Database, e: CameraStatusEvent | CameraDeletedEvent) {
  await db.withTenant(e.companyId, async (tx) => {
    if (!('status' in e)) {
      await resolveCameraOfflineAlarm(tx, e.companyId, e.cameraId, CAMERA_DELETED_NOTE);
      return;
    }
    const camera = await findCameraRow(tx, e.companyId, e.cameraId).catch(() => undefined);
    if (!camera) return;
    if (e.status === 'En ligne') {
      await resolveCameraOfflineAlarm(tx, e.companyId, e.cameraId, BACK_ONLINE_NOTE);
      return;
    }
    await insertAlarm(
      tx,
      { ...systemActor(e.companyId), name: 'Surveillance des caméras' },
      {
        siteId: camera.siteId,
        cameraId: camera.id,
        type: 'camera_offline',
        // A blind spot on a guarded site is serious, and escalates if nobody takes it in charge.
        severity: 'high',
        title: `Caméra hors ligne : ${camera.name}`,
        description: `La caméra « ${camera.name} » ne répond plus à la surveillance réseau.`,
        location: camera.location,
        triggeredBy: 'Surveillance des caméras',
      },
    );
  });
}

/**
 * A mass outage (a site's network down: thousands of cameras in one probe round) raises thousands of
 * alarms. Started all at once they queued ahead of every API request for the database (PGlite's one
 * connection: requests timed out for 30 s at 16,000 cameras); two at a time, requests go between.
 */
const CONCURRENT_TRANSITIONS = 2;

/** Serialises the handling per camera, so that "back online" never overtakes "offline". */
export function cameraAlarmHandler(db: Database, onError: (err: unknown) => void) {
  const chains = new Map<string, Promise<void>>();
  const pending = new Set<Promise<void>>();
  const limit = pLimit(CONCURRENT_TRANSITIONS);
  const handler = (e: CameraStatusEvent | CameraDeletedEvent) => {
    const key = `${e.companyId}:${e.cameraId}`;
    const next = (chains.get(key) ?? Promise.resolve())
      .then(() => limit(() => handleCameraStatus(db, e)))
      .catch(onError);
    chains.set(key, next);
    pending.add(next);
    next.finally(() => {
      pending.delete(next);
      if (chains.get(key) === next) chains.delete(key);
    });
  };
  return { handler, idle: () => Promise.all([...pending]).then(() => undefined) };
}
