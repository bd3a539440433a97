// An alarm on a site with cameras records a clip of its camera, or of the site's online cameras,
// from the alarm on (and some seconds before, when the camera keeps a pre-alarm buffer), attached to
// the alarm: what the operator verifying it (« levée de doute vidéo ») and the client's file need.
// Heard on the event feed (every instance hears every alarm, whatever created it); the clip's row
// has a unique key per alarm and camera, so one instance records it.
import { ALARM_CLIP_SECONDS } from '@vigie/contract/camera-video.contract';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../audit/audit.service';
import { camerasForAlarm } from '../cameras.service';
import type { VideoGateway } from '../video/video-gateway';
import * as repo from './recordings.repository';
import { type RunningClips, record } from './recordings.service';

/** At most this many cameras record one alarm (the first by name when the alarm names none). */
export const ALARM_CLIP_CAMERAS = 4;
/** Alarms that no picture helps verify: a camera that went offline, an agent late on shift… */
const notFilmed = new Set(['camera_offline', 'agent_absent', 'shift_overrun']);

export interface CreatedAlarm {
  companyId: string;
  id: string;
  type: string;
  siteId: string;
  cameraId: string | null;
}

/** The alarm of an `alarm.created` notification (events.sql.ts), or null. */
export function createdAlarmOf(text: string): CreatedAlarm | null {
  if (!text.includes('"alarm.created"')) return null;
  try {
    const n = JSON.parse(text) as { c?: string; t?: string; p?: Record<string, unknown> | null };
    const p = n.p;
    if (n.t !== 'alarm.created' || !n.c || !p || typeof p.id !== 'string' || typeof p.siteId !== 'string')
      return null;
    return {
      companyId: n.c,
      id: p.id,
      type: String(p.type ?? ''),
      siteId: p.siteId,
      cameraId: typeof p.cameraId === 'string' ? p.cameraId : null,
    };
  } catch {
    return null;
  }
}

/** Starts the alarm's clips this instance wins; answers how many it started. */
export async function recordAlarmClips(
  db: Database,
  gateway: VideoGateway,
  running: RunningClips,
  alarm: CreatedAlarm,
  seconds = ALARM_CLIP_SECONDS,
) {
  if (!gateway.available || notFilmed.has(alarm.type)) return 0;
  const { companyId } = alarm;
  const rows = await db.withTenant(companyId, async (tx) => {
    const cameras = await camerasForAlarm(tx, companyId, alarm.siteId, alarm.cameraId, ALARM_CLIP_CAMERAS);
    const won = [];
    for (const c of cameras) {
      const row = await repo.insertRecording(tx, {
        companyId,
        cameraId: c.id,
        cameraName: c.name,
        kind: 'clip',
        trigger: 'alarm',
        alarmId: alarm.id,
        contentType: 'video/mp4',
        state: 'recording',
        startedAt: new Date(),
      });
      if (!row) continue;
      won.push(row);
      await recordAudit(tx, {
        companyId,
        actorUserId: null,
        action: 'camera.clip_started',
        entity: 'camera',
        entityId: c.id,
        details: { name: c.name, recordingId: row.id, alarmId: alarm.id, seconds },
      });
    }
    return won;
  });
  for (const row of rows) {
    const upstream = gateway.upstream(companyId, row.cameraId);
    record(db, running, upstream, row, seconds * 1000, upstream.preAlarm());
  }
  return rows.length;
}
