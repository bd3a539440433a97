import { createSocket } from 'node:dgram';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAck, buildDuh, buildFrame, wrapBody } from '../protocol/answer';
import { parseFrame } from '../protocol/frame';
import { bindUdp, closeTcp, closeUdp, listenTcp } from './bind-socket';
import { type Dc09Listener, type Dc09ListenerOptions, startDc09Listener } from './dc09-listener';
import type { ReceiverLimits, ReceiverLog } from './receiver-limits';
import { dialTcp, dialUdp, type TcpDialler } from './test-dialler';

// Accounts that make the fake handler misbehave.
const SLOW = 'AAAA';
const THROWS = 'DEAD';
const HANGS = 'BEEF';

const frame = (sequence: number, account = '1234') =>
  buildFrame({ id: 'SIA-DCS', sequence, prefix: '0', account, data: `#${account}|NBA01` });

/** The sequence an ACK echoes, or what else the answer was. */
const ackOf = (answer: Buffer | null) => {
  if (!answer) return null;
  const parsed = parseFrame(answer);
  if (!parsed.ok) return `invalid: ${parsed.detail}`;
  return parsed.frame.id === 'ACK' ? `ACK ${parsed.frame.sequence}` : parsed.frame.id;
};

type Logged = { level: string; msg: string };

function capturingLog(): ReceiverLog & { entries: Logged[] } {
  const entries: Logged[] = [];
  return {
    entries,
    info: (_obj, msg) => entries.push({ level: 'info', msg }),
    warn: (_obj, msg) => entries.push({ level: 'warn', msg }),
    error: (_obj, msg) => entries.push({ level: 'error', msg }),
  };
}

let release: () => void = () => {};
let slowGate = Promise.resolve();

/** Answers ACK like a receiver that stored the frame; see the accounts above for the rest. */
const handleFrame: Dc09ListenerOptions['handleFrame'] = async (bytes) => {
  const parsed = parseFrame(bytes);
  if (!parsed.ok) return parsed.silent ? null : buildDuh(parsed.header);
  if (parsed.frame.account === THROWS) throw new Error('handler failure');
  if (parsed.frame.account === HANGS) await new Promise(() => {});
  if (parsed.frame.account === SLOW) await slowGate;
  return buildAck(parsed.frame);
};

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

async function start(limits: Partial<ReceiverLimits> = {}, port = 0) {
  const log = capturingLog();
  const listener = await startDc09Listener({ port, host: '127.0.0.1', handleFrame, log, limits });
  open.push(listener);
  return Object.assign(listener, { log });
}

