// One camera's live stream, read once whatever the number of viewers (DESIGN, "Video"): ffmpeg
// reads the camera (RTSP over TCP, or HTTP) and writes fragmented MP4 on its stdout, H.264 copied
// (re-encoded only when the camera's `liveTranscode` asks for it). Viewers, clips and the
// pre-alarm buffer are sinks of it. It starts with its first sink and stops `lingerMs` after its
// last, so that a viewer flicking between cameras does not reconnect each time.
import { type ChildProcess, spawn } from 'node:child_process';
import { Fmp4Splitter, type Fragment, type InitSegment } from './fmp4';

export interface VideoSink {
  init(init: InitSegment): void;
  fragment(f: Fragment): void;
  /** The stream stopped (camera gone, ffmpeg failed): the sink is dropped after this call. */
  interrupted(): void;
}

export interface UpstreamSource {
  /** The address ffmpeg opens: the checked IP in place of the host, credentials included. */
  url: string;
  transcode: boolean;
}

export interface UpstreamOptions {
  ffmpegPath: string;
  /** How long the stream stays open after its last sink leaves. */
  lingerMs: number;
  /** Called once the stream has stopped for good (the gateway forgets it). */
  onClosed: () => void;
  /** Seconds of fragments kept for an alarm's clip (0: none). */
  preAlarmSeconds?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** The fragments since the last keyframe are kept for late joiners, up to this many bytes. */
const MAX_GOP_BYTES = 32 * 1024 * 1024;
/** No picture for this long: the camera is considered gone and the stream stops. */
const STALL_MS = 10_000;

/**
 * ffmpeg's command for a camera. `quickProbe`: start on the first packets, trusting the RTSP
 * description (SDP) for the codec's parameters — a longer probe with `nobuffer` threw the first
 * keyframe away and cost a whole group of pictures (bench/video.ts). A camera whose description
 * lacks them fails without a picture, and is opened again with the longer probe (`CameraUpstream`).
 */
export function ffmpegArgs(source: UpstreamSource, quickProbe = true): string[] {
  const input = source.url.startsWith('rtsp')
    ? ['-rtsp_transport', 'tcp', '-timeout', '5000000']
    : ['-rw_timeout', '5000000'];
  const video = source.transcode
    ? // Re-encoding costs CPU on the server (docs/video.md): only for cameras that need it.
      ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '50']
    : ['-c:v', 'copy'];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-fflags',
    'nobuffer',
    '-probesize',
    quickProbe ? '32' : '500000',
    '-analyzeduration',
    quickProbe ? '0' : '500000',
    ...input,
    '-i',
    source.url,
    '-map',
    '0:v:0',
    '-an',
    ...video,
    '-f',
    'mp4',
    '-movflags',
    'empty_moov+default_base_moof+frag_every_frame',
    'pipe:1',
  ];
}

export class CameraUpstream {
  private child: ChildProcess | null = null;
  private readonly sinks = new Set<VideoSink>();
  private holds = 0;
  private lingerTimer: NodeJS.Timeout | undefined;
  private stallTimer: NodeJS.Timeout | undefined;
  private gop: Fragment[] = [];
  private gopBytes = 0;
  /** Whole groups of pictures covering at least the pre-alarm seconds (fragment, arrival time). */
  private pre: { f: Fragment; at: number }[] = [];
  private closed = false;
  init: InitSegment | null = null;
  /** Fragments received since the start (the bench's and the tests' view of the flow). */
  fragments = 0;
  private preAlarmSeconds: number;

  constructor(
    private readonly source: () => Promise<UpstreamSource>,
    private readonly opts: UpstreamOptions,
  ) {
    this.preAlarmSeconds = opts.preAlarmSeconds ?? 0;
  }

  get viewers() {
    return this.sinks.size;
  }

  get running() {
    return !this.closed;
  }

  /** Adds a sink: it gets the init segment and the current group of pictures at once if known. */
  add(sink: VideoSink): () => void {
    if (this.closed) {
      queueMicrotask(() => sink.interrupted());
      return () => {};
    }
    clearTimeout(this.lingerTimer);
    this.sinks.add(sink);
    if (this.init) {
      sink.init(this.init);
      for (const f of this.gop) sink.fragment(f);
    }
    if (!this.child) this.start();
    return () => this.remove(sink);
  }

  /** Keeps at least `seconds` of fragments for an alarm's clip (a camera's pre-alarm setting). */
  keepPreAlarm(seconds: number) {
    this.preAlarmSeconds = Math.max(this.preAlarmSeconds, seconds);
  }

