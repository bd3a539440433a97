// The bounds of the alarm receiver's sockets, their counters and the small pieces both listeners
// share. Every bound exists so that one panel, one address or one stream of bad bytes can never
// take the receiver (or the memory of the server it runs in) from the other panels.

/** Default bounds (each one can be changed through the listeners' `limits` option). */
export const defaultReceiverLimits = {
  /** Largest frame (DC-09) or line (Sur-Gard) kept: 1 KiB, the splitter's own bound. */
  maxFrameBytes: 1024,
  /** TCP connections open at once on one listener, all addresses together. */
  maxConnections: 2000,
  /**
   * TCP connections open at once from one remote address. Generous because a centre behind NAT,
   * or a 4G operator's gateway, shows many panels under one address; bounded all the same.
   */
  maxConnectionsPerAddress: 50,
  /** Frames accepted per connection in each one-second window; the rest are dropped and counted. */
  framesPerConnectionPerSecond: 50,
  /** Frames waiting for the handler on one connection (it answers in order); beyond, dropped. */
  maxQueuedFramesPerConnection: 100,
  /** A connection that sends no byte for this long is closed (5 minutes). */
  idleTimeoutMs: 5 * 60_000,
  /**
   * Answers a connection has not read yet, in bytes: a client that sends but never reads is
   * closed rather than let its answers pile up in memory.
   */
  maxUnsentAnswerBytes: 64 * 1024,
  /**
   * A handler still running after this long is given up for that frame: no answer (the panel sends
   * it again) and the connection goes on with its next frame.
   */
  handlerTimeoutMs: 30_000,
  /** UDP datagrams accepted per remote address in each one-second window; the rest are dropped. */
  udpDatagramsPerAddressPerSecond: 100,
  /** UDP datagrams being handled at once, all addresses together; beyond, dropped. */
  maxUdpInFlight: 500,
  /** Remote addresses whose UDP rate is tracked; when full (and none stale), datagrams are dropped. */
  maxTrackedUdpAddresses: 10_000,
};

export type ReceiverLimits = typeof defaultReceiverLimits;

export function receiverLimits(overrides: Partial<ReceiverLimits> = {}): ReceiverLimits {
  const limits = { ...defaultReceiverLimits };
  for (const [name, value] of Object.entries(overrides)) {
    // An explicit `undefined` (an unset environment variable passed through) keeps the default.
    if (value !== undefined) limits[name as keyof ReceiverLimits] = value;
  }
  return limits;
}

/** Where a frame or line came from, given to the handler. */
export type ReceiverMeta = { transport: 'tcp' | 'udp'; remoteAddress: string };

/** For system health: `detail` is French, shown to the administrator. */
export type ReceiverState = { state: 'up' | 'down'; detail: string };

/** What both listeners count since they started (`connections` is the number open now). */
export type ReceiverStats = {
  /** TCP connections open now. */
  connections: number;
  /** TCP connections accepted since the start. */
  accepted: number;
  /** TCP connections closed at once because a connection limit was reached. */
  refused: number;
  /** Frames (or lines) handed to the handler. */
  frames: number;
  /** Answers written. */
  answers: number;
  /** Frames (or lines, or datagrams) dropped by a bound: rate, queue, oversized line. */
  dropped: number;
  /** Bytes received (TCP and UDP). */
  bytes: number;
  /** Bytes skipped as garbage or as part of an oversized frame. */
  discardedBytes: number;
  /** Handler failures and timeouts, and socket errors. */
  errors: number;
};

export function emptyStats(): ReceiverStats {
  return {
    connections: 0,
    accepted: 0,
    refused: 0,
    frames: 0,
    answers: 0,
    dropped: 0,
    bytes: 0,
    discardedBytes: 0,
    errors: 0,
  };
}

/** The part of pino's (and Fastify's) logger the listeners use: `app.log` fits. */
export type ReceiverLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export const consoleLog: ReceiverLog = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** Counts events in fixed one-second (by default) windows: `take()` is false once over the limit. */
export class RateWindow {
  private start = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 1000,
  ) {}

  take(now = Date.now()): boolean {
    if (now - this.start >= this.windowMs) {
      this.start = now;
      this.count = 0;
    }
    if (this.count >= this.limit) return false;
    this.count++;
    return true;
  }

  /** True when the current window is over, so the window may be forgotten. */
  stale(now = Date.now()): boolean {
    return now - this.start >= this.windowMs;
  }
}

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) and `192.0.2.1` are one address. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
