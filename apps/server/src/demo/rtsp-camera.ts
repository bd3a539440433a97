// A camera that really streams, for the tests, the benches and the demo: a small RTSP server on
// 127.0.0.1 fed by ffmpeg's test pattern (H.264). ffmpeg cannot serve RTSP to players, only publish
// to a server, so this server takes ffmpeg's publication (ANNOUNCE, SETUP, RECORD, then RTP
// interleaved on the TCP connection) and relays its RTP to every player (DESCRIBE, SETUP, PLAY,
// interleaved TCP only: the way a video gateway reads a camera behind a NAT). One path per camera.
//
// The picture can carry its frame number as a row of 24 black or white squares across its top
// (`burnFrameNumber`): a browser reading them back from the decoded frames measures glass-to-glass
// delay (bench/video.ts) without OCR.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';

export interface TestStreamOptions {
  fps?: number;
  width?: number;
  height?: number;
  /** Frames between two keyframes. */
  gop?: number;
  burnFrameNumber?: boolean;
  /** ffmpeg's path (FFMPEG_PATH). */
  ffmpeg?: string;
}

/** Squares of the burnt frame number, and their size in pixels. */
export const FRAME_BITS = 24;

interface Path {
  sdp: string | null;
  players: Set<Player>;
  publisher: ChildProcess | null;
  /** When the publisher started: frame N is sent at about `startedAt + N / fps` (ffmpeg -re). */
  startedAt: number;
  fps: number;
}

interface Player {
  socket: Socket;
  /** The interleaved RTP channel the player asked for. */
  channel: number;
  playing: boolean;
}

interface Request {
  method: string;
  url: string;
  headers: Map<string, string>;
  body: string;
}

const MAX_HEADER = 16 * 1024;

export class RtspTestCamera {
  private server: Server | null = null;
  private readonly paths = new Map<string, Path>();
  private readonly sockets = new Set<Socket>();
  port = 0;

