// Stills and clips of the cameras: files of the camera's company, taken by the server from the live
// stream, listed in the camera's detail and the alarm's, downloaded with their SHA-256, kept one
// month (Code de la sécurité intérieure L252-5) unless an administrator places them under legal
// hold with a reason. Every capture, clip, download and hold is in the audit journal.

import { createHash } from 'node:crypto';
import { ALARM_CLIP_SECONDS, type Recording } from '@vigie/contract/camera-video.contract';
import { purgeInBatches } from '../../../db/batched-purge';
import type { Database } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import { recordAudit } from '../../audit/audit.service';
import { cameraErrors } from '../cameras.errors';
import { findCameraRow } from '../cameras.service';
import type { VideoGateway } from '../video/video-gateway';
import { ClipRecorder } from './clip-recorder';
import * as repo from './recordings.repository';
import { currentPicture, jpegOf } from './still-image';

/** Video is kept this long at most (L252-5: one month), unless under legal hold. */
export const VIDEO_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export const toRecordingDto = (r: repo.RecordingRow): Recording => ({
  id: r.id,
  cameraId: r.cameraId,
  cameraName: r.cameraName,
  kind: r.kind,
  trigger: r.trigger,
  alarmId: r.alarmId,
  contentType: r.contentType,
  state: r.state,
  startedAt: r.startedAt.toISOString(),
  endedAt: r.endedAt ? r.endedAt.toISOString() : null,
  sizeBytes: r.sizeBytes,
  sha256: r.sha256,
  legalHold: r.legalHold,
  holdReason: r.holdReason,
  expiresAt: r.legalHold
    ? null
    : new Date(r.startedAt.getTime() + VIDEO_RETENTION_DAYS * DAY_MS).toISOString(),
});

/** Agents watch; administrators and operators record (the control room's evidence). */
const requireRecorder = (auth: AuthContext) => {
  if (auth.role === 'agent') throw cameraErrors.videoReadOnly();
};

/** The clips recording on this instance, by recording id (stopped by the operator or their length). */
export class RunningClips {
  private readonly clips = new Map<string, { recorder: ClipRecorder; cameraKey: string }>();

  add(id: string, cameraKey: string, recorder: ClipRecorder) {
    this.clips.set(id, { recorder, cameraKey });
  }
  get(id: string) {
    return this.clips.get(id)?.recorder;
  }
  remove(id: string) {
    this.clips.delete(id);
  }
  /** An operator's clip already running for this camera. */
  has(cameraKey: string) {
    for (const c of this.clips.values()) if (c.cameraKey === cameraKey) return true;
    return false;
  }
  async stopAll() {
    await Promise.all([...this.clips.values()].map((c) => c.recorder.stop()));
  }
}

export async function listCameraRecordings(db: Database, auth: AuthContext, cameraId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    await findCameraRow(tx, auth.companyId, cameraId);
    return (await repo.listForCamera(tx, auth.companyId, cameraId, 100)).map(toRecordingDto);
  });
}

/** An alarm's clips; another company's alarm is a 404 like every alarm route. */
export async function listAlarmRecordings(db: Database, auth: AuthContext, alarmId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.alarmFound(tx, auth.companyId, alarmId))) throw cameraErrors.alarmNotFound();
    return (await repo.listForAlarm(tx, auth.companyId, alarmId)).map(toRecordingDto);
  });
}

export async function captureStill(db: Database, gateway: VideoGateway, auth: AuthContext, cameraId: string) {
  requireRecorder(auth);
  const camera = await db.withTenant(auth.companyId, (tx) => findCameraRow(tx, auth.companyId, cameraId));
  if (!camera.rtspUrl) throw cameraErrors.noStream();
  const ffmpeg = gateway.ffmpeg;
  const startedAt = new Date();
  const picture = await currentPicture(gateway.upstream(auth.companyId, cameraId));
  if (!picture) throw cameraErrors.noPicture();
  let jpeg: Buffer;
  try {
    jpeg = await jpegOf(ffmpeg, picture.init, picture.frames);
  } catch {
    throw cameraErrors.noPicture();
  }
  const sha256 = createHash('sha256').update(jpeg).digest('hex');
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.insertRecording(tx, {
      companyId: auth.companyId,
      cameraId,
      cameraName: camera.name,
      kind: 'still',
      trigger: 'manual',
      requestedBy: auth.userId,
      contentType: 'image/jpeg',
      state: 'ready',
      startedAt,
      endedAt: startedAt,
      sizeBytes: jpeg.length,
      sha256,
    });
    if (!row) throw new Error('still insert returned nothing');
    await repo.insertChunk(tx, auth.companyId, row.id, 0, jpeg);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera.still_captured',
      entity: 'camera',
      entityId: cameraId,
      details: { name: camera.name, recordingId: row.id, sha256 },
    });
    return toRecordingDto(row);
  });
}

