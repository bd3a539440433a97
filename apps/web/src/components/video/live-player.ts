// Plays a camera's live stream in a <video> element: a one-time ticket, then the live socket, whose
// fragmented MP4 goes into Media Source Extensions. The player keeps the picture near the live edge
// (a control room wants now, not smooth), drops old buffer, and reconnects by itself when the
// stream stops (« Flux interrompu — reconnexion… »). Closing the socket on pause frees the camera's
// upstream on the server; the last picture stays on screen.
import {
  createLiveTicket,
  LIVE_SOCKET_PATH,
  type LiveServerMessage,
} from '@vigie/contract/camera-video.contract';
import { apiCall } from '../../lib/api-client';
import { ApiError } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';

export type LiveState =
  | { kind: 'connecting' }
  | { kind: 'playing' }
  | { kind: 'reconnecting' }
  | { kind: 'error'; detail: string };

/** Behind the live edge by more than this, the player jumps forward. */
const MAX_LATENCY_S = 1;
/** Behind by more than this, it plays a little faster until it is back within `LIVE_EDGE_S`. */
const CATCH_UP_S = 0.25;
const LIVE_EDGE_S = 0.08;
/** Buffer kept behind the playing position. */
const KEEP_BEHIND_S = 10;
const RETRY_MS = [1000, 2000, 5000, 10_000];

export class LivePlayer {
  private socket: WebSocket | null = null;
  private source: MediaSource | null = null;
  private buffer: SourceBuffer | null = null;
  private queue: ArrayBuffer[] = [];
  private objectUrl: string | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly cameraId: string,
    private readonly onState: (s: LiveState) => void,
  ) {}

  start() {
    this.stopped = false;
    void this.connect();
  }

  /** Stops reading (pause, unmount): the socket closes, the last picture stays. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.closeSocket();
  }

  private async connect() {
    this.onState(this.retries === 0 ? { kind: 'connecting' } : { kind: 'reconnecting' });
    let ticket: string;
    try {
      ticket = (await apiCall(createLiveTicket, { params: { id: this.cameraId } })).ticket;
    } catch (err) {
      if (this.stopped) return;
      // The server's French reason (no ffmpeg, no stream address, refused address…).
      if (err instanceof ApiError && err.status !== 503 && err.status < 500) {
        this.onState({ kind: 'error', detail: err.message });
        return;
      }
      if (err instanceof ApiError && err.status === 503) {
        this.onState({ kind: 'error', detail: err.message });
        this.retryLater(30_000);
        return;
      }
      this.retryLater();
      return;
    }
    if (this.stopped) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${window.location.host}${LIVE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`,
    );
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    let failed = false;
    socket.onmessage = (e) => {
      if (typeof e.data === 'string') {
        const m = parse(e.data);
        if (m?.type === 'init') this.openSource(m.codec);
        else if (m?.type === 'error') {
          failed = true;
          this.onState({ kind: 'error', detail: m.detail });
        }
        return;
      }
      this.append(e.data as ArrayBuffer);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      // A session ended or the camera was removed: no reconnection.
      if (e.code === 4401 || e.code === 4403) {
        this.onState({ kind: 'error', detail: e.reason || t('Session terminée') });
        return;
      }
      if (failed) {
        this.retryLater(30_000);
        return;
      }
      this.retryLater();
    };
  }

  private retryLater(ms?: number) {
    if (this.stopped) return;
    const wait = ms ?? RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)] ?? 10_000;
    this.retries += 1;
    if (ms === undefined) this.onState({ kind: 'reconnecting' });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), wait);
  }

  private openSource(codec: string) {
    const type = `video/mp4; codecs="${codec}"`;
    if (typeof MediaSource === 'undefined' || !MediaSource.isTypeSupported(type)) {
      this.onState({
        kind: 'error',
        detail: t('Ce navigateur ne lit pas ce flux vidéo ({codec})', { codec }),
      });
      this.stop();
      return;
    }
    this.resetSource();
    const source = new MediaSource();
    this.source = source;
    this.queue = [];
    this.objectUrl = URL.createObjectURL(source);
    this.video.src = this.objectUrl;
    source.addEventListener(
      'sourceopen',
      () => {
        if (this.source !== source) return;
        const buffer = source.addSourceBuffer(type);
        buffer.mode = 'segments';
        this.buffer = buffer;
        buffer.addEventListener('updateend', () => this.afterAppend());
        this.flush();
      },
      { once: true },
    );
  }

  private append(data: ArrayBuffer) {
    this.queue.push(data);
    // A viewer hidden long enough to pile up data starts again from fresh data.
    if (this.queue.length > 500) this.queue = this.queue.slice(-1);
    this.flush();
  }

  private flush() {
    const buffer = this.buffer;
    if (!buffer || buffer.updating || this.queue.length === 0) return;
    const next = this.queue.shift() as ArrayBuffer;
    try {
      buffer.appendBuffer(next);
    } catch {
      // QuotaExceeded or a closed source: start the stream again.
      this.closeSocket();
      this.retryLater();
    }
  }

  private afterAppend() {
    const buffer = this.buffer;
    const v = this.video;
    if (!buffer) return;
    const ranges = buffer.buffered;
    if (ranges.length > 0) {
      const end = ranges.end(ranges.length - 1);
      const start = ranges.start(0);
      const lag = end - v.currentTime;
      if (v.currentTime < start || lag > MAX_LATENCY_S) v.currentTime = Math.max(start, end - LIVE_EDGE_S);
      // A control room wants now: slightly faster play closes a small lag without a visible jump.
      else if (lag > CATCH_UP_S) v.playbackRate = 1.15;
      else if (lag < LIVE_EDGE_S) v.playbackRate = 1;
      if (v.paused) {
        v.play().catch(() => undefined);
      }
      if (this.retries > 0 || v.readyState >= 2) {
        this.retries = 0;
        this.onState({ kind: 'playing' });
      }
      if (!buffer.updating && v.currentTime - start > KEEP_BEHIND_S * 2) {
        try {
          buffer.remove(start, v.currentTime - KEEP_BEHIND_S);
          return;
        } catch {
          // removal refused while updating: done on a later append
        }
      }
    }
    this.flush();
  }

  private resetSource() {
    this.buffer = null;
    if (this.source?.readyState === 'open') {
      try {
        this.source.endOfStream();
      } catch {
        // already ended
      }
    }
    this.source = null;
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
  }

  private closeSocket() {
    const s = this.socket;
    this.socket = null;
    if (s && s.readyState <= WebSocket.OPEN) s.close(1000);
  }
}

function parse(text: string): LiveServerMessage | null {
  try {
    const m: unknown = JSON.parse(text);
    if (m && typeof m === 'object' && 'type' in m) return m as LiveServerMessage;
  } catch {
    // not JSON
  }
  return null;
}