  /** Keeps the stream open without a sink (the pre-alarm buffer); answers the release. */
  hold(): () => void {
    this.holds += 1;
    clearTimeout(this.lingerTimer);
    if (!this.child && !this.closed) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      this.idleCheck();
    };
  }

  /** The pre-alarm fragments, from a keyframe, covering about the last `seconds`. */
  preAlarm(): Fragment[] {
    return this.pre.map((p) => p.f);
  }

  stop() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.lingerTimer);
    clearTimeout(this.stallTimer);
    this.child?.kill('SIGKILL');
    this.child = null;
    const sinks = [...this.sinks];
    this.sinks.clear();
    for (const s of sinks) {
      try {
        s.interrupted();
      } catch (err) {
        this.opts.log?.('video sink failed on interruption', err);
      }
    }
    this.opts.onClosed();
  }

  private remove(sink: VideoSink) {
    if (!this.sinks.delete(sink)) return;
    this.idleCheck();
  }

  private idleCheck() {
    if (this.sinks.size > 0 || this.holds > 0 || this.closed) return;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => this.stop(), this.opts.lingerMs);
    this.lingerTimer.unref();
  }

  /** False once a quick start gave no picture: the camera is read with the longer probe. */
  private quickProbe = true;

  private start() {
    const placeholder = spawnLater();
    this.child = placeholder;
    this.armStall();
    this.source()
      .then((src) => {
        if (this.closed) return;
        const child = spawn(this.opts.ffmpegPath, ffmpegArgs(src, this.quickProbe), {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        this.child = child;
        let stderr = '';
        child.stderr?.on('data', (d: Buffer) => {
          // Never logged as such: ffmpeg's errors may quote the URL with its credentials.
          if (stderr.length < 2000) stderr += d.toString('utf8');
        });
        const splitter = new Fmp4Splitter(
          (init) => this.onInit(init),
          (f) => this.onFragment(f),
        );
        child.stdout?.on('data', (chunk: Buffer) => {
          try {
            splitter.push(chunk);
          } catch (err) {
            this.opts.log?.('camera stream unreadable', err);
            this.stop();
          }
        });
        child.on('error', (err) => {
          this.opts.log?.('ffmpeg could not start', err);
          this.stop();
        });
        child.on('exit', (code) => {
          if (this.child !== child) return;
          if (!this.closed && !this.init && this.quickProbe) {
            // No picture from the quick start: once more, probing the stream itself.
            this.quickProbe = false;
            this.start();
            return;
          }
          if (!this.closed) this.opts.log?.(`camera stream ended (ffmpeg ${code}): ${redact(stderr)}`);
          this.stop();
        });
      })
      .catch((err: unknown) => {
        this.opts.log?.('camera stream refused', err);
        this.stop();
      });
  }

  private armStall() {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.stop(), STALL_MS);
    this.stallTimer.unref();
  }

  private onInit(init: InitSegment) {
    this.init = init;
    for (const s of this.sinks) s.init(init);
  }

  private onFragment(f: Fragment) {
    this.fragments += 1;
    this.armStall();
    if (f.keyframe) {
      this.gop = [];
      this.gopBytes = 0;
    }
    // A group too large for memory (a camera sending no keyframe) keeps nothing for late joiners.
    if (this.gopBytes + f.bytes.length <= MAX_GOP_BYTES && (f.keyframe || this.gop.length > 0)) {
      this.gop.push(f);
      this.gopBytes += f.bytes.length;
    }
    this.bufferPreAlarm(f);
    for (const s of this.sinks) s.fragment(f);
  }

  private bufferPreAlarm(f: Fragment) {
    const seconds = this.preAlarmSeconds;
    if (seconds <= 0) return;
    const now = Date.now();
    if (this.pre.length === 0 && !f.keyframe) return;
    this.pre.push({ f, at: now });
    // Drop whole groups from the front while the next keyframe is still older than the window.
    for (;;) {
      const next = this.pre.findIndex((p, i) => i > 0 && p.f.keyframe);
      const nextAt = next > 0 ? this.pre[next]?.at : undefined;
      if (next <= 0 || nextAt === undefined || now - nextAt < seconds * 1000) break;
      this.pre = this.pre.slice(next);
    }
  }
}

/** A stand-in while the source is resolved: `child` is set, so a second start cannot happen. */
function spawnLater(): ChildProcess {
  return { kill: () => true } as unknown as ChildProcess;
}

/** ffmpeg's message without anything that looks like URL credentials. */
export function redact(text: string) {
  return text.replace(/\/\/[^/@\s]*@/g, '//***@').slice(0, 500);
}
