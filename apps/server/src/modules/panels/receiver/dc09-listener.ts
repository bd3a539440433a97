// The SIA DC-09 receiver's network side: TCP and UDP on one port (ALARM_RECEIVER_PORT). It cuts the
// bytes into frames and writes back whatever `handleFrame` answers; what a frame means (finding the
// panel, storing, raising alarms, ACK/NAK/DUH) is entirely the handler's. It never throws, not even
// when its port cannot be opened: it then reports itself down (system health, « Réception des
// alarmes ») and the rest of the server keeps running.
import type { Socket as UdpSocket } from 'node:dgram';
import { Dc09StreamSplitter } from '../protocol/stream';
import { bindFailureDetail, bindUdp, closeTcp, closeUdp, listenTcp } from './bind-socket';
import { createBoundedTcpServer } from './bounded-tcp-server';
import { throttledWarn } from './log-throttle';
import {
  consoleLog,
  emptyStats,
  normalizeAddress,
  RateWindow,
  type ReceiverLimits,
  type ReceiverLog,
  type ReceiverMeta,
  type ReceiverState,
  type ReceiverStats,
  receiverLimits,
} from './receiver-limits';
import { runHandler } from './run-handler';

/**
 * The frame's answer to write (ACK, NAK, DUH…), or null to stay silent (bad CRC or length). A
 * rejection, a throw or a handler that outlives `limits.handlerTimeoutMs` is logged and answered by
 * silence.
 */
export type Dc09FrameHandler = (bytes: Buffer, meta: ReceiverMeta) => Promise<Buffer | null>;

export type Dc09ListenerOptions = {
  /** TCP and UDP port; 0 picks free ones (tests). */
  port: number;
  /** Default '0.0.0.0'. */
  host?: string;
  handleFrame: Dc09FrameHandler;
  /** Pino-like logger (`app.log`); the console by default. */
  log?: ReceiverLog;
  /** Overrides of `defaultReceiverLimits`. */
  limits?: Partial<ReceiverLimits>;
};

export type Dc09Listener = {
  /** The TCP port bound, null when down. */
  readonly tcpPort: number | null;
  /** The UDP port bound (the TCP one unless `port` was 0 and it was taken), null when none. */
  readonly udpPort: number | null;
  state(): ReceiverState;
  stats(): ReceiverStats;
  /** Closes both sockets and every connection; frames still queued are not handled. */
  close(): Promise<void>;
};

const SERVICE = 'réception des alarmes';
const LABEL = 'DC-09';

const udpReasons: Record<string, string> = {
  EADDRINUSE: 'port déjà utilisé',
  EACCES: 'port non autorisé',
  EPERM: 'port non autorisé',
};

function upDetail(tcpPort: number, udpPort: number | null, udpCode: string): string {
  if (udpPort === tcpPort) return `Réception des alarmes en écoute sur le port ${tcpPort} (TCP et UDP)`;
  if (udpPort !== null) {
    return `Réception des alarmes en écoute sur le port ${tcpPort} (TCP) et ${udpPort} (UDP)`;
  }
  const reason = udpReasons[udpCode] ?? `erreur ${udpCode}`;
  return `Réception des alarmes en écoute sur le port ${tcpPort} en TCP seulement : UDP indisponible (${reason})`;
}

