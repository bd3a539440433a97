// Live video's HTTP side: the ticket for the live socket, and the socket itself. Registered by
// cameras.routes.ts. The gateway is the instance's (one upstream per camera); it is returned so
// that stills, clips and alarm clips read the same streams.

import { Readable } from 'node:stream';
import {
  alarmRecordings,
  captureStill,
  createLiveTicket,
  downloadRecording,
  liftLegalHold,
  listCameraRecordings,
  setLegalHold,
  startClip,
  stopClip,
} from '@vigie/contract/camera-video.contract';
import type { FastifyInstance } from 'fastify';
import { OneTimeTickets } from '../../../lib/one-time-tickets';
import { route } from '../../../plugins/endpoint';
import { sessionHashOf } from '../../../plugins/live-sessions';
import { every } from '../../../plugins/periodic';
import { EVENTS_CHANNEL } from '../../events/events.sql';
import { cameraStatusEvents } from '../camera-status-events';
import { cameraErrors } from '../cameras.errors';
import { camerasWithPreAlarm } from '../cameras.service';
import { createdAlarmOf, recordAlarmClips } from '../recordings/alarm-clips.service';
import { recordingFileName } from '../recordings/recording-file-name';
import * as recordings from '../recordings/recordings.service';
import { findFfmpeg } from './ffmpeg';
import { cameraStillThere, type LiveGrant, liveGrant, streamSource } from './live.service';
import { registerLiveSocket } from './live-socket';
import { VideoGateway } from './video-gateway';

export const LIVE_TICKET_TTL_MS = 30_000;
/** How often the cameras keeping a pre-alarm buffer are looked up (their streams held open). */
const PRE_ALARM_CHECK_MS = 30_000;

export async function videoRoutes(app: FastifyInstance) {
  const ffmpegPath = findFfmpeg(app.config.ffmpegPath);
  if (!ffmpegPath) app.log.warn('ffmpeg not found (FFMPEG_PATH): live video is off (README, « Vidéo »)');
  const gateway = new VideoGateway({
    ffmpegPath,
    lingerMs: app.config.videoLingerMs,
    maxStreams: app.config.videoMaxStreams,
    source: (companyId, cameraId) => streamSource(app.db, app.secrets, app.outbound, companyId, cameraId),
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  app.addHook('onClose', async () => gateway.stopAll());
  // A camera edited (its address, credentials or transcoding may have changed) or deleted: its
  // stream stops, its viewers reconnect to the new settings or are closed by their re-check.
  const restart = ({ companyId, cameraId }: { companyId: string; cameraId: string }) =>
    gateway.stopCamera(companyId, cameraId);
  cameraStatusEvents.on('deleted', restart);
  cameraStatusEvents.on('updated', restart);
  app.addHook('onClose', async () => {
    cameraStatusEvents.off('deleted', restart);
    cameraStatusEvents.off('updated', restart);
  });

  const tickets = new OneTimeTickets<LiveGrant>(LIVE_TICKET_TTL_MS);
  route(app, createLiveTicket, async ({ auth, params, request }) => {
    if (!gateway.available) throw cameraErrors.videoUnavailable();
    const grant = await liveGrant(app.db, app.secrets, app.outbound, auth, params.id, sessionHashOf(request));
    return tickets.issue(grant);
  });
  await registerLiveSocket(app, tickets, gateway, (grant) =>
    cameraStillThere(app.db, grant.companyId, grant.cameraId),
  );

  // Stills and clips: files of the company, taken from the stream by the server.
  const running = new recordings.RunningClips();
  app.addHook('onClose', async () => running.stopAll());
  route(app, listCameraRecordings, async ({ auth, params }) =>
    recordings.listCameraRecordings(app.db, auth, params.id),
  );
  route(app, alarmRecordings, async ({ auth, params }) =>
    recordings.listAlarmRecordings(app.db, auth, params.id),
  );
  route(app, captureStill, async ({ auth, params }) =>
    recordings.captureStill(app.db, gateway, auth, params.id),
  );
  route(app, startClip, async ({ auth, params, body }) =>
    recordings.startClip(app.db, gateway, running, auth, params.id, body.seconds),
  );
  route(app, stopClip, async ({ auth, params }) => recordings.stopClip(app.db, running, auth, params.id));
  route(app, downloadRecording, async ({ auth, params, reply }) => {
    const { row, bytes } = await recordings.openDownload(app.db, auth, params.id);
    reply
      .header('content-type', row.contentType)
      .header('content-length', String(row.sizeBytes))
      .header(
        'content-disposition',
        `attachment; filename="${recordingFileName(row.kind, row.cameraName, row.startedAt)}"`,
      )
      .header('x-content-sha256', row.sha256 ?? '')
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(bytes()));
  });
  route(app, setLegalHold, async ({ auth, params, body }) =>
    recordings.setLegalHold(app.db, auth, params.id, body.reason),
  );
  route(app, liftLegalHold, async ({ auth, params }) =>
    recordings.setLegalHold(app.db, auth, params.id, null),
  );
  // An alarm on a site with cameras records a clip of them, attached to the alarm (any instance's alarm).
  const unlisten = await app.db.listen(EVENTS_CHANNEL, (text) => {
    const alarm = createdAlarmOf(text);
    if (!alarm) return;
    recordAlarmClips(app.db, gateway, running, alarm, app.config.videoAlarmClipSeconds).catch(
      (err: unknown) => app.log.warn({ err, alarmId: alarm.id }, 'alarm clip not recorded'),
    );
  });
  app.addHook('onClose', async () => unlisten());
  // Pre-alarm buffers: the streams of cameras that keep one are held open (checked every 30 s).
  const held = new Map<string, { release: () => void; upstream: ReturnType<VideoGateway['upstream']> }>();
  const holdPreAlarms = async () => {
    if (!gateway.available) return;
    const wanted = await camerasWithPreAlarm(app.db);
    const keys = new Set<string>();
    for (const c of wanted) {
      const key = `${c.companyId}:${c.cameraId}`;
      keys.add(key);
      const h = held.get(key);
      if (h?.upstream.running) continue;
      h?.release();
      try {
        const upstream = gateway.upstream(c.companyId, c.cameraId, c.seconds);
        held.set(key, { release: upstream.hold(), upstream });
      } catch (err) {
        app.log.warn({ err, cameraId: c.cameraId }, 'pre-alarm buffer not held');
      }
    }
    for (const [key, h] of held) {
      if (keys.has(key)) continue;
      h.release();
      held.delete(key);
    }
  };
  every(app, 'video pre-alarm buffers', PRE_ALARM_CHECK_MS, holdPreAlarms, true);
  // Video is kept one month at most: the daily pass (and one after start) removes what is older.
  every(app, 'video retention', app.config.dailyJobsIntervalMs, () => recordings.purgeVideo(app.db), true);
  return gateway;
}
