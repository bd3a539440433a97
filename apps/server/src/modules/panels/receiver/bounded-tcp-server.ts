// The TCP side both listeners share: accepts connections within the connection bounds, cuts each
// stream into frames (or lines) with the protocol's splitter, and hands them to the handler one at
// a time per connection, so that the answers go back in the order the frames came. Connections are
// independent: a slow handler on one never delays another. Bounds are described in
// receiver-limits.ts.
import { createServer, type Server, type Socket } from 'node:net';
import type { ThrottledWarn } from './log-throttle';
import {
  normalizeAddress,
  RateWindow,
  type ReceiverLimits,
  type ReceiverLog,
  type ReceiverMeta,
  type ReceiverStats,
} from './receiver-limits';

export type StreamSplitter<T> = { push(chunk: Buffer): T[]; readonly discardedBytes?: number };

export type BoundedTcpOptions<T> = {
  limits: ReceiverLimits;
  stats: ReceiverStats;
  log: ReceiverLog;
  warn: ThrottledWarn;
  label: string;
  createSplitter: () => StreamSplitter<T>;
  /** The answer to write, or null/undefined for none; must not reject (see run-handler.ts). */
  answer: (unit: T, meta: ReceiverMeta) => Promise<Buffer | null | undefined>;
};

export type BoundedTcpServer = {
  server: Server;
  /** Stops taking frames and destroys every open connection (frames still queued are not handled). */
  destroyAll(): void;
};

// Resets and broken pipes are how panels and scanners hang up: counted, not logged.
const ordinaryErrors = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function createBoundedTcpServer<T>(opts: BoundedTcpOptions<T>): BoundedTcpServer {
  const { limits, stats, log, warn, label } = opts;
  const sockets = new Set<Socket>();
  const perAddress = new Map<string, number>();
  let closing = false;

  const release = (address: string) => {
    const count = (perAddress.get(address) ?? 1) - 1;
    if (count <= 0) perAddress.delete(address);
    else perAddress.set(address, count);
  };

  const accept = (socket: Socket) => {
    socket.on('error', (err: NodeJS.ErrnoException) => {
      stats.errors++;
      if (!ordinaryErrors.has(err.code ?? '')) {
        log.warn({ err, remoteAddress: socket.remoteAddress }, `${label} receiver: connection error`);
      }
    });
    const address = normalizeAddress(socket.remoteAddress);
    const fromAddress = perAddress.get(address) ?? 0;
    if (
      closing ||
      address === '' ||
      sockets.size >= limits.maxConnections ||
      fromAddress >= limits.maxConnectionsPerAddress
    ) {
      stats.refused++;
      const reason = sockets.size >= limits.maxConnections ? 'total' : 'per address';
      warn(
        `refused:${reason}`,
        { remoteAddress: address, open: sockets.size, fromAddress },
        `${label} receiver: connection refused, ${reason} connection limit reached`,
      );
      socket.destroy();
      return;
    }
    sockets.add(socket);
    perAddress.set(address, fromAddress + 1);
    stats.connections++;
    stats.accepted++;

    const meta: ReceiverMeta = { transport: 'tcp', remoteAddress: address };
    const splitter = opts.createSplitter();
    const rate = new RateWindow(limits.framesPerConnectionPerSecond);
    let queued = 0;
    // One frame at a time per connection: each frame's handling waits for the previous one's.
    let chain: Promise<void> = Promise.resolve();
    const idle = setTimeout(() => socket.destroy(), limits.idleTimeoutMs);
    idle.unref();

    const handle = async (unit: T) => {
      try {
        // The frame was received: it is handled even if the panel has hung up meanwhile (its
        // resend will then be a duplicate), but not once the listener is closing.
        if (closing) return;
        const reply = await opts.answer(unit, meta);
        if (!reply || socket.destroyed || !socket.writable) return;
        socket.write(reply);
        stats.answers++;
        if (socket.writableLength > limits.maxUnsentAnswerBytes) {
          warn(
            'unread',
            { remoteAddress: address },
            `${label} receiver: client does not read its answers, closed`,
          );
          socket.destroy();
        }
      } catch (err) {
        stats.errors++;
        log.error({ err, remoteAddress: address }, `${label} receiver: answer failed`);
      } finally {
        queued--;
      }
    };

    socket.on('data', (chunk: Buffer) => {
      idle.refresh();
      stats.bytes += chunk.length;
      const before = splitter.discardedBytes ?? 0;
      const units = splitter.push(chunk);
      stats.discardedBytes += (splitter.discardedBytes ?? 0) - before;
      for (const unit of units) {
        if (!rate.take()) {
          stats.dropped++;
          warn(
            'rate',
            { remoteAddress: address },
            `${label} receiver: frames over the per-connection rate dropped`,
          );
          continue;
        }
        if (queued >= limits.maxQueuedFramesPerConnection) {
          stats.dropped++;
          warn('queue', { remoteAddress: address }, `${label} receiver: frame queue full, frames dropped`);
          continue;
        }
        queued++;
        stats.frames++;
        chain = chain.then(() => handle(unit));
      }
    });

    socket.once('close', () => {
      clearTimeout(idle);
      sockets.delete(socket);
      release(address);
      stats.connections--;
    });
  };

  const server = createServer({ noDelay: true, keepAlive: true, keepAliveInitialDelay: 60_000 }, accept);
  return {
    server,
    destroyAll() {
      closing = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
