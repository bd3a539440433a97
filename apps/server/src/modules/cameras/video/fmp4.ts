// Fragmented MP4 as ffmpeg writes it for live view (`-movflags empty_moov+default_base_moof+
// frag_every_frame`): an init segment (ftyp + moov) then one fragment (moof + mdat) per frame. A
// viewer joining late needs the init segment and the fragments since the last keyframe, so the
// splitter cuts the byte stream at box boundaries and tells keyframes from the sample flags.

/** A box header's type, as four ASCII characters. */
const typeAt = (b: Buffer, at: number) => b.toString('latin1', at + 4, at + 8);

/** Largest box accepted from the camera's stream: a 4K keyframe fits well under it. */
export const MAX_BOX_BYTES = 16 * 1024 * 1024;

export interface InitSegment {
  bytes: Buffer;
  /** The RFC 6381 codec string a browser's MediaSource asks for (`avc1.64001f`), or null. */
  codec: string | null;
  /** Default sample flags of the track (trex), used when a fragment names none. */
  defaultFlags: number;
}

export interface Fragment {
  bytes: Buffer;
  keyframe: boolean;
}

/** Children of a container box's payload, as [type, start, end] in `b`. */
function* children(b: Buffer, start: number, end: number): Generator<[string, number, number]> {
  let at = start;
  while (at + 8 <= end) {
    const size = b.readUInt32BE(at);
    if (size < 8 || at + size > end) return;
    yield [typeAt(b, at), at, at + size];
    at += size;
  }
}

function find(b: Buffer, start: number, end: number, path: string[]): [number, number] | null {
  const [head, ...rest] = path;
  for (const [type, s, e] of children(b, start, end)) {
    if (type !== head) continue;
    if (rest.length === 0) return [s, e];
    // stsd has a version/flags word and an entry count before its children; avc1/hvc1 a 78-byte header.
    const inner = type === 'stsd' ? s + 16 : type === 'avc1' || type === 'hvc1' ? s + 86 : s + 8;
    return find(b, inner, e, rest);
  }
  return null;
}

/** The codec string and default sample flags of the first video track of an init segment. */
export function readInit(bytes: Buffer): InitSegment {
  const moov = find(bytes, 0, bytes.length, ['moov']);
  let codec: string | null = null;
  let defaultFlags = 0;
  if (moov) {
    const stsd = find(bytes, moov[0] + 8, moov[1], ['trak', 'mdia', 'minf', 'stbl', 'stsd']);
    if (stsd) {
      const entry = [...children(bytes, stsd[0] + 16, stsd[1])][0];
      if (entry?.[0] === 'avc1') {
        const avcc = find(bytes, entry[1] + 86, entry[2], ['avcC']);
        if (avcc && avcc[1] - avcc[0] >= 12) {
          const hex = (i: number) => (bytes[avcc[0] + 8 + i] ?? 0).toString(16).padStart(2, '0');
          codec = `avc1.${hex(1)}${hex(2)}${hex(3)}`;
        }
      } else if (entry) {
        codec = entry[0];
      }
    }
    const trex = find(bytes, moov[0] + 8, moov[1], ['mvex', 'trex']);
    if (trex && trex[1] - trex[0] >= 32) defaultFlags = bytes.readUInt32BE(trex[0] + 28);
  }
  return { bytes, codec, defaultFlags };
}

/** The first track's timescale (moov > trak > mdia > mdhd), in ticks per second; 0 when absent. */
export function timescaleOf(init: Buffer): number {
  const mdhd = find(init, 0, init.length, ['moov', 'trak', 'mdia', 'mdhd']);
  if (!mdhd || mdhd[1] - mdhd[0] < 32) return 0;
  // Version 1 has 64-bit creation and modification times before the timescale.
  return init.readUInt32BE(mdhd[0] + (init[mdhd[0] + 8] === 1 ? 28 : 20));
}

const NON_SYNC = 0x0001_0000;