async function dial(listener: Dc09Listener): Promise<TcpDialler> {
  const client = await dialTcp(listener.tcpPort as number);
  open.push(client);
  return client;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('DC-09 listener over TCP', () => {
  it('answers a frame with what the handler returns', async () => {
    const listener = await start();
    expect(listener.state()).toEqual({
      state: 'up',
      detail: expect.stringContaining(`port ${listener.tcpPort}`),
    });
    const client = await dial(listener);
    client.send(frame(1));
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0001');
    const stats = listener.stats();
    expect(stats).toMatchObject({ connections: 1, accepted: 1, frames: 1, answers: 1, errors: 0 });
    expect(stats.bytes).toBe(frame(1).length);
  });

  it('answers several frames sent in one write, in order', async () => {
    const listener = await start();
    const client = await dial(listener);
    client.send(Buffer.concat([1, 2, 3, 4, 5].map((n) => frame(n))));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(ackOf(await client.nextAnswer(1000)));
    expect(answers).toEqual(['ACK 0001', 'ACK 0002', 'ACK 0003', 'ACK 0004', 'ACK 0005']);
  });

  it('keeps the order when a frame takes longer than the next one', async () => {
    const listener = await start();
    const client = await dial(listener);
    slowGate = new Promise((r) => {
      release = r;
    });
    client.send(Buffer.concat([frame(1, SLOW), frame(2)]));
    expect(await client.nextAnswer(150)).toBeNull();
    release();
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0001');
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0002');
  });

  it('joins a frame sent byte by byte into one answer', async () => {
    const listener = await start();
    const client = await dial(listener);
    for (const byte of frame(7)) {
      client.send(Uint8Array.of(byte));
      await wait(1);
    }
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0007');
    expect(await client.nextAnswer(100)).toBeNull();
  });

  it('skips garbage between frames', async () => {
    const listener = await start();
    const client = await dial(listener);
    client.send(
      Buffer.concat([Buffer.from('garbage\n\r\x00\xff'), frame(1), Buffer.from('\r\r junk'), frame(2)]),
    );
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0001');
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0002');
    expect(listener.stats().discardedBytes).toBeGreaterThan(0);
  });

  it('stays silent on a bad CRC and answers the next frame', async () => {
    const listener = await start();
    const client = await dial(listener);
    const bad = frame(1);
    bad[2] = bad[2] === 0x30 ? 0x31 : 0x30;
    client.send(Buffer.concat([bad, frame(2)]));
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0002');
    expect(await client.nextAnswer(100)).toBeNull();
  });

  it('drops an oversized frame and keeps the connection working', async () => {
    const listener = await start();
    const client = await dial(listener);
    const huge = wrapBody(`"SIA-DCS"0001L0#1234[#1234|NBA01][A${'x'.repeat(3000)}]`);
    client.send(huge);
    client.send(frame(2));
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0002');
    expect(await client.nextAnswer(100)).toBeNull();
    expect(client.isClosed()).toBe(false);
    expect(listener.stats().discardedBytes).toBeGreaterThan(3000);
  });

  it('does not let a slow handler on one connection delay another', async () => {
    const listener = await start();
    const slow = await dial(listener);
    const fast = await dial(listener);
    slowGate = new Promise((r) => {
      release = r;
    });
    slow.send(frame(1, SLOW));
    await wait(20);
    fast.send(frame(2));
    expect(ackOf(await fast.nextAnswer(500))).toBe('ACK 0002');
    expect(await slow.nextAnswer(50)).toBeNull();
    release();
    expect(ackOf(await slow.nextAnswer(1000))).toBe('ACK 0001');
  });

  it('drops and counts the frames over the per-connection rate', async () => {
    const listener = await start({ framesPerConnectionPerSecond: 3 });
    const client = await dial(listener);
    client.send(Buffer.concat([1, 2, 3, 4, 5, 6, 7, 8].map((n) => frame(n))));
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(ackOf(await client.nextAnswer(1000)));
    expect(answers).toEqual(['ACK 0001', 'ACK 0002', 'ACK 0003']);
    expect(await client.nextAnswer(100)).toBeNull();
    expect(listener.stats()).toMatchObject({ frames: 3, dropped: 5 });
    expect(listener.log.entries.some((e) => e.level === 'warn' && e.msg.includes('rate'))).toBe(true);
  });

  it('closes a connection that sends nothing for the idle timeout', async () => {
    const listener = await start({ idleTimeoutMs: 150 });
    const quiet = await dial(listener);
    const started = Date.now();
    await quiet.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await wait(20);
    expect(listener.stats().connections).toBe(0);
  });

  it('keeps a connection that keeps sending past the idle timeout', async () => {
    const listener = await start({ idleTimeoutMs: 200 });
    const client = await dial(listener);
    for (let n = 1; n <= 4; n++) {
      await wait(100);
      client.send(frame(n));
      expect(ackOf(await client.nextAnswer(1000))).toBe(`ACK 000${n}`);
    }
    expect(client.isClosed()).toBe(false);
  });

  it('refuses a connection over the per-address limit, at once', async () => {
    const listener = await start({ maxConnectionsPerAddress: 2 });
    const a = await dial(listener);
    const b = await dial(listener);
    const extra = await dial(listener);
    await Promise.race([extra.closed, wait(500)]);
    expect(extra.isClosed()).toBe(true);
    a.send(frame(1));
    b.send(frame(2));
    expect(ackOf(await a.nextAnswer(1000))).toBe('ACK 0001');
    expect(ackOf(await b.nextAnswer(1000))).toBe('ACK 0002');
    expect(listener.stats()).toMatchObject({ connections: 2, refused: 1 });
    // A freed place is given again.
    await a.close();
    await wait(20);
    const again = await dial(listener);
    again.send(frame(3));
    expect(ackOf(await again.nextAnswer(1000))).toBe('ACK 0003');
  });

  it('refuses connections over the total limit', async () => {
    const listener = await start({ maxConnections: 1 });
    await dial(listener);
    const extra = await dial(listener);
    await Promise.race([extra.closed, wait(500)]);
    expect(extra.isClosed()).toBe(true);
    expect(listener.stats().refused).toBe(1);
  });

  it('stays silent when the handler throws, logs it, and answers the next frame', async () => {
    const listener = await start();
    const client = await dial(listener);
    client.send(Buffer.concat([frame(1, THROWS), frame(2)]));
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0002');
    expect(await client.nextAnswer(100)).toBeNull();
    expect(listener.stats().errors).toBe(1);
    expect(listener.log.entries).toContainEqual({
      level: 'error',
      msg: 'DC-09 receiver: handler failed, no answer sent',
    });
  });

  it('gives up a handler that never settles and goes on with the next frame', async () => {
    const listener = await start({ handlerTimeoutMs: 100 });
    const client = await dial(listener);
    client.send(Buffer.concat([frame(1, HANGS), frame(2)]));
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0002');
    expect(listener.stats().errors).toBe(1);
  });
});

describe('DC-09 listener under bad input', () => {
  it('survives random bytes on TCP and UDP and still answers', async () => {
    // No rate limit here: the mutated frames are many on one connection.
    const listener = await start({ framesPerConnectionPerSecond: 100_000 });
    let seed = 32;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const noise = (length: number) => {
      const bytes = Buffer.alloc(length);
      // Many LF and CR so that the splitter keeps starting and ending candidate frames.
      for (let i = 0; i < length; i++) {
        if (random() < 0.1) bytes[i] = i % 2 ? 0x0d : 0x0a;
        else bytes[i] = Math.floor(random() * 256);
      }
      return bytes;
    };
    const client = await dial(listener);
    for (let i = 0; i < 200; i++) {
      const valid = frame(i + 1);
      // Random bytes, and valid frames with one byte changed.
      valid[Math.floor(random() * valid.length)] = Math.floor(random() * 256);
      client.send(i % 2 ? noise(Math.floor(random() * 300)) : valid);
      if (i % 20 === 0) await dialUdp(listener.udpPort as number, noise(200), 1);
    }
    // Anything still buffered is cut off by the LF of the next frame.
    client.send(frame(9999));
    let last: string | null = null;
    for (;;) {
      const answer = ackOf(await client.nextAnswer(300));
      if (answer === null) break;
      last = answer;
    }
    expect(last).toBe('ACK 9999');
    expect(ackOf(await dialUdp(listener.udpPort as number, frame(5), 1000))).toBe('ACK 0005');
  });

  it('handles a frame whose sender hung up before the answer, without harm', async () => {
    const listener = await start();
    const client = await dial(listener);
    slowGate = new Promise((r) => {
      release = r;
    });
    client.send(frame(1, SLOW));
    await wait(20);
    await client.close();
    release();
    await wait(20);
    expect(listener.stats()).toMatchObject({ connections: 0, frames: 1, answers: 0, errors: 0 });
    const next = await dial(listener);
    next.send(frame(2));
    expect(ackOf(await next.nextAnswer(1000))).toBe('ACK 0002');
  });
});

describe('DC-09 listener over UDP', () => {
  it('answers a datagram to its sender, on the same port as TCP when it is free', async () => {
    const listener = await start();
    expect(listener.udpPort).not.toBeNull();
    const port = listener.udpPort as number;
    expect(ackOf(await dialUdp(port, frame(42), 1000))).toBe('ACK 0042');
    // A datagram is cut like a TCP frame: leading garbage is skipped.
    expect(ackOf(await dialUdp(port, Buffer.concat([Buffer.from('xx'), frame(43)]), 1000))).toBe('ACK 0043');
    const bad = frame(44);
    bad[3] = bad[3] === 0x30 ? 0x31 : 0x30;
    expect(await dialUdp(port, bad, 150)).toBeNull();
    expect(listener.stats()).toMatchObject({ frames: 3, answers: 2 });
  });

  it('stays silent when the handler throws', async () => {
    const listener = await start();
    expect(await dialUdp(listener.udpPort as number, frame(1, THROWS), 150)).toBeNull();
    expect(listener.stats().errors).toBe(1);
  });

  it('drops datagrams over the per-address rate', async () => {
    const listener = await start({ udpDatagramsPerAddressPerSecond: 2 });
    const socket = createSocket('udp4');
    const answers: string[] = [];
    socket.on('message', (m) => answers.push(ackOf(m) ?? ''));
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
    for (let n = 1; n <= 5; n++) socket.send(frame(n), listener.udpPort as number, '127.0.0.1');
    await wait(200);
    await closeUdp(socket);
    expect(answers.sort()).toEqual(['ACK 0001', 'ACK 0002']);
    expect(listener.stats()).toMatchObject({ frames: 2, dropped: 3 });
  });
});

describe('DC-09 listener start and stop', () => {
  it('reports a port already in use as down, in French, without throwing', async () => {
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    try {
      const listener = await start({}, port);
      expect(listener.state()).toEqual({
        state: 'down',
        detail: `Port ${port} déjà utilisé : réception des alarmes arrêtée`,
      });
      expect(listener.tcpPort).toBeNull();
      expect(listener.udpPort).toBeNull();
      expect(listener.log.entries.some((e) => e.level === 'warn' && e.msg.includes('déjà utilisé'))).toBe(
        true,
      );
      await listener.close();
    } finally {
      await closeTcp(taken);
    }
  });

  it('runs TCP only, and says so, when its UDP port is taken', async () => {
    const probe = await bindUdp(0, '127.0.0.1');
    if (!probe.ok) throw probe.error;
    try {
      const fixed = await start({}, probe.port);
      expect(fixed.state().state).toBe('up');
      expect(fixed.udpPort).toBeNull();
      expect(fixed.tcpPort).toBe(probe.port);
      expect(fixed.state().detail).toContain('UDP indisponible (port déjà utilisé)');
    } finally {
      await closeUdp(probe.socket);
    }
  });

  it('closes both sockets and every connection, and frees the port', async () => {
    const listener = await start();
    const tcpPort = listener.tcpPort as number;
    const udpPort = listener.udpPort as number;
    const client = await dial(listener);
    client.send(frame(1));
    expect(ackOf(await client.nextAnswer(1000))).toBe('ACK 0001');
    await listener.close();
    await Promise.race([client.closed, wait(500)]);
    expect(client.isClosed()).toBe(true);
    expect(listener.state()).toEqual({ state: 'down', detail: 'Réception des alarmes arrêtée' });
    const server = createServer();
    expect(await listenTcp(server, tcpPort, '127.0.0.1')).toEqual({ ok: true, port: tcpPort });
    await closeTcp(server);
    const udp = await bindUdp(udpPort, '127.0.0.1');
    expect(udp.ok).toBe(true);
    if (udp.ok) await closeUdp(udp.socket);
    // Closing twice is harmless.
    await listener.close();
  });
});