export async function startDc09Listener(opts: Dc09ListenerOptions): Promise<Dc09Listener> {
  const limits = receiverLimits(opts.limits);
  const host = opts.host ?? '0.0.0.0';
  const log = opts.log ?? consoleLog;
  const warn = throttledWarn(log);
  const stats = emptyStats();
  const ctx = { log, stats, timeoutMs: limits.handlerTimeoutMs, label: LABEL };
  const answer = (bytes: Buffer, meta: ReceiverMeta) => runHandler(opts.handleFrame, bytes, meta, ctx);

  const tcp = createBoundedTcpServer<Buffer>({
    limits,
    stats,
    log,
    warn,
    label: LABEL,
    createSplitter: () => new Dc09StreamSplitter({ maxFrameBytes: limits.maxFrameBytes }),
    answer,
  });
  const tcpBind = await listenTcp(tcp.server, opts.port, host);
  if (!tcpBind.ok) {
    const detail = bindFailureDetail(opts.port, host, tcpBind.code, SERVICE);
    log.warn({ err: tcpBind.error, port: opts.port, host }, `${LABEL} receiver not started: ${detail}`);
    return {
      tcpPort: null,
      udpPort: null,
      state: () => ({ state: 'down', detail }),
      stats: () => ({ ...stats }),
      close: async () => {},
    };
  }
  tcp.server.on('error', (err) => {
    stats.errors++;
    log.error({ err }, `${LABEL} receiver: TCP server error`);
  });

  // UDP on the TCP port (the one panels are told); with port 0 that ephemeral port may already be
  // someone's in UDP, and then UDP takes a free port of its own.
  let udpBind = await bindUdp(tcpBind.port, host);
  if (!udpBind.ok && opts.port === 0) udpBind = await bindUdp(0, host);
  let udp: UdpSocket | null = null;
  if (udpBind.ok) {
    udp = udpBind.socket;
  } else {
    log.warn(
      { err: udpBind.error, port: tcpBind.port, host },
      `${LABEL} receiver: UDP port could not be opened, TCP only`,
    );
  }

  let closing = false;
  let state: ReceiverState = {
    state: 'up',
    detail: upDetail(tcpBind.port, udpBind.ok ? udpBind.port : null, udpBind.ok ? '' : udpBind.code),
  };

  if (udp) {
    const socket = udp;
    const rates = new Map<string, RateWindow>();
    let lastPurge = 0;
    let inFlight = 0;

    // Per-address windows, in a map bounded by `maxTrackedUdpAddresses` (UDP source addresses are
    // cheap to forge): stale windows are purged at most once a second when the map is full.
    const allow = (address: string): boolean => {
      const now = Date.now();
      let window = rates.get(address);
      if (!window) {
        if (rates.size >= limits.maxTrackedUdpAddresses && now - lastPurge >= 1000) {
          lastPurge = now;
          for (const [key, w] of rates) if (w.stale(now)) rates.delete(key);
        }
        if (rates.size >= limits.maxTrackedUdpAddresses) return false;
        window = new RateWindow(limits.udpDatagramsPerAddressPerSecond);
        rates.set(address, window);
      }
      return window.take(now);
    };

    socket.on('message', (message, remote) => {
      stats.bytes += message.length;
      if (closing) return;
      const address = normalizeAddress(remote.address);
      if (!allow(address) || inFlight >= limits.maxUdpInFlight) {
        stats.dropped++;
        warn('udp', { remoteAddress: address }, `${LABEL} receiver: UDP datagrams over the limits dropped`);
        return;
      }
      // One datagram is one frame, cut out by the same rules as on TCP (LF…CR, size bound).
      const splitter = new Dc09StreamSplitter({ maxFrameBytes: limits.maxFrameBytes });
      const [frame, ...extra] = splitter.push(message);
      stats.discardedBytes += splitter.discardedBytes + splitter.pending;
      stats.dropped += extra.length;
      if (!frame) return;
      inFlight++;
      stats.frames++;
      void answer(frame, { transport: 'udp', remoteAddress: address })
        .then((reply) => {
          if (!reply || closing) return;
          try {
            socket.send(reply, remote.port, remote.address, (err) => {
              if (err) stats.errors++;
              else stats.answers++;
            });
          } catch (err) {
            // A socket closed meanwhile throws synchronously; an unhandled rejection would stop the server.
            stats.errors++;
            log.error({ err }, `${LABEL} receiver: UDP answer failed`);
          }
        })
        .finally(() => {
          inFlight--;
        });
    });
    socket.on('error', (err) => {
      stats.errors++;
      log.error({ err }, `${LABEL} receiver: UDP socket error`);
    });
  }

  log.info(
    { host, tcpPort: tcpBind.port, udpPort: udpBind.ok ? udpBind.port : null },
    `${LABEL} receiver listening`,
  );

  let closed: Promise<void> | undefined;
  return {
    tcpPort: tcpBind.port,
    udpPort: udpBind.ok ? udpBind.port : null,
    state: () => ({ ...state }),
    stats: () => ({ ...stats }),
    close() {
      closed ??= (async () => {
        closing = true;
        state = { state: 'down', detail: 'Réception des alarmes arrêtée' };
        tcp.destroyAll();
        await Promise.all([closeTcp(tcp.server), udp ? closeUdp(udp) : undefined]);
      })();
      return closed;
    },
  };
}
