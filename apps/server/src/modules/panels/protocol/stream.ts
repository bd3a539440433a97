// Cuts a TCP byte stream into DC-09 frames: several frames may come in one chunk, one frame over
// several chunks, and garbage between them. A frame starts at LF; with a text CRC it ends at the
// next CR, with a binary CRC (whose two bytes may themselves be LF or CR) at the length its header
// announces. Anything that is not a frame is skipped up to the next LF (resynchronisation), and no
// frame may exceed `maxFrameBytes`: the buffer stays bounded whatever a client sends. Never throws.
// The frames it returns still have to pass `parseFrame` (CRC, length).

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

export type SplitterOptions = { maxFrameBytes?: number };

function isHex(b: number | undefined): boolean {
  return (
    b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66))
  );
}

function allHex(buf: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isHex(buf[i])) return false;
  return true;
}

type End = number | 'wait' | 'bad';

export class Dc09StreamSplitter {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly maxFrameBytes: number;
  /** Bytes skipped as garbage since the start, for the connection's diagnostics. */
  discardedBytes = 0;

  constructor(options: SplitterOptions = {}) {
    this.maxFrameBytes = options.maxFrameBytes ?? 1024;
  }

  /** Bytes held waiting for the rest of a frame. */
  get pending(): number {
    return this.buffer.length;
  }

  push(chunk: Uint8Array): Buffer[] {
    const frames: Buffer[] = [];
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const lf = this.buffer.indexOf(LF);
      if (lf < 0) {
        this.skip(this.buffer.length);
        break;
      }
      if (lf > 0) this.skip(lf);
      const end = this.frameEnd(this.buffer);
      if (end === 'wait') {
        if (this.buffer.length <= this.maxFrameBytes) break;
        this.skip(1);
        continue;
      }
      if (end === 'bad') {
        this.skip(1);
        continue;
      }
      frames.push(Buffer.from(this.buffer.subarray(0, end)));
      this.buffer = this.buffer.subarray(end);
    }
    // Keep no reference to a large chunk the frames were cut from.
    if (this.buffer.length > 0 && this.buffer.byteOffset > 0) this.buffer = Buffer.from(this.buffer);
    return frames;
  }

  private skip(count: number): void {
    this.discardedBytes += count;
    this.buffer = this.buffer.subarray(count);
  }

  /** Where the frame starting at buf[0] (an LF) ends, exclusive; 'wait' for more bytes; 'bad' to resync. */
  private frameEnd(buf: Buffer): End {
    if (buf.length >= 10 && allHex(buf, 1, 9) && buf[5] === 0x30 && buf[9] === QUOTE) {
      for (let i = 10; i < buf.length; i++) {
        if (i >= this.maxFrameBytes) return 'bad';
        if (buf[i] === CR) return i + 1;
        // A new frame starts before this one ended: this one was cut short.
        if (buf[i] === LF) return 'bad';
      }
      return 'wait';
    }
    if (buf.length >= 8 && buf[3] === 0x30 && allHex(buf, 3, 7) && buf[7] === QUOTE) {
      const length = Number.parseInt(buf.subarray(3, 7).toString('latin1'), 16);
      const total = 7 + length + 1;
      if (total > this.maxFrameBytes) return 'bad';
      if (buf.length < total) return 'wait';
      return buf[total - 1] === CR ? total : 'bad';
    }
    return buf.length < 10 ? 'wait' : 'bad';
  }
}
