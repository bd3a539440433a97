import { describe, expect, it } from 'vitest';
import { buildFrame, wrapBody } from './answer';
import { parseFrame } from './frame';
import { Dc09StreamSplitter } from './stream';
import { rawFrame, verifiedFrames } from './test-support';

const frames = verifiedFrames.map((f) => rawFrame(f.crc, f.length, f.body));
const texts = (out: Buffer[]) => out.map((b) => b.toString('latin1'));

describe('Dc09StreamSplitter', () => {
  it('cuts several frames out of one chunk', () => {
    const splitter = new Dc09StreamSplitter();
    expect(texts(splitter.push(Buffer.concat(frames)))).toEqual(texts(frames));
    expect(splitter.pending).toBe(0);
  });

  it('joins a frame sent over several chunks, byte by byte', () => {
    const splitter = new Dc09StreamSplitter();
    const all = Buffer.concat(frames);
    const out: Buffer[] = [];
    for (const byte of all) out.push(...splitter.push(Uint8Array.of(byte)));
    expect(texts(out)).toEqual(texts(frames));
  });

  it('skips garbage between frames and resynchronises on LF', () => {
    const splitter = new Dc09StreamSplitter();
    const [a, b] = frames as [Buffer, Buffer];
    const noise = Buffer.from('garbage\n\nXX\r\n12\x00\xff');
    const out = splitter.push(Buffer.concat([noise, a, Buffer.from('\r\r junk '), b, Buffer.from('tail')]));
    expect(texts(out)).toEqual(texts([a, b]));
    expect(splitter.discardedBytes).toBeGreaterThan(0);
    expect(splitter.pending).toBe(0);
  });

  it('drops a frame cut short by the next one', () => {
    const splitter = new Dc09StreamSplitter();
    const [a, b] = frames as [Buffer, Buffer];
    const cut = a.subarray(0, a.length - 5);
    expect(texts(splitter.push(Buffer.concat([cut, b])))).toEqual(texts([b]));
  });

  it('bounds its buffer: a frame over the maximum is discarded, the next one read', () => {
    const splitter = new Dc09StreamSplitter({ maxFrameBytes: 128 });
    const long = wrapBody(`"SIA-DCS"0001L0#1234[#1234|NBA01][A${'x'.repeat(300)}]`);
    const out: Buffer[] = [];
    for (let i = 0; i < long.length; i += 50) {
      out.push(...splitter.push(long.subarray(i, i + 50)));
      expect(splitter.pending).toBeLessThanOrEqual(128 + 50);
    }
    expect(out).toEqual([]);
    const [a] = frames as [Buffer];
    expect(texts(splitter.push(a))).toEqual(texts([a]));
    splitter.push(Buffer.alloc(10_000, 0x41));
    expect(splitter.pending).toBe(0);
  });

  it('cuts binary-CRC frames by their length, even when the CRC bytes are LF or CR', () => {
    const splitter = new Dc09StreamSplitter();
    const binary: Buffer[] = [];
    for (let seq = 0; binary.length < 3 && seq < 5000; seq++) {
      const bytes = buildFrame({ id: 'NULL', sequence: seq, prefix: '0', account: '1234', crc: 'binary' });
      if ([0x0a, 0x0d].includes(bytes[1] ?? 0) || [0x0a, 0x0d].includes(bytes[2] ?? 0)) binary.push(bytes);
    }
    expect(binary.length).toBe(3);
    const out = splitter.push(Buffer.concat([...binary, frames[0] as Buffer]));
    expect(out.length).toBe(4);
    for (const frame of out) expect(parseFrame(frame).ok).toBe(true);
  });
});
