// A clip recorded from a camera's live stream: the init segment, then the fragments from a keyframe
// (after the pre-alarm ones, when the camera keeps some), their decode times moved back so that the
// file starts at zero. Written while it records, in chunks of about a megabyte (never whole in
// memory), hashed as it goes; it ends when stopped, after its length, or when the stream stops.
import { createHash } from 'node:crypto';
import { decodeTime, type Fragment, type InitSegment, rebaseFragment } from '../video/fmp4';
import type { VideoSink } from '../video/upstream';

export interface ClipStore {
  append(seq: number, data: Buffer): Promise<void>;
  finish(result: {
    state: 'ready' | 'failed';
    endedAt: Date;
    sizeBytes: number;
    sha256: string | null;
  }): Promise<void>;
}

const CHUNK_BYTES = 1024 * 1024;

export class ClipRecorder implements VideoSink {
  private readonly hash = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private size = 0;
  private frames = 0;
  private wroteInit = false;
  private offset: number | null = null;
  private readonly skip = new WeakSet<Fragment>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout;
  private ended = false;
  /** Resolves once the clip's last chunk and its state are stored. */
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  failed: unknown = null;

  constructor(
    private readonly store: ClipStore,
    maxMs: number,
    private readonly pre: Fragment[] = [],
    private readonly onEnd: () => void = () => {},
  ) {
    this.done = new Promise((ok) => {
      this.resolveDone = ok;
    });
    this.timer = setTimeout(() => this.stop(), maxMs);
    this.timer.unref();
  }

  init(init: InitSegment) {
    if (this.wroteInit || this.ended) return;
    this.wroteInit = true;
    this.write(init.bytes);
    // The pre-alarm picture first; the same fragments sent again by the stream are skipped.
    for (const f of this.pre) {
      this.take(f);
      this.skip.add(f);
    }
  }

  fragment(f: Fragment) {
    if (this.ended || !this.wroteInit || this.skip.has(f)) return;
    this.take(f);
  }

  interrupted() {
    this.stop();
  }

  /** Ends the clip (idempotent); `done` resolves when it is stored. */
  stop() {
    if (this.ended) return this.done;
    this.ended = true;
    clearTimeout(this.timer);
    this.flush();
    const frames = this.frames;
    const size = this.size;
    const sha256 = this.hash.digest('hex');
    this.chain = this.chain
      .then(() =>
        this.store.finish({
          state: frames > 0 && this.failed === null ? 'ready' : 'failed',
          endedAt: new Date(),
          sizeBytes: size,
          sha256: frames > 0 ? sha256 : null,
        }),
      )
      .catch((err: unknown) => {
        this.failed ??= err;
      })
      .finally(() => {
        this.onEnd();
        this.resolveDone();
      });
    return this.done;
  }

  private take(f: Fragment) {
    if (this.offset === null) {
      if (!f.keyframe) return;
      this.offset = decodeTime(f.bytes) ?? 0;
    }
    this.frames += 1;
    this.write(this.offset === 0 ? f.bytes : rebaseFragment(f.bytes, this.offset));
  }

  private write(buf: Buffer) {
    this.hash.update(buf);
    this.size += buf.length;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    if (this.pendingBytes >= CHUNK_BYTES) this.flush();
  }

  private flush() {
    if (this.pendingBytes === 0) return;
    const data = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const seq = this.seq++;
    this.chain = this.chain
      .then(() => this.store.append(seq, data))
      .catch((err: unknown) => {
        this.failed ??= err;
      });
  }
}