/** Starts a clip of the camera's stream, recorded by this instance; answers its row ('recording'). */
export async function startClip(
  db: Database,
  gateway: VideoGateway,
  running: RunningClips,
  auth: AuthContext,
  cameraId: string,
  seconds: number,
) {
  requireRecorder(auth);
  const camera = await db.withTenant(auth.companyId, (tx) => findCameraRow(tx, auth.companyId, cameraId));
  if (!camera.rtspUrl) throw cameraErrors.noStream();
  const cameraKey = `${auth.companyId}:${cameraId}`;
  if (running.has(cameraKey)) throw cameraErrors.clipAlreadyRunning();
  const upstream = gateway.upstream(auth.companyId, cameraId);
  const row = await db.withTenant(auth.companyId, async (tx) => {
    const r = await repo.insertRecording(tx, {
      companyId: auth.companyId,
      cameraId,
      cameraName: camera.name,
      kind: 'clip',
      trigger: 'manual',
      requestedBy: auth.userId,
      contentType: 'video/mp4',
      state: 'recording',
      startedAt: new Date(),
    });
    if (!r) throw new Error('clip insert returned nothing');
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera.clip_started',
      entity: 'camera',
      entityId: cameraId,
      details: { name: camera.name, recordingId: r.id, seconds },
    });
    return r;
  });
  record(db, running, upstream, row, seconds * 1000, []);
  return toRecordingDto(row);
}

/** Records `row`'s clip from `upstream` (stores its chunks and, at the end, its state and hash). */
export function record(
  db: Database,
  running: RunningClips,
  upstream: ReturnType<VideoGateway['upstream']>,
  row: repo.RecordingRow,
  maxMs: number,
  pre: ReturnType<ReturnType<VideoGateway['upstream']>['preAlarm']>,
) {
  const { companyId, id } = row;
  let leave = () => {};
  const recorder = new ClipRecorder(
    {
      append: (seq, data) => db.withTenant(companyId, (tx) => repo.insertChunk(tx, companyId, id, seq, data)),
      finish: async (result) => {
        await db.withTenant(companyId, (tx) => repo.finishRecording(tx, companyId, id, result));
      },
    },
    maxMs,
    pre,
    () => {
      running.remove(id);
      leave();
    },
  );
  running.add(id, row.trigger === 'manual' ? `${companyId}:${row.cameraId}` : `alarm:${id}`, recorder);
  leave = upstream.add(recorder);
  return recorder;
}

export async function stopClip(db: Database, running: RunningClips, auth: AuthContext, id: string) {
  requireRecorder(auth);
  const row = await db.withTenant(auth.companyId, (tx) => repo.findRecording(tx, auth.companyId, id));
  if (!row) throw cameraErrors.recordingNotFound();
  const recorder = running.get(id);
  if (row.state !== 'recording' || !recorder) throw cameraErrors.recordingNotRunning();
  await recorder.stop();
  return db.withTenant(auth.companyId, async (tx) => {
    const done = await repo.findRecording(tx, auth.companyId, id);
    if (!done) throw cameraErrors.recordingNotFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera.clip_stopped',
      entity: 'camera',
      entityId: done.cameraId,
      details: { name: done.cameraName, recordingId: id, sha256: done.sha256 },
    });
    return toRecordingDto(done);
  });
}

/** The recording to download (audited) and a reader of its bytes, a few chunks per transaction. */
export async function openDownload(db: Database, auth: AuthContext, id: string) {
  const row = await db.withTenant(auth.companyId, async (tx) => {
    const r = await repo.findRecording(tx, auth.companyId, id);
    if (!r) throw cameraErrors.recordingNotFound();
    if (r.state === 'recording') throw cameraErrors.recordingNotReady();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'camera_recording.downloaded',
      entity: 'camera_recording',
      entityId: id,
      details: { name: r.cameraName, kind: r.kind, sha256: r.sha256 },
    });
    return r;
  });
  async function* bytes() {
    let from = 0;
    for (;;) {
      const chunks = await db.withTenant(auth.companyId, (tx) =>
        repo.readChunks(tx, auth.companyId, id, from, 4),
      );
      for (const c of chunks) yield c.data;
      if (chunks.length < 4) return;
      from = (chunks.at(-1)?.seq ?? from) + 1;
    }
  }
  return { row, bytes };
}

export async function setLegalHold(db: Database, auth: AuthContext, id: string, reason: string | null) {
  if (auth.role !== 'admin') throw cameraErrors.holdAdminOnly();
  return db.withTenant(auth.companyId, async (tx) => {
    const r = await repo.setHold(tx, auth.companyId, id, reason);
    if (!r) throw cameraErrors.recordingNotFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: reason === null ? 'camera_recording.hold_lifted' : 'camera_recording.hold_placed',
      entity: 'camera_recording',
      entityId: id,
      details: reason === null ? { name: r.cameraName } : { name: r.cameraName, reason },
    });
    return toRecordingDto(r);
  });
}

/** The video retention: recordings older than a month and not held go, in batches, audited per company. */
export async function purgeVideo(db: Database, now = new Date(), batch = 500) {
  const before = new Date(now.getTime() - VIDEO_RETENTION_DAYS * DAY_MS);
  return purgeInBatches({
    batch,
    purgeBatch: (n) => repo.purgeRecordings(db, before, n),
    afterCompany: (companyId, removed) =>
      db.withTenant(companyId, (tx) =>
        recordAudit(tx, {
          companyId,
          actorUserId: null,
          action: 'retention.camera_recordings_purged',
          entity: 'camera_recording',
          entityId: null,
          details: { removed },
        }),
      ),
  });
}

export { ALARM_CLIP_SECONDS };
