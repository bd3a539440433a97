// Random and mutated frames (≥ 10,000 of each kind) never make the protocol layer throw, and the
// splitter's buffer stays bounded. FUZZ_RUNS_FACTOR multiplies the runs, as for the other sweeps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFrame, wrapBody } from './answer';
import { parseContactIdData } from './contact-id';
import { decodeFrameEvents } from './decode-frame';
import { describeEvent } from './describe-event';
import { decryptFrame } from './encryption';
import { parseFrame } from './frame';
import { parseSiaData } from './sia-event';
import { Dc09StreamSplitter } from './stream';
import { parseSurgardLine, SurgardLineSplitter } from './surgard';
import { rawFrame, verifiedFrames } from './test-support';

const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? '1') || 1;
const numRuns = 10_000 * factor;
const key = Buffer.from('000102030405060708090A0B0C0D0E0F', 'hex');

const seeds: Buffer[] = [
  ...verifiedFrames.map((f) => rawFrame(f.crc, f.length, f.body)),
  buildFrame({ id: 'SIA-DCS', sequence: 3, prefix: '0', account: '1234', data: '#1234|Nri1/BA01', key }),
  buildFrame({
    id: 'ADM-CID',
    sequence: 4,
    receiver: '0',
    prefix: 'FF',
    account: '1234',
    data: '#1234|1130 01 015',
  }),
  buildFrame({ id: 'NULL', sequence: 0, prefix: '0', account: 'ABC', crc: 'binary' }),
  buildFrame({
    id: 'ADM-CID',
    sequence: 5,
    prefix: '7',
    account: '1234',
    data: '#1234|3401 01 002',
    key,
    pipe: false,
  }),
];

type Mutation = { at: number; kind: 'flip' | 'insert' | 'delete' | 'truncate'; byte: number };
const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom<Mutation['kind']>('flip', 'insert', 'delete', 'truncate'),
  byte: fc.integer({ min: 0, max: 255 }),
});

function mutate(seed: Buffer, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(seed);
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % bytes.length;
    if (m.kind === 'flip') bytes[at] = m.byte;
    else if (m.kind === 'insert')
      bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([m.byte]), bytes.subarray(at)]);
    else if (m.kind === 'delete') bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]);
    else bytes = bytes.subarray(0, at);
  }
  return bytes;
}

/** Everything the receiver does with bytes, in order. */
function receive(bytes: Uint8Array): void {
  const result = parseFrame(bytes);
  if (!result.ok) return;
  const frame = result.frame.encrypted ? decryptFrame(result.frame, key) : result;
  if (!frame.ok) return;
  const decoded = decodeFrameEvents(frame.frame);
  if (decoded.ok) for (const event of decoded.events) describeEvent(event, { zoneName: () => 'Zone' });
}

const anyFrame = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([s, m]) => mutate(s, m)),
);

describe('fuzz', () => {
  it('parses random and mutated frames without throwing', () => {
    fc.assert(
      fc.property(anyFrame, (bytes) => {
        expect(() => receive(bytes)).not.toThrow();
      }),
      { numRuns },
    );
  });

  it('decodes mutated frame text with a correct CRC (past the CRC check) without throwing', () => {
    const bodies = seeds.map((s) => s.subarray(s.indexOf(0x22), s.length - 1));
    const mutatedBody = fc
      .tuple(fc.constantFrom(...bodies), fc.array(mutation, { minLength: 1, maxLength: 4 }))
      .map(([b, m]) => mutate(b, m).toString('latin1'));
    fc.assert(
      fc.property(mutatedBody, (body) => {
        expect(() => receive(wrapBody(body))).not.toThrow();
        expect(() => parseSiaData(body)).not.toThrow();
        expect(() => parseContactIdData(body)).not.toThrow();
        expect(() => parseSurgardLine(body)).not.toThrow();
      }),
      { numRuns },
    );
  });

  it('splits random streams without throwing, its buffer bounded', () => {
    const stream = fc.array(fc.tuple(anyFrame, fc.uint8Array({ maxLength: 20 })), { maxLength: 8 });
    fc.assert(
      fc.property(stream, fc.integer({ min: 1, max: 64 }), (parts, chunkSize) => {
        const splitter = new Dc09StreamSplitter({ maxFrameBytes: 512 });
        const surgard = new SurgardLineSplitter();
        const all = Buffer.concat(parts.flat());
        for (let i = 0; i < all.length; i += chunkSize) {
          const chunk = all.subarray(i, i + chunkSize);
          for (const frame of splitter.push(chunk)) receive(frame);
          for (const line of surgard.push(chunk)) parseSurgardLine(line);
          expect(splitter.pending).toBeLessThanOrEqual(512 + chunkSize);
        }
      }),
      { numRuns },
    );
  });
});