/** Whether a fragment's first sample is a keyframe (a sync sample). */
export function isKeyframe(moof: Buffer, trexFlags: number): boolean {
  const traf = find(moof, 0, moof.length, ['moof', 'traf']);
  if (!traf) return false;
  let flags = trexFlags;
  const tfhd = find(moof, traf[0] + 8, traf[1], ['tfhd']);
  if (tfhd) {
    const tf = moof.readUInt32BE(tfhd[0] + 8) & 0xffffff;
    let at = tfhd[0] + 16; // after version/flags and track id
    if (tf & 0x1) at += 8; // base data offset
    if (tf & 0x2) at += 4; // sample description index
    if (tf & 0x8) at += 4; // default duration
    if (tf & 0x10) at += 4; // default size
    if (tf & 0x20 && at + 4 <= tfhd[1]) flags = moof.readUInt32BE(at);
  }
  const trun = find(moof, traf[0] + 8, traf[1], ['trun']);
  if (trun) {
    const tr = moof.readUInt32BE(trun[0] + 8) & 0xffffff;
    let at = trun[0] + 16; // after version/flags and sample count
    if (tr & 0x1) at += 4; // data offset
    if (tr & 0x4) return !(moof.readUInt32BE(at) & NON_SYNC); // first sample flags
    if (tr & 0x400) {
      if (tr & 0x100) at += 4; // sample duration
      if (tr & 0x200) at += 4; // sample size
      return !(moof.readUInt32BE(at) & NON_SYNC);
    }
  }
  return !(flags & NON_SYNC);
}

/**
 * Cuts ffmpeg's output into the init segment and fragments. Throws on a box larger than
 * MAX_BOX_BYTES or a malformed size: the stream is then dropped and started again.
 */
export class Fmp4Splitter {
  private buf: Buffer = Buffer.alloc(0);
  private initParts: Buffer[] = [];
  private moof: Buffer | null = null;
  init: InitSegment | null = null;

  constructor(
    private readonly onInit: (init: InitSegment) => void,
    private readonly onFragment: (f: Fragment) => void,
  ) {}

  push(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let at = 0;
    while (this.buf.length - at >= 8) {
      const size = this.buf.readUInt32BE(at);
      if (size < 8 || size > MAX_BOX_BYTES) throw new Error(`fmp4: box size ${size}`);
      if (this.buf.length - at < size) break;
      const box = this.buf.subarray(at, at + size);
      at += size;
      this.take(typeAt(box, 0), box);
    }
    this.buf = at === 0 ? this.buf : Buffer.from(this.buf.subarray(at));
  }

  private take(type: string, box: Buffer) {
    if (!this.init) {
      if (type === 'moof') {
        if (this.initParts.length === 0) throw new Error('fmp4: fragment before moov');
        this.init = readInit(Buffer.concat(this.initParts));
        this.initParts = [];
        this.onInit(this.init);
      } else {
        this.initParts.push(Buffer.from(box));
        return;
      }
    }
    if (type === 'moof') {
      this.moof = Buffer.from(box);
    } else if (type === 'mdat' && this.moof) {
      const bytes = Buffer.concat([this.moof, box]);
      const keyframe = isKeyframe(this.moof, this.init.defaultFlags);
      this.moof = null;
      this.onFragment({ bytes, keyframe });
    }
    // Other boxes between fragments (sidx, styp, mfra) carry nothing a live viewer needs.
  }
}

/** The decode time of a fragment's first sample (tfdt), in the track's timescale. */
export function decodeTime(fragment: Buffer): number | null {
  const tfdt = find(fragment, 0, fragment.length, ['moof', 'traf', 'tfdt']);
  if (!tfdt) return null;
  const version = fragment[tfdt[0] + 8];
  return version === 1 ? Number(fragment.readBigUInt64BE(tfdt[0] + 12)) : fragment.readUInt32BE(tfdt[0] + 12);
}

/**
 * A copy of a fragment whose decode time is moved back by `offset`: a clip cut from a running
 * stream then starts at zero, as a file a player seeks in expects.
 */
export function rebaseFragment(fragment: Buffer, offset: number): Buffer {
  const out = Buffer.from(fragment);
  const tfdt = find(out, 0, out.length, ['moof', 'traf', 'tfdt']);
  if (!tfdt) return out;
  if (out[tfdt[0] + 8] === 1) {
    const t = out.readBigUInt64BE(tfdt[0] + 12) - BigInt(offset);
    out.writeBigUInt64BE(t < 0n ? 0n : t, tfdt[0] + 12);
  } else {
    out.writeUInt32BE(Math.max(0, out.readUInt32BE(tfdt[0] + 12) - offset), tfdt[0] + 12);
  }
  return out;
}