  /** Listens on 127.0.0.1 (port 0: any free port). */
  async listen(port = 0) {
    const server = createServer((s) => this.accept(s));
    await new Promise<void>((ok, ko) => {
      server.once('error', ko);
      server.listen(port, '127.0.0.1', () => ok());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  url(path: string) {
    return `rtsp://127.0.0.1:${this.port}/${path}`;
  }

  /** Players connected to a path now (a gateway keeps one whatever its viewers). */
  players(path: string) {
    return [...(this.paths.get(path)?.players ?? [])].filter((p) => p.playing).length;
  }

  /** When a path's publisher started and its frame rate (for the glass-to-glass bench). */
  clock(path: string) {
    const p = this.paths.get(path);
    return p ? { startedAt: p.startedAt, fps: p.fps } : null;
  }

  /** Starts ffmpeg's test pattern on `path`; resolves once the stream is announced. */
  async startStream(path: string, opts: TestStreamOptions = {}) {
    const fps = opts.fps ?? 25;
    const width = opts.width ?? 640;
    const height = opts.height ?? 360;
    const filters = [`testsrc2=size=${width}x${height}:rate=${fps}`];
    const vf = opts.burnFrameNumber ? [frameNumberFilter(width)] : [];
    const entry = this.pathOf(path);
    entry.fps = fps;
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      filters.join(','),
      ...(vf.length ? ['-vf', vf.join(',')] : []),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(opts.gop ?? fps),
      '-f',
      'rtsp',
      '-rtsp_transport',
      'tcp',
      this.url(path),
    ];
    const announced = new Promise<void>((ok, ko) => {
      const timer = setTimeout(() => ko(new Error('test camera: ffmpeg did not announce')), 10_000);
      const check = setInterval(() => {
        if (entry.sdp) {
          clearTimeout(timer);
          clearInterval(check);
          ok();
        }
      }, 20);
    });
    entry.startedAt = Date.now();
    const child = spawn(opts.ffmpeg ?? process.env.FFMPEG_PATH ?? 'ffmpeg', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.resume();
    entry.publisher = child;
    child.on('exit', () => {
      if (entry.publisher === child) {
        entry.publisher = null;
        entry.sdp = null;
      }
    });
    await announced;
  }

  /** Stops a path's picture: its players' connections close, as when a camera goes down. */
  stopStream(path: string) {
    const p = this.paths.get(path);
    if (!p) return;
    p.publisher?.kill('SIGKILL');
    p.publisher = null;
    p.sdp = null;
    for (const pl of p.players) pl.socket.destroy();
    p.players.clear();
  }

  async close() {
    for (const path of this.paths.keys()) this.stopStream(path);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
    this.server = null;
  }

  private pathOf(path: string): Path {
    let p = this.paths.get(path);
    if (!p) {
      p = { sdp: null, players: new Set(), publisher: null, startedAt: 0, fps: 25 };
      this.paths.set(path, p);
    }
    return p;
  }

  /**
   * Serves one RTSP connection accepted elsewhere (the demo's per-camera ports); `alias` names the
   * stream every request gets, whatever its path.
   */
  accept(socket: Socket, alias?: string) {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    const session = randomBytes(8).toString('hex');
    let role: { kind: 'publisher'; path: Path } | { kind: 'player'; player: Player; path: Path } | null =
      null;
    const cleanup = () => {
      this.sockets.delete(socket);
      if (role?.kind === 'player') role.path.players.delete(role.player);
    };
    socket.on('close', cleanup);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (buf.length === 0) return;
        if (buf[0] === 0x24) {
          // Interleaved binary frame: $, channel, length (16 bits), payload.
          if (buf.length < 4) return;
          const len = buf.readUInt16BE(2);
          if (buf.length < 4 + len) return;
          const frame = buf.subarray(0, 4 + len);
          buf = buf.subarray(4 + len);
          // A publisher's RTP (even channel) goes to the players; RTCP and players' reports are dropped.
          if (role?.kind === 'publisher' && frame[1] === 0) this.relay(role.path, frame);
          continue;
        }
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > MAX_HEADER) socket.destroy();
          return;
        }
        const head = buf.subarray(0, end).toString('latin1');
        const req = parseHead(head);
        const length = Number(req.headers.get('content-length') ?? '0');
        if (buf.length < end + 4 + length) return;
        req.body = buf.subarray(end + 4, end + 4 + length).toString('utf8');
        buf = buf.subarray(end + 4 + length);
        role = this.answer(socket, req, session, role, alias);
      }
    });
  }

  private answer(
    socket: Socket,
    req: Request,
    session: string,
    role: { kind: 'publisher'; path: Path } | { kind: 'player'; player: Player; path: Path } | null,
    alias?: string,
  ) {
    const cseq = req.headers.get('cseq') ?? '0';
    const reply = (status: string, headers: Record<string, string> = {}, body = '') => {
      const lines = [`RTSP/1.0 ${status}`, `CSeq: ${cseq}`, `Session: ${session};timeout=60`];
      for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    const name = alias ?? pathName(req.url);
    switch (req.method) {
      case 'OPTIONS':
        reply('200 OK', {
          Public: 'OPTIONS, DESCRIBE, ANNOUNCE, SETUP, PLAY, RECORD, TEARDOWN, GET_PARAMETER',
        });
        return role;
      case 'ANNOUNCE': {
        const path = this.pathOf(name);
        path.sdp = req.body;
        reply('200 OK');
        return { kind: 'publisher' as const, path };
      }
      case 'DESCRIBE': {
        const path = this.paths.get(name);
        if (!path?.sdp) {
          reply('404 Not Found');
          return role;
        }
        reply(
          '200 OK',
          { 'Content-Type': 'application/sdp', 'Content-Base': `${req.url.replace(/\/$/, '')}/` },
          path.sdp,
        );
        return role;
      }
      case 'SETUP': {
        const transport = req.headers.get('transport') ?? '';
        const interleaved = /interleaved=(\d+)-(\d+)/.exec(transport);
        if (!/TCP/i.test(transport) || !interleaved) {
          reply('461 Unsupported Transport');
          return role;
        }
        reply('200 OK', { Transport: `RTP/AVP/TCP;unicast;interleaved=${interleaved[1]}-${interleaved[2]}` });
        if (role?.kind === 'publisher') return role;
        const path = this.paths.get(name) ?? this.pathOf(name);
        const player: Player = { socket, channel: Number(interleaved[1]), playing: false };
        return { kind: 'player' as const, player, path };
      }
      case 'RECORD':
        reply('200 OK');
        return role;
      case 'PLAY':
        if (role?.kind !== 'player' || !role.path.sdp) {
          reply('455 Method Not Valid in This State');
          return role;
        }
        role.player.playing = true;
        role.path.players.add(role.player);
        reply('200 OK', { Range: 'npt=0.000-' });
        return role;
      case 'GET_PARAMETER':
      case 'SET_PARAMETER':
        reply('200 OK');
        return role;
      case 'TEARDOWN':
        reply('200 OK');
        socket.end();
        return role;
      default:
        reply('501 Not Implemented');
        return role;
    }
  }

  private relay(path: Path, frame: Buffer) {
    for (const p of path.players) {
      if (!p.playing || p.socket.destroyed) continue;
      // A player too slow to keep up is cut (as a camera would), never buffered without end.
      if (p.socket.writableLength > 4 * 1024 * 1024) {
        p.socket.destroy();
        continue;
      }
      const out = Buffer.from(frame);
      out[1] = p.channel;
      p.socket.write(out);
    }
  }
}

function parseHead(head: string): Request {
  const [first = '', ...rest] = head.split('\r\n');
  const [method = '', url = ''] = first.split(' ');
  const headers = new Map<string, string>();
  for (const line of rest) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { method, url, headers, body: '' };
}

/** The camera's path of a request URL: its first segment (`/cam1/streamid=0` → `cam1`). */
function pathName(url: string) {
  try {
    return new URL(url).pathname.split('/').filter(Boolean)[0] ?? '';
  } catch {
    return '';
  }
}

/**
 * An ffmpeg filter writing the frame number (`n`) as FRAME_BITS squares across the top of the
 * picture, most significant first: white for 1, black for 0, on a band 16 pixels high. Boxes
 * switched per frame (drawbox's `enable`) cost little; a per-pixel expression (geq) took half a core.
 */
export function frameNumberFilter(width: number) {
  const cell = Math.floor(width / FRAME_BITS);
  const band = `drawbox=x=0:y=0:w=${cell * FRAME_BITS}:h=16:color=black:t=fill`;
  const bits = Array.from({ length: FRAME_BITS }, (_, i) => {
    const power = 2 ** (FRAME_BITS - 1 - i);
    return `drawbox=x=${i * cell}:y=0:w=${cell}:h=16:color=white:t=fill:enable='mod(floor(n/${power}),2)'`;
  });
  return [band, ...bits].join(',');
}
