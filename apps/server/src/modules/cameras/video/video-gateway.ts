// The instance's live streams: at most one upstream per camera (DESIGN, "Video"), whatever the
// number of viewers, clips and pre-alarm buffers reading it, and at most `maxStreams` at once so
// that a company opening every camera cannot exhaust the server's processes.
import { cameraErrors } from '../cameras.errors';
import { CameraUpstream, type UpstreamSource } from './upstream';

export interface VideoGatewayOptions {
  /** ffmpeg's path, or null when ffmpeg is not installed (no video). */
  ffmpegPath: string | null;
  lingerMs: number;
  maxStreams: number;
  /** Where a camera's stream is (checked against the outbound policy), and its pre-alarm seconds. */
  source: (companyId: string, cameraId: string) => Promise<UpstreamSource>;
  log: (msg: string, err?: unknown) => void;
}

export class VideoGateway {
  private readonly upstreams = new Map<string, CameraUpstream>();

  constructor(private readonly opts: VideoGatewayOptions) {}

  get available() {
    return this.opts.ffmpegPath !== null;
  }

  /** ffmpeg's path (stills are decoded with it); throws when video is off. */
  get ffmpeg(): string {
    if (this.opts.ffmpegPath === null) throw cameraErrors.videoUnavailable();
    return this.opts.ffmpegPath;
  }

  get size() {
    return this.upstreams.size;
  }

  /** The camera's running stream, if any (tests and the bench look at its viewers). */
  peek(companyId: string, cameraId: string) {
    return this.upstreams.get(`${companyId}:${cameraId}`);
  }

  /** The camera's stream, started by its first sink. Throws when video is off or streams are full. */
  upstream(companyId: string, cameraId: string, preAlarmSeconds = 0): CameraUpstream {
    const ffmpegPath = this.opts.ffmpegPath;
    if (ffmpegPath === null) throw cameraErrors.videoUnavailable();
    const key = `${companyId}:${cameraId}`;
    const running = this.upstreams.get(key);
    if (running?.running) {
      running.keepPreAlarm(preAlarmSeconds);
      return running;
    }
    if (this.upstreams.size >= this.opts.maxStreams) throw cameraErrors.tooManyStreams(this.opts.maxStreams);
    const up: CameraUpstream = new CameraUpstream(() => this.opts.source(companyId, cameraId), {
      ffmpegPath,
      lingerMs: this.opts.lingerMs,
      preAlarmSeconds,
      log: this.opts.log,
      onClosed: () => {
        if (this.upstreams.get(key) === up) this.upstreams.delete(key);
      },
    });
    this.upstreams.set(key, up);
    return up;
  }

  /** Stops a camera's stream (its address or credentials changed, or it was deleted). */
  stopCamera(companyId: string, cameraId: string) {
    this.upstreams.get(`${companyId}:${cameraId}`)?.stop();
  }

  stopAll() {
    for (const up of [...this.upstreams.values()]) up.stop();
  }
}
