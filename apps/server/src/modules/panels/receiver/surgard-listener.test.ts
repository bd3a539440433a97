import { type AddressInfo, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DC4, parseSurgardLine } from '../protocol/surgard';
import { closeTcp } from './bind-socket';
import type { ReceiverLimits, ReceiverLog, ReceiverMeta } from './receiver-limits';
import { type SurgardListener, startSurgardListener } from './surgard-listener';
import { dialSurgard } from './test-dialler';

const dc4 = String.fromCharCode(DC4);
const ACK = 0x06;
const NAK = 0x15;
const alarmLine = `5011 181234E13001015${dc4}`;
const heartbeat = `1011           @    ${dc4}`;

const silentLog: ReceiverLog = { info: () => {}, warn: () => {}, error: () => {} };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

type Handler = (line: string, meta: ReceiverMeta) => Promise<boolean>;

async function start(handleLine: Handler, limits: Partial<ReceiverLimits> = {}, port = 0) {
  const listener = await startSurgardListener({
    port,
    host: '127.0.0.1',
    handleLine,
    log: silentLog,
    limits,
  });
  open.push(listener);
  return listener;
}

async function dial(listener: SurgardListener) {
  const client = await dialSurgard(listener.port as number);
  open.push(client);
  return client;
}

/** A handler whose answers the test releases one by one. */
function gatedHandler() {
  const seen: Array<{ line: string; meta: ReceiverMeta }> = [];
  const pending: Array<(stored: boolean) => void> = [];
  const handler: Handler = (line, meta) => {
    seen.push({ line, meta });
    return new Promise((resolve) => pending.push(resolve));
  };
  return { handler, seen, pending };
}

describe('Sur-Gard listener', () => {
  it('answers ACK (0x06) only once the handler has stored the line', async () => {
    const gated = gatedHandler();
    const listener = await start(gated.handler);
    expect(listener.state()).toEqual({
      state: 'up',
      detail: `Entrée Sur-Gard en écoute sur le port ${listener.port}`,
    });
    const client = await dial(listener);
    client.send(alarmLine);
    expect(await client.nextByte(150)).toBeNull();
    expect(gated.seen).toEqual([
      { line: '5011 181234E13001015', meta: { transport: 'tcp', remoteAddress: '127.0.0.1' } },
    ]);
    expect(parseSurgardLine(gated.seen[0]?.line ?? '').ok).toBe(true);
    gated.pending[0]?.(true);
    expect(await client.nextByte(1000)).toBe(ACK);
  });

  it('acknowledges the heartbeat line too, and answers lines in order', async () => {
    const gated = gatedHandler();
    const listener = await start(gated.handler);
    const client = await dial(listener);
    client.send(heartbeat + alarmLine);
    await wait(50);
    // One line at a time: the second waits for the first's answer.
    expect(gated.seen.map((s) => s.line)).toEqual(['1011           @    ']);
    gated.pending[0]?.(true);
    expect(await client.nextByte(1000)).toBe(ACK);
    await wait(20);
    expect(gated.seen.length).toBe(2);
    gated.pending[1]?.(false);
    expect(await client.nextByte(1000)).toBe(NAK);
  });

  it('stays silent when the handler throws, and answers the next line', async () => {
    let calls = 0;
    const listener = await start(async () => {
      calls++;
      if (calls === 1) throw new Error('storage failure');
      return true;
    });
    const client = await dial(listener);
    client.send(alarmLine + heartbeat);
    expect(await client.nextByte(1000)).toBe(ACK);
    expect(await client.nextByte(100)).toBeNull();
    expect(listener.stats()).toMatchObject({ frames: 2, answers: 1, errors: 1 });
  });

  it('drops an oversized line and the lines over the rate', async () => {
    const listener = await start(async () => true, { framesPerConnectionPerSecond: 2 });
    const client = await dial(listener);
    client.send(`${'9'.repeat(1000)}${dc4}${heartbeat}${heartbeat}${heartbeat}`);
    expect(await client.nextByte(1000)).toBe(ACK);
    expect(await client.nextByte(1000)).toBe(ACK);
    expect(await client.nextByte(100)).toBeNull();
    // The long line (whole with its DC4 in one chunk) and the third heartbeat.
    expect(listener.stats()).toMatchObject({ frames: 2, dropped: 2 });
  });

  it('refuses a connection over the per-address limit and closes idle connections', async () => {
    const listener = await start(async () => true, { maxConnectionsPerAddress: 1, idleTimeoutMs: 200 });
    const first = await dial(listener);
    const extra = await dial(listener);
    await Promise.race([extra.closed, wait(500)]);
    expect(extra.isClosed()).toBe(true);
    await Promise.race([first.closed, wait(1000)]);
    expect(first.isClosed()).toBe(true);
    await wait(20);
    expect(listener.stats()).toMatchObject({ accepted: 1, refused: 1, connections: 0 });
  });

  it('reports a port already in use as down, in French, without throwing', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    try {
      const listener = await start(async () => true, {}, port);
      expect(listener.port).toBeNull();
      expect(listener.state()).toEqual({
        state: 'down',
        detail: `Port ${port} déjà utilisé : entrée Sur-Gard arrêtée`,
      });
    } finally {
      await closeTcp(taken);
    }
  });

  it('closes its connections and frees its port', async () => {
    const listener = await start(async () => true);
    const port = listener.port as number;
    const client = await dial(listener);
    await listener.close();
    await Promise.race([client.closed, wait(500)]);
    expect(client.isClosed()).toBe(true);
    expect(listener.state().state).toBe('down');
    const again = await start(async () => true, {}, port);
    expect(again.port).toBe(port);
  });
});
