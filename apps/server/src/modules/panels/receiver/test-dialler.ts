// Test support: a panel's side of the receiver's sockets, on 127.0.0.1 only. `dialTcp` reads the
// answers as DC-09 frames (LF…CR, with the protocol's splitter), `dialUdp` sends one datagram and
// waits for one answer, `dialSurgard` reads the single bytes a Sur-Gard input answers (ACK 0x06,
// NAK 0x15). Used by the receiver's own tests and by the integration tests built on them.
import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { Dc09StreamSplitter } from '../protocol/stream';

const HOST = '127.0.0.1';

/** Items that arrive on their own schedule, taken one at a time with a deadline. */
class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: Array<(item: T | null) => void> = [];

  put(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }

  /** The next item, or null when none arrives within timeoutMs. */
  take(timeoutMs: number): Promise<T | null> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift() as T);
    return new Promise((resolve) => {
      const waiter = (item: T | null) => {
        clearTimeout(timer);
        resolve(item);
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

export type TcpDialler = {
  send(bytes: Uint8Array | string): void;
  /** The next answer frame (LF…CR), or null if none comes within timeoutMs. */
  nextAnswer(timeoutMs: number): Promise<Buffer | null>;
  /** Resolves when the connection is closed, by either side. */
  readonly closed: Promise<void>;
  isClosed(): boolean;
  close(): Promise<void>;
};

export type SurgardDialler = {
  send(bytes: Uint8Array | string): void;
  /** The next byte the input answers (0x06, 0x15), or null if none comes within timeoutMs. */
  nextByte(timeoutMs: number): Promise<number | null>;
  readonly closed: Promise<void>;
  isClosed(): boolean;
  close(): Promise<void>;
};

function open(port: number): Promise<{ socket: Socket; closed: Promise<void>; isClosed: () => boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: HOST });
    let isClosed = false;
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done();
      }),
    );
    // A reset by the receiver (a refused connection) shows as `closed`, not as an error.
    socket.on('error', () => {});
    socket.setNoDelay(true);
    socket.once('connect', () => resolve({ socket, closed, isClosed: () => isClosed }));
    socket.once('close', () => reject(new Error(`connection to ${HOST}:${port} closed before it opened`)));
  });
}

const toBuffer = (bytes: Uint8Array | string) =>
  typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);

function closer(socket: Socket, closed: Promise<void>) {
  return async () => {
    socket.destroy();
    await closed;
  };
}

export async function dialTcp(port: number): Promise<TcpDialler> {
  const { socket, closed, isClosed } = await open(port);
  const splitter = new Dc09StreamSplitter();
  const answers = new Inbox<Buffer>();
  socket.on('data', (chunk: Buffer) => {
    for (const frame of splitter.push(chunk)) answers.put(frame);
  });
  return {
    send: (bytes) => {
      socket.write(toBuffer(bytes));
    },
    nextAnswer: (timeoutMs) => answers.take(timeoutMs),
    closed,
    isClosed,
    close: closer(socket, closed),
  };
}

export async function dialSurgard(port: number): Promise<SurgardDialler> {
  const { socket, closed, isClosed } = await open(port);
  const bytes = new Inbox<number>();
  socket.on('data', (chunk: Buffer) => {
    for (const byte of chunk) bytes.put(byte);
  });
  return {
    send: (data) => {
      socket.write(toBuffer(data));
    },
    nextByte: (timeoutMs) => bytes.take(timeoutMs),
    closed,
    isClosed,
    close: closer(socket, closed),
  };
}

/** Sends one datagram and resolves with the first answer, or null after timeoutMs. */
export function dialUdp(port: number, bytes: Uint8Array | string, timeoutMs: number): Promise<Buffer | null> {
  const socket = createSocket('udp4');
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    socket.on('message', (message) => finish(message));
    socket.on('error', () => finish(null));
    socket.send(toBuffer(bytes), port, HOST);
  });
}
