// 10,000 random and mutated frames (fast-check) over a live TCP connection to the real ingest leave
// the receiver answering a valid frame, and touch no other company. Most are rejected before the
// database (bad CRC or length: silence); a share carries a valid CRC around a random body, for the
// panel's own prefix and account, so that the panel's transaction, the decoders and the journal are
// exercised too. FUZZ_RUNS_FACTOR multiplies the frames, as for the other sweeps.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../../../test/harness';
import { wrapBody } from '../protocol/answer';
import { type Dc09Listener, startDc09Listener } from '../receiver/dc09-listener';
import { dialTcp, type TcpDialler } from '../receiver/test-dialler';
import { addSite, alarmsOf, answerOf, givePrefix, panelFrame, seedPanel, signalsOf } from './test-support';

const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? '1') || 1;
const total = 10_000 * factor;
const key = Buffer.from('000102030405060708090A0B0C0D0E0F', 'hex');
const quiet = { info() {}, warn() {}, error() {} };

/** Reads answers until `pred` matches one, or null after `timeoutMs`. */
async function answerMatching(
  dialler: TcpDialler,
  pred: (a: ReturnType<typeof answerOf>) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return null;
    const bytes = await dialler.nextAnswer(left);
    if (!bytes) return null;
    let answer: ReturnType<typeof answerOf> = null;
    try {
      answer = answerOf(bytes, key);
    } catch {
      continue;
    }
    if (pred(answer)) return answer;
  }
}

describe.each(engines)('alarm receiver fuzz on %s', (engine) => {
  let t: TestApp;
  let listener: Dc09Listener;

  beforeAll(async () => {
    t = await createTestApp(engine, { ALARM_RECEIVER_PORT: '0' });
    // The real ingest behind a listener of the test's own whose rate bounds let every frame through
    // (the app's receiver would drop most of a burst from one connection, by design).
    listener = await startDc09Listener({
      port: 0,
      host: '127.0.0.1',
      log: quiet,
      handleFrame: (bytes, meta) => t.app.panelIngest.handleFrame(bytes, meta),
      limits: { framesPerConnectionPerSecond: 1_000_000, maxQueuedFramesPerConnection: 1_000_000 },
    });
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it(`survives ${total} random and mutated frames and still answers`, async () => {
    const owner = await registerCompany(t.app);
    const siteId = await addSite(t, owner);
    const prefix = await givePrefix(t, owner.company.id);
    const panelId = await seedPanel(t, owner, { siteId, account: '2468', name: 'Fuzz' });
    const keyed = await seedPanel(t, owner, {
      siteId,
      account: '1357',
      name: 'Chiffrée',
      aesKey: key.toString('hex'),
    });
    // Another company, same account number, another prefix: must stay untouched.
    const other = await registerCompany(t.app);
    const otherSite = await addSite(t, other);
    const otherPrefix = await givePrefix(t, other.company.id);
    const otherPanel = await seedPanel(t, other, { siteId: otherSite, account: '2468' });

    const seeds = [
      panelFrame({ id: 'SIA-DCS', prefix, account: '2468', data: '#2468|Nri1/BA01' }),
      panelFrame({ id: 'ADM-CID', prefix, account: '2468', data: '#2468|1130 01 015' }),
      panelFrame({ id: 'NULL', prefix, account: '2468', crc: 'binary' }),
      panelFrame({ id: 'SIA-DCS', prefix, account: '1357', data: 'Nri1/FA02', key }),
      panelFrame({ id: 'ADM-CID', prefix, account: '1357', data: '1401 01 002', key, pipe: false }),
    ];
    const mutated = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.array(
          fc.record({
            at: fc.nat(),
            kind: fc.constantFrom('flip', 'insert', 'delete', 'truncate'),
            byte: fc.integer({ min: 0, max: 255 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
      )
      .map(([seed, mutations]) => {
        let bytes = Buffer.from(seed);
        for (const m of mutations) {
          const at = bytes.length === 0 ? 0 : m.at % bytes.length;
          if (m.kind === 'flip') bytes[at] = m.byte;
          else if (m.kind === 'insert')
            bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([m.byte]), bytes.subarray(at)]);
          else if (m.kind === 'delete')
            bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]);
          else bytes = bytes.subarray(0, at);
        }
        return bytes;
      });
    const random = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b));
    // A valid CRC and length around a random body for this panel: past the CRC, into the ingest.
    const wrapped = fc
      .tuple(
        fc.constantFrom('SIA-DCS', 'ADM-CID', 'NULL', 'XYZ', '*SIA-DCS'),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom('2468', '1357', '0000', 'FFFF'),
        fc.string({ maxLength: 60 }),
      )
      .map(([id, seq, account, data]) =>
        wrapBody(`"${id}"${String(seq).padStart(4, '0')}L${prefix}#${account}[${data}]`),
      );
    const frames = fc.sample(
      fc.oneof(
        { arbitrary: mutated, weight: 70 },
        { arbitrary: random, weight: 25 },
        { arbitrary: wrapped, weight: 5 },
      ),
      { numRuns: total, seed: 32 },
    );
    expect(frames.length).toBe(total);

    // Each frame on its own (as a UDP datagram is): answered or refused, never a throw.
    for (const frame of frames) {
      const answer = await t.app.panelIngest.handleFrame(frame, {
        transport: 'udp',
        remoteAddress: '127.0.0.1',
      });
      expect(answer === null || answer[0] === 0x0a).toBe(true);
    }
    expect(t.app.panelIngest.stats().frames).toBe(total);

    const dialler = await dialTcp(listener.tcpPort as number);
    try {
      // In chunks that cut frames anywhere, as TCP may.
      const stream = Buffer.concat(frames);
      for (let at = 0; at < stream.length; at += 4096) dialler.send(stream.subarray(at, at + 4096));
      // Whatever partial frame the garbage left pending is pushed out by more than a frame's bound.
      dialler.send(Buffer.alloc(1100, 0x20));
      const valid = panelFrame({ id: 'SIA-DCS', sequence: 4242, prefix, account: '2468', data: 'Nri1/BA09' });
      dialler.send(valid);
      const ack = await answerMatching(dialler, (a) => a?.id === 'ACK' && a.sequence === '4242', 120_000);
      expect(ack?.account).toBe('2468');
    } finally {
      await dialler.close();
    }
    // The app's own receiver answers too (the same ingest), and the other company saw nothing.
    const own = await dialTcp(t.app.panelReceiverPorts().tcp as number);
    try {
      own.send(panelFrame({ id: 'NULL', sequence: 4243, prefix, account: '2468' }));
      expect(answerOf(await own.nextAnswer(5000))?.id).toBe('ACK');
    } finally {
      await own.close();
    }
    expect((await alarmsOf(t, owner.company.id)).some((a) => a.location === 'Zone 09')).toBe(true);
    expect(await signalsOf(t, owner.company.id, panelId)).not.toHaveLength(0);
    expect(keyed).toBeTruthy();
    expect(otherPrefix).not.toBe(prefix);
    expect(await alarmsOf(t, other.company.id)).toHaveLength(0);
    expect(await signalsOf(t, other.company.id, otherPanel)).toHaveLength(0);
    // The splitter skipped the garbage; what it cut out reached the ingest, mostly refused early.
    const stats = t.app.panelIngest.stats();
    expect(stats.frames).toBeGreaterThan(total + total / 4);
    expect(stats.silent).toBeGreaterThan(stats.frames / 2);
    expect(stats.accepted + stats.refused).toBeGreaterThan(0);
  }, 300_000);
});
