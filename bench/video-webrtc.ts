// Issue 33, way (B): live camera video over WebRTC, a prototype NOT wired into the server, measured
// the way bench/video.ts measures way (A) (fragmented MP4 over a WebSocket into Media Source
// Extensions), on the same test camera (640x360, 25 fps, GOP 25, frame number burnt in).
//
//   npx tsx bench/video-webrtc.ts [--path webrtc|mse|both] [--seconds 30] [--settle 2] [--warm false]
//                                 [--dump-extra true]
//
// - The camera (RtspTestCamera: ffmpeg's test pattern, libx264 ultrafast/zerolatency, Constrained
//   Baseline level 3.0) runs in a child process of this script, so that the CPU of this process is
//   the gateway's alone.
// - webrtc (B): a second ffmpeg reads the camera (RTSP over TCP, the server's input options) and
//   sends its H.264 as RTP (`-c:v copy`, plus `dump_extra` so that SPS and PPS travel in band before
//   each keyframe: the camera gives them only in its SDP) to a UDP socket on 127.0.0.1; each packet
//   is written to a werift MediaStreamTrack, which every RTCPeerConnection sends (werift rewrites
//   SSRC, payload type and sequence numbers). Signalling: the page POSTs its offer to /offer and gets
//   the answer back (non-trickle ICE, host candidates on 127.0.0.1 only, no STUN/TURN server).
// - mse (A, for comparison): the server's own CameraUpstream and ffmpegArgs (unchanged: ffmpeg to
//   fragmented MP4, one fragment per frame) relayed over a plain WebSocket (no ticket, no session),
//   played by a copy of the web app's LivePlayer logic (MSE, 0.8 s live-edge chase). bench/video.ts,
//   through the real server, is the reference for (A); this is a cross-check.
// - both: the two at once on the same camera, one tab each, so that they see the same frames under
//   the same load (the CPU of this process is then the two relays together).
// - `--warm true` starts the gateways' ffmpeg before the page (a later viewer); by default it starts
//   with the first viewer, as the server's upstream does.
//
// In headless Chromium (/usr/bin/chromium, playwright-core) the page reads the frame number burnt
// into each presented frame (requestVideoFrameCallback + canvas): glass-to-glass = (timeOrigin +
// the callback's `now`) − (startedAt + N / fps), both on this machine's clock. Reported over
// `--seconds`, starting `--settle` seconds after every path shows its first frame: p50/p95/max,
// frames missing (gaps in N), the delay split at the gateway (when ffmpeg's output for that frame
// reached this process), the time to first frame, and the CPU of this process (the gateway), of the
// gateway's ffmpeg, of the camera and of Chromium, with the load average.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { WebSocketServer } from 'ws';
import { FRAME_BITS, RtspTestCamera } from '../apps/server/src/demo/rtsp-camera';
import { decodeTime, timescaleOf } from '../apps/server/src/modules/cameras/video/fmp4';
import { CameraUpstream } from '../apps/server/src/modules/cameras/video/upstream';
import { cmdline, descendants, type Proc, processTable } from './proc';

const CAMERA = { fps: 25, width: 640, height: 360, gop: 25 };
const CAMERA_ROLE = 'VIDEO_WEBRTC_CAMERA';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
/** Whatever happens, the run ends by then (the machine is shared). */
const HARD_STOP_MS = 58_000;
/**
 * What werift offers and answers for H.264: packetization-mode 1 (FU-A, as ffmpeg's RTP muxer
 * sends), Constrained Baseline. The camera's stream is 42c01e (level 3.0); Chromium's 42e01f
 * (level 3.1) covers it. werift matches codecs by MIME type only, so the page restricts its offer to
 * this one entry (setCodecPreferences).
 */
const H264_FMTP = 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f';

const now = () => performance.timeOrigin + performance.now();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

// ---------------------------------------------------------------------------------------------

interface Opts {
  path: 'webrtc' | 'mse' | 'both';
  seconds: number;
  settle: number;
  warm: boolean;
  /** `--dump-extra false` sends the camera's H.264 without SPS/PPS in band (shows why they are needed). */
  dumpExtra: boolean;
}

function parseFlags(): Opts {
  const out: Record<string, string> = {
    path: 'webrtc',
    seconds: '30',
    settle: '2',
    warm: 'false',
    'dump-extra': 'true',
  };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
    out[k] = v ?? argv[++i] ?? '';
  }
  if (out.path !== 'webrtc' && out.path !== 'mse' && out.path !== 'both')
    throw new Error('--path webrtc|mse|both');
  const seconds = Number(out.seconds);
  if (!(seconds > 0 && seconds <= 40)) throw new Error('--seconds 1..40 (a run stays under a minute)');
  const settle = Number(out.settle);
  if (!(settle >= 0 && seconds + settle <= 42)) throw new Error('--settle 0..(42 - seconds)');
  return {
    path: out.path,
    seconds,
    settle,
    warm: out.warm === 'true',
    dumpExtra: out['dump-extra'] !== 'false',
  };
}

interface Camera {
  child: ChildProcess;
  url: string;
  startedAt: number;
  fps: number;
}

/** When each frame reached the camera's wire, by N (asked from the camera's process). */
function cameraWire(camera: Camera) {
  return new Promise<Map<number, number>>((ok) => {
    const timer = setTimeout(() => ok(new Map()), 5000);
    camera.child.once('message', (m) => {
      clearTimeout(timer);
      ok(new Map(m as [number, number][]));
    });
    camera.child.send('wire');
  });
}

async function startCamera(): Promise<Camera> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: process.execArgv,
    env: { ...process.env, [CAMERA_ROLE]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const msg = await new Promise<{ url: string; startedAt: number; fps: number }>((ok, ko) => {
    const timer = setTimeout(() => ko(new Error('camera did not start')), 15_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      ok(m as { url: string; startedAt: number; fps: number });
    });
    child.once('exit', (code) => ko(new Error(`camera exited (${code})`)));
  });
  return { child, ...msg };
}

// ---------------------------------------------------------------------------------------------
// Way (B): ffmpeg → RTP on 127.0.0.1 → werift track → each peer.

class RtpGateway {
  readonly track = new MediaStreamTrack({ kind: 'video' });
  ffmpeg: ChildProcess | null = null;
  /** When the last packet of each frame (marker bit) came from ffmpeg, by RTP timestamp. */
  readonly frameArrival = new Map<number, number>();
  firstPacketAt = 0;
  packets = 0;
  private stderr = '';
  private readonly socket = createSocket('udp4');

  constructor(
    private readonly url: string,
    private readonly dumpExtra: boolean,
  ) {}

  async start() {
    if (this.ffmpeg) return;
    await new Promise<void>((ok) => this.socket.bind(0, '127.0.0.1', () => ok()));
    const port = this.socket.address().port;
    this.socket.on('message', (b) => this.packet(b));
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      // The server's input options (upstream.ts ffmpegArgs), for the same start and buffering.
      '-fflags',
      'nobuffer',
      '-probesize',
      '500000',
      '-analyzeduration',
      '500000',
      '-rtsp_transport',
      'tcp',
      '-timeout',
      '5000000',
      '-i',
      this.url,
      '-map',
      '0:v:0',
      '-an',
      '-c:v',
      'copy',
      // SPS and PPS (from the camera's SDP) in band before each keyframe: the browser has no other way
      // to get them (werift's answer echoes the browser's codec lines, without sprop-parameter-sets).
      ...(this.dumpExtra ? ['-bsf:v', 'dump_extra=freq=keyframe'] : []),
      '-f',
      'rtp',
      '-payload_type',
      '96',
      // RTCP to the same socket (filtered out below); packets small enough for a real network's MTU.
      `rtp://127.0.0.1:${port}?rtcpport=${port}&pkt_size=1200`,
    ];
    const child = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d: Buffer) => {
      if (this.stderr.length < 2000) this.stderr += d.toString('utf8');
    });
    child.on('exit', (code, signal) => {
      if (this.ffmpeg === child && signal !== 'SIGKILL')
        console.error(`gateway ffmpeg exited ${code}: ${this.stderr}`);
    });
    this.ffmpeg = child;
  }

  private packet(b: Buffer) {
    // RTCP sender reports from ffmpeg (payload types 200-206 where RTP's marker+type would be).
    if (b.length < 12 || ((b[1] ?? 0) >= 200 && (b[1] ?? 0) <= 206)) return;
    const at = now();
    if (this.packets === 0) this.firstPacketAt = at;
    this.packets += 1;
    if ((b[1] ?? 0) & 0x80) this.frameArrival.set(b.readUInt32BE(4), at);
    this.track.writeRtp(b);
  }

  stop() {
    this.ffmpeg?.kill('SIGKILL');
    this.socket.close();
  }
}

/** Keeps only the ICE candidates on 127.0.0.1 (nothing may leave loopback). */
const loopbackOnly = (sdp: string) =>
  sdp
    .split('\r\n')
    .filter((l) => !l.startsWith('a=candidate') || / 127\.0\.0\.1 /.test(l))
    .join('\r\n');

interface PeerLog {
  offerAt: number;
  remoteSetAt: number;
  answerCreatedAt: number;
  answerAt: number;
  iceConnectedAt: number;
  connectedAt: number;
  codec: string;
  plis: number;
  nacks: number;
  answerCandidates: string[];
  iceServers: number;
}

async function answerOffer(gateway: RtpGateway, offerSdp: string, peers: RTCPeerConnection[], log: PeerLog) {
  log.offerAt = now();
  const pc = new RTCPeerConnection({
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/H264',
          clockRate: 90000,
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
          parameters: H264_FMTP,
        }),
      ],
    },
    iceServers: [],
    // Host candidates on 127.0.0.1 only: no interface address gathered, loopback added by hand.
    iceUseIpv4: false,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceFilterCandidatePair: (pair) =>
      pair.protocol.localCandidate?.host === '127.0.0.1' && pair.remoteCandidate.host === '127.0.0.1',
  });
  peers.push(pc);
  log.iceServers = pc.config.iceServers.length;
  pc.iceConnectionStateChange.subscribe((s) => {
    if (s === 'connected' && !log.iceConnectedAt) log.iceConnectedAt = now();
  });
  pc.connectionStateChange.subscribe((s) => {
    if (s === 'connected' && !log.connectedAt) log.connectedAt = now();
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: loopbackOnly(offerSdp) });
  log.remoteSetAt = now();
  const sender = pc.addTrack(gateway.track);
  sender.onPictureLossIndication.subscribe(() => {
    log.plis += 1;
  });
  sender.onGenericNack.subscribe(() => {
    log.nacks += 1;
  });
  const created = await pc.createAnswer();
  log.answerCreatedAt = now();
  await pc.setLocalDescription(created);
  if (pc.iceGatheringState !== 'complete')
    await pc.iceGatheringStateChange.watch((s) => s === 'complete', 5000);
  const codec = sender.codec;
  log.codec = codec ? `${codec.mimeType}/${codec.payloadType} ${codec.parameters ?? ''}` : '(none)';
  const answer = pc.localDescription?.sdp ?? '';
  log.answerCandidates = answer.split('\r\n').filter((l) => l.startsWith('a=candidate'));
  log.answerAt = now();
  return loopbackOnly(answer);
}

// ---------------------------------------------------------------------------------------------
// The page.

const page = (mode: 'webrtc' | 'mse', startedAt: number) => `<!doctype html>
<html><head><meta charset="utf-8"><title>video-webrtc</title></head>
<body style="margin:0;background:#000">
<video id="v" muted autoplay playsinline width="${CAMERA.width}" height="${CAMERA.height}"></video>
<script>
(() => {
  const cfg = ${JSON.stringify({ mode, startedAt, ...CAMERA, bits: FRAME_BITS })};
  const b = { samples: [], marks: {}, errors: [], localCandidates: [], undecodable: 0 };
  window.__bench = b;
  const mark = (k) => { if (b.marks[k] === undefined) b.marks[k] = performance.now(); };
  const video = document.getElementById('v');
  const cell = Math.floor(cfg.width / cfg.bits);
  const canvas = document.createElement('canvas');
  canvas.width = cfg.width;
  canvas.height = 17;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const onFrame = (t, md) => {
    // The band of squares, and under it one line from the middle of the picture.
    ctx.drawImage(video, 0, 0, cfg.width, 16, 0, 0, cfg.width, 16);
    ctx.drawImage(video, 0, cfg.height >> 1, cfg.width, 1, 0, 16, cfg.width, 1);
    const d = ctx.getImageData(0, 0, cfg.width, 17).data;
    let n = 0;
    let unsure = 0;
    for (let i = 0; i < cfg.bits; i++) {
      let s = 0;
      for (const dx of [-4, 0, 4]) s += d[(8 * cfg.width + i * cell + (cell >> 1) + dx) * 4 + 1];
      s /= 3;
      if (s > 64 && s < 192) unsure++;
      n = n * 2 + (s > 128 ? 1 : 0);
    }
    let lo = 255;
    let hi = 0;
    for (let x = 0; x < cfg.width; x += 4) {
      const g = d[(16 * cfg.width + x) * 4 + 1];
      lo = Math.min(lo, g);
      hi = Math.max(hi, g);
    }
    const at = performance.timeOrigin + t;
    // A blank picture (before the first decoded frame), grey squares or a number far from the camera's
    // clock are a misread, not a frame.
    if (hi - lo < 16 || unsure > 0 || Math.abs(n - ((at - cfg.startedAt) / 1000) * cfg.fps) > cfg.fps * 20)
      b.undecodable++;
    else {
      mark('firstFrame');
      b.samples.push([n, at, md.rtpTimestamp ?? -1, md.receiveTime ?? -1, md.presentedFrames,
        performance.timeOrigin + md.expectedDisplayTime, md.mediaTime]);
    }
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);

  async function webrtc() {
    const pc = new RTCPeerConnection({ iceServers: [] });
    window.__pc = pc;
    const tr = pc.addTransceiver('video', { direction: 'recvonly' });
    const caps = RTCRtpReceiver.getCapabilities('video').codecs;
    const h264 = caps.filter((c) => c.mimeType === 'video/H264' && /packetization-mode=1/.test(c.sdpFmtpLine || '')
      && /profile-level-id=42e01f/i.test(c.sdpFmtpLine || ''));
    if (h264.length === 0) throw new Error('no H.264 42e01f packetization-mode=1 in ' +
      caps.map((c) => c.mimeType + ' ' + (c.sdpFmtpLine || '')).join(' | '));
    tr.setCodecPreferences(h264);
    pc.ontrack = (e) => { mark('track'); video.srcObject = new MediaStream([e.track]); };
    pc.oniceconnectionstatechange = () => mark('ice-' + pc.iceConnectionState);
    pc.onconnectionstatechange = () => mark('pc-' + pc.connectionState);
    await pc.setLocalDescription();
    if (pc.iceGatheringState !== 'complete') {
      await new Promise((ok) => {
        const timer = setTimeout(ok, 3000);
        pc.addEventListener('icegatheringstatechange', () => {
          if (pc.iceGatheringState === 'complete') { clearTimeout(timer); ok(); }
        });
      });
    }
    const sdp = pc.localDescription.sdp;
    b.localCandidates = sdp.split('\\r\\n').filter((l) => l.startsWith('a=candidate'));
    const offer = sdp.split('\\r\\n').filter((l) => !l.startsWith('a=candidate') || / 127\\.0\\.0\\.1 /.test(l)).join('\\r\\n');
    mark('offer');
    const r = await fetch('/offer', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sdp: offer }) });
    if (!r.ok) throw new Error('POST /offer: ' + r.status + ' ' + (await r.text()));
    const answer = (await r.json()).sdp;
    mark('setRemoteDescription');
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    window.__stats = async () => {
      const out = [];
      (await pc.getStats()).forEach((s) => out.push(s));
      return out;
    };
  }

  // Way (A), as apps/web/src/components/video/live-player.ts plays it (no ticket here).
  function mse() {
    const MAX_LATENCY_S = 0.8;
    const KEEP_BEHIND_S = 10;
    let buffer = null;
    let queue = [];
    const ws = new WebSocket('ws://' + location.host + '/mse');
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => mark('socketOpen');
    ws.onmessage = (e) => {
      if (typeof e.data === 'string') {
        const m = JSON.parse(e.data);
        if (m.type === 'init') { mark('init'); openSource(m.codec); }
        return;
      }
      queue.push(e.data);
      if (queue.length > 500) queue = queue.slice(-1);
      flush();
    };
    function openSource(codec) {
      const source = new MediaSource();
      video.src = URL.createObjectURL(source);
      source.addEventListener('sourceopen', () => {
        buffer = source.addSourceBuffer('video/mp4; codecs="' + codec + '"');
        buffer.mode = 'segments';
        buffer.addEventListener('updateend', afterAppend);
        flush();
      }, { once: true });
    }
    function flush() {
      if (!buffer || buffer.updating || queue.length === 0) return;
      try { buffer.appendBuffer(queue.shift()); } catch (err) { b.errors.push('append: ' + err); }
    }
    function afterAppend() {
      const ranges = buffer.buffered;
      if (ranges.length > 0) {
        const end = ranges.end(ranges.length - 1);
        const start = ranges.start(0);
        if (video.currentTime < start || end - video.currentTime > MAX_LATENCY_S) {
          video.currentTime = Math.max(start, end - 0.1);
          b.jumps = (b.jumps || 0) + 1;
        }
        if (video.paused) video.play().catch(() => undefined);
        if (!buffer.updating && video.currentTime - start > KEEP_BEHIND_S * 2) {
          try { buffer.remove(start, video.currentTime - KEEP_BEHIND_S); return; } catch {}
        }
      }
      flush();
    }
  }

  (cfg.mode === 'webrtc' ? webrtc() : Promise.resolve(mse())).catch((err) => b.errors.push(String(err)));
})();
</script></body></html>`;

// ---------------------------------------------------------------------------------------------
// CPU from /proc: this process, its ffmpeg, the camera's process tree, Chromium's.

/** CPU milliseconds so far of each group, per pid (processes born or gone meanwhile are skipped). */
function cpuSnapshot(camera: number) {
  const all = processTable();
  const mine = descendants(all, process.pid);
  const cameraTree = new Set([camera, ...descendants(all, camera)]);
  const cpuMsOf = (p: Proc) => p.cpu * 1000;
  const groups: Record<string, Map<number, number>> = {
    gateway: new Map([[process.pid, (all.get(process.pid)?.cpu ?? 0) * 1000]]),
    'ffmpeg RTP': new Map(),
    'ffmpeg fMP4': new Map(),
    camera: new Map(),
    chromium: new Map(),
  };
  for (const pid of mine) {
    const p = all.get(pid);
    if (!p) continue;
    const group = cameraTree.has(pid)
      ? 'camera'
      : p.comm === 'ffmpeg' && p.ppid === process.pid
        ? cmdline(pid).includes('rtp://')
          ? 'ffmpeg RTP'
          : 'ffmpeg fMP4'
        : 'chromium';
    groups[group]?.set(pid, cpuMsOf(p));
  }
  return groups;
}

function cpuShares(a: ReturnType<typeof cpuSnapshot>, b: ReturnType<typeof cpuSnapshot>, wallMs: number) {
  const out: string[] = [];
  for (const [group, end] of Object.entries(b)) {
    if (end.size === 0) continue;
    let ms = 0;
    for (const [pid, cpu] of end) ms += cpu - (a[group]?.get(pid) ?? cpu);
    out.push(`${group} ${((ms / wallMs) * 100).toFixed(1)} %`);
  }
  return out.join(', ');
}

// ---------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');

type Sample = [
  n: number,
  at: number,
  rtp: number,
  receiveAt: number,
  presented: number,
  expected: number,
  mediaTime: number,
];

interface PageResult {
  samples: Sample[];
  marks: Record<string, number>;
  errors: string[];
  localCandidates: string[];
  undecodable: number;
  jumps?: number;
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Way (A)'s relay: the server's CameraUpstream, relayed as live-socket.ts does (no ticket). */
class MseGateway {
  readonly upstream: CameraUpstream;
  /** When each fragment came out of ffmpeg, by its decode time in milliseconds. */
  readonly fragmentArrival = new Map<number, number>();
  firstFragmentAt = 0;
  private timescale = 0;

  constructor(url: string) {
    this.upstream = new CameraUpstream(async () => ({ url, transcode: false }), {
      ffmpegPath: FFMPEG,
      lingerMs: 0,
      onClosed: () => {},
      log: (m, e) => console.error(m, e ?? ''),
    });
  }

  serve(http: ReturnType<typeof createServer>) {
    const wss = new WebSocketServer({ server: http, path: '/mse' });
    wss.on('connection', (socket) => {
      let waitKeyframe = false;
      const leave = this.upstream.add({
        init: (init) => {
          this.timescale = timescaleOf(init.bytes);
          socket.send(JSON.stringify({ type: 'init', codec: init.codec }));
          socket.send(init.bytes, { binary: true });
        },
        fragment: (f) => {
          const at = now();
          if (!this.firstFragmentAt) this.firstFragmentAt = at;
          const dt = decodeTime(f.bytes) ?? -1;
          if (this.timescale && dt >= 0)
            this.fragmentArrival.set(Math.round((dt * 1000) / this.timescale), at);
          if (socket.bufferedAmount > 8 * 1024 * 1024) waitKeyframe = true;
          if (waitKeyframe && !f.keyframe) return;
          waitKeyframe = false;
          socket.send(f.bytes, { binary: true });
        },
        interrupted: () => socket.close(4000, 'interrompu'),
      });
      socket.on('close', leave);
    });
    return wss;
  }
}

type Path = 'webrtc' | 'mse';

async function main() {
  const opts = parseFlags();
  const paths: Path[] = opts.path === 'both' ? ['webrtc', 'mse'] : [opts.path];
  const cleanups: (() => unknown)[] = [];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) {
      try {
        await c();
      } catch {
        // best effort
      }
    }
  };
  const hardStop = setTimeout(() => {
    console.error(`hard stop after ${HARD_STOP_MS / 1000} s`);
    void cleanup().finally(() => process.exit(2));
  }, HARD_STOP_MS);
  console.log(
    `video-webrtc --path ${opts.path} --seconds ${opts.seconds} --settle ${opts.settle} --warm ${opts.warm}; ` +
      `load ${load()}`,
  );

  const camera = await startCamera();
  cleanups.push(() => {
    camera.child.disconnect();
    setTimeout(() => camera.child.kill('SIGKILL'), 2000).unref();
  });

  const rtp = paths.includes('webrtc') ? new RtpGateway(camera.url, opts.dumpExtra) : null;
  const mse = paths.includes('mse') ? new MseGateway(camera.url) : null;
  if (rtp) cleanups.push(() => rtp.stop());
  if (mse) cleanups.push(() => mse.upstream.stop());
  const peers: RTCPeerConnection[] = [];
  cleanups.push(() => {
    for (const pc of peers) void pc.close();
  });
  const peerLog: PeerLog = {
    offerAt: 0,
    remoteSetAt: 0,
    answerCreatedAt: 0,
    answerAt: 0,
    iceConnectedAt: 0,
    connectedAt: 0,
    codec: '',
    plis: 0,
    nacks: 0,
    answerCandidates: [],
    iceServers: -1,
  };

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.searchParams.get('path');
    if (req.method === 'GET' && url.pathname === '/' && (path === 'webrtc' || path === 'mse')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page(path, camera.startedAt));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/offer' && rtp) {
      void (async () => {
        try {
          const { sdp } = JSON.parse(await readBody(req)) as { sdp: string };
          await rtp.start();
          const answer = await answerOffer(rtp, sdp, peers, peerLog);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ sdp: answer }));
        } catch (err) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        }
      })();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', () => ok()));
  cleanups.push(
    () =>
      new Promise<void>((ok) => {
        http.closeAllConnections();
        http.close(() => ok());
      }),
  );
  const port = (http.address() as { port: number }).port;
  if (mse) {
    const wss = mse.serve(http);
    cleanups.push(() => wss.close());
  }

  if (opts.warm) {
    if (rtp) await rtp.start();
    if (mse) cleanups.push(mse.upstream.hold());
    await new Promise((r) => setTimeout(r, 1500));
  }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Host candidates on loopback (Chromium leaves loopback out by default), without mDNS names
      // (which would be announced by multicast on the real interface).
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
  cleanups.push(() => browser.close());
  try {
    const tabs: { path: Path; tab: Page }[] = [];
    for (const path of paths) {
      const tab = await browser.newPage({ viewport: { width: 800, height: 450 } });
      tab.on('pageerror', (e) => console.error(`${path} page error:`, e.message));
      await tab.goto(`http://127.0.0.1:${port}/?path=${path}`);
      tabs.push({ path, tab });
    }
    for (const { tab } of tabs) {
      await tab
        .waitForFunction(
          () => {
            const b = (window as unknown as { __bench?: PageResult }).__bench;
            return b && (b.samples.length > 0 || b.errors.length > 0);
          },
          null,
          { timeout: 15_000, polling: 20 },
        )
        .catch(() => console.log('no frame within 15 s'));
    }
    // The window starts once every path plays and the start-up has settled (the first frames are
    // reported apart).
    await new Promise((r) => setTimeout(r, opts.settle * 1000));
    const cpu0 = cpuSnapshot(camera.child.pid ?? 0);
    const w0 = now();
    await new Promise((r) => setTimeout(r, opts.seconds * 1000));
    const cpu1 = cpuSnapshot(camera.child.pid ?? 0);
    const w1 = now();
    const loadEnd = load();
    const wire = await cameraWire(camera);
    for (const { path, tab } of tabs) {
      const result = (await tab.evaluate('window.__bench')) as PageResult;
      const timeOrigin = (await tab.evaluate('performance.timeOrigin')) as number;
      const common = { camera, wire, result, timeOrigin, start: w0, end: w1 };
      if (path === 'webrtc' && rtp) {
        const stats = (await tab.evaluate('window.__stats ? window.__stats() : []')) as StatsEntry[];
        reportWebrtc({ ...common, stats, gateway: rtp, peerLog });
      } else if (mse) reportMse({ ...common, gateway: mse });
    }
    console.log(
      `CPU over the ${((w1 - w0) / 1000).toFixed(0)} s window (% of one core): ${cpuShares(cpu0, cpu1, w1 - w0)}`,
    );
    // The camera's clock is Date.now() (in its process), the page's performance.timeOrigin + now, the
    // gateway's performance.timeOrigin + now in this process: how far they agree.
    const before = Date.now();
    const inPage = (await (tabs[0] as { tab: Page }).tab.evaluate(
      'performance.timeOrigin + performance.now()',
    )) as number;
    const after = Date.now();
    console.log(
      `load at the end ${loadEnd}; clocks: page − Date.now() ${(inPage - (before + after) / 2).toFixed(1)} ms ` +
        `(± ${((after - before) / 2).toFixed(1)}), this process's timeOrigin + now − Date.now() ` +
        `${(now() - Date.now()).toFixed(1)} ms`,
    );
  } finally {
    clearTimeout(hardStop);
    await cleanup();
  }
}

type StatsEntry = Record<string, unknown> & { type: string; id: string };

interface Common {
  camera: Camera;
  wire: Map<number, number>;
  result: PageResult;
  timeOrigin: number;
  start: number;
  end: number;
}

const med = (v: number[]) =>
  ms(
    percentile(
      [...v].sort((a, b) => a - b),
      50,
    ),
  );
const p95 = (v: number[]) =>
  ms(
    percentile(
      [...v].sort((a, b) => a - b),
      95,
    ),
  );

/** The figures both ways share; answers the samples of the window. */
function reportFrames(title: string, { camera, wire, result, start, end }: Common): Sample[] {
  const frameAt = (n: number) => camera.startedAt + (n * 1000) / camera.fps;
  console.log(`${title}`);
  if (result.errors.length) console.log(`  page errors: ${result.errors.join(' / ')}`);
  const inWindow = result.samples.filter((s) => s[1] >= start && s[1] <= end);
  if (inWindow.length === 0) {
    console.log('  no frame presented');
    return [];
  }
  const first = inWindow[0] as Sample;
  const last = inWindow.at(-1) as Sample;
  const g2g = inWindow.map((s) => s[1] - frameAt(s[0])).sort((a, b) => a - b);
  const g2gExpected = inWindow.map((s) => s[5] - frameAt(s[0])).sort((a, b) => a - b);
  let gaps = 0;
  let backwards = 0;
  for (let i = 1; i < inWindow.length; i++) {
    const d = (inWindow[i] as Sample)[0] - (inWindow[i - 1] as Sample)[0];
    if (d > 1) gaps += d - 1;
    if (d <= 0) backwards += 1;
  }
  const span = last[0] - first[0] + 1;
  // Frames presented without a callback (the page's thread busy) are not frames dropped.
  const uncalled = last[4] - first[4] + 1 - inWindow.length;
  console.log(
    `  frames: ${inWindow.length} over ${((end - first[1]) / 1000).toFixed(1)} s (N ${first[0]}..${last[0]}); ` +
      `missing ${gaps} of ${span} (gaps in N), of which ${Math.max(0, gaps - uncalled)} never presented and ` +
      `${uncalled} presented without a callback; out of order ${backwards}, misread ${result.undecodable}`,
  );
  console.log(
    `  glass-to-glass: p50 ${ms(percentile(g2g, 50))}, p95 ${ms(percentile(g2g, 95))}, ` +
      `max ${ms(g2g.at(-1) ?? Number.NaN)}, min ${ms(g2g[0] ?? Number.NaN)} (callback now; with ` +
      `expectedDisplayTime p50 ${ms(percentile(g2gExpected, 50))}, p95 ${ms(percentile(g2gExpected, 95))}); ` +
      `first frames of the run ${result.samples
        .slice(0, 4)
        .map((s) => ms(s[1] - frameAt(s[0])))
        .join(', ')}`,
  );
  const fromWire = inWindow.flatMap((s) => {
    const w = wire.get(s[0]);
    return w === undefined ? [] : [s[1] - w];
  });
  const onWire = inWindow.flatMap((s) => {
    const w = wire.get(s[0]);
    return w === undefined ? [] : [w - frameAt(s[0])];
  });
  fromWire.sort((a, b) => a - b);
  console.log(
    `  from the camera's wire (${fromWire.length} frames): p50 ${ms(percentile(fromWire, 50))}, p95 ` +
      `${ms(percentile(fromWire, 95))}, max ${ms(fromWire.at(-1) ?? Number.NaN)}; the test camera itself ` +
      `(startedAt + N / fps → its wire) p50 ${med(onWire)}, p95 ${p95(onWire)}`,
  );
  return inWindow;
}

function reportWebrtc(r: Common & { stats: StatsEntry[]; gateway: RtpGateway; peerLog: PeerLog }) {
  const { result, timeOrigin, peerLog, gateway } = r;
  const samples = reportFrames('(B) WebRTC (werift 0.24.4, ffmpeg RTP copy)', r);
  const mk = result.marks;
  const at = (k: string) => ms(mk[k] ?? Number.NaN);
  const rel = (t: number) => (t ? ms(t - timeOrigin) : 'never');
  const firstFrame = mk.firstFrame ?? Number.NaN;
  console.log(
    `  first frame: ${ms(firstFrame)} after page start, ${ms(firstFrame - (mk.setRemoteDescription ?? Number.NaN))} ` +
      `after setRemoteDescription. Page: offer ${at('offer')}, setRemoteDescription ${at('setRemoteDescription')}, ` +
      `ICE connected ${at('ice-connected')}, DTLS connected ${at('pc-connected')}; gateway: offer in ` +
      `${rel(peerLog.offerAt)}, offer set ${rel(peerLog.remoteSetAt)}, answer created (certificate) ` +
      `${rel(peerLog.answerCreatedAt)}, answer out (gathered) ${rel(peerLog.answerAt)}, DTLS connected ${rel(peerLog.connectedAt)}, ` +
      `first RTP from ffmpeg ${rel(gateway.firstPacketAt)}`,
  );
  // Where the delay is: wire → gateway (ffmpeg's RTP reaching this process), then gateway → glass.
  const toGateway: number[] = [];
  const toReceive: number[] = [];
  const toGlass: number[] = [];
  for (const s of samples) {
    const a = gateway.frameArrival.get(s[2]);
    if (a === undefined) continue;
    toGateway.push(a - (r.wire.get(s[0]) ?? Number.NaN));
    if (s[3] >= 0) toReceive.push(s[3] + timeOrigin - a);
    toGlass.push(s[1] - a);
  }
  const inbound: Record<string, unknown> = r.stats.find((s) => s.type === 'inbound-rtp') ?? {};
  const num = (k: string) => Number(inbound[k] ?? Number.NaN);
  console.log(
    `  split p50/p95 (${toGlass.length} frames by RTP timestamp): wire → gateway ${med(toGateway)}/${p95(toGateway)}, ` +
      `gateway → browser receive ${med(toReceive)}/${p95(toReceive)}, gateway → glass ${med(toGlass)}/${p95(toGlass)}; ` +
      `jitter buffer ${ms((num('jitterBufferDelay') / num('jitterBufferEmittedCount')) * 1000)} avg`,
  );
  console.log(
    `  browser stats: framesReceived ${num('framesReceived')}, decoded ${num('framesDecoded')}, dropped ` +
      `${num('framesDropped')}, keyframes ${num('keyFramesDecoded')}, packetsLost ${num('packetsLost')}, ` +
      `NACK ${num('nackCount')}, PLI ${num('pliCount')}, freezes ${num('freezeCount')}, decode ` +
      `${ms((num('totalDecodeTime') / num('framesDecoded')) * 1000)} avg`,
  );
  const pair = r.stats.find((s) => s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded');
  const cand = (id: unknown): Record<string, unknown> => r.stats.find((s) => s.id === id) ?? {};
  const l = cand(pair?.localCandidateId);
  const rc = cand(pair?.remoteCandidateId);
  console.log(
    `  ICE: ${l.address}:${l.port} (${l.candidateType}) ↔ ${rc.address}:${rc.port} (${rc.candidateType}); ` +
      `browser gathered ${result.localCandidates.map((c) => c.split(' ').slice(4, 8).join(' ')).join(', ')} ` +
      `(those not on 127.0.0.1 stripped from its offer); werift answered ` +
      `${peerLog.answerCandidates.map((c) => c.split(' ').slice(4, 8).join(' ')).join(', ')}; STUN/TURN servers ` +
      `${peerLog.iceServers}; codec ${peerLog.codec}; PLI received ${peerLog.plis}, NACK ${peerLog.nacks}`,
  );
}

function reportMse(r: Common & { gateway: MseGateway }) {
  const { result, timeOrigin, gateway } = r;
  const samples = reportFrames('(A) MSE replica (server CameraUpstream, fMP4 over ws, LivePlayer logic)', r);
  const mk = result.marks;
  const firstFrame = mk.firstFrame ?? Number.NaN;
  console.log(
    `  first frame: ${ms(firstFrame)} after page start, ${ms(firstFrame - (mk.socketOpen ?? Number.NaN))} after ` +
      `the socket opened (init ${ms(mk.init ?? Number.NaN)}; first fragment from ffmpeg ` +
      `${gateway.firstFragmentAt ? ms(gateway.firstFragmentAt - timeOrigin) : 'never'}); live-edge jumps ${result.jumps ?? 0}`,
  );
  const toGateway: number[] = [];
  const toGlass: number[] = [];
  for (const s of samples) {
    const a = gateway.fragmentArrival.get(Math.round(s[6] * 1000));
    if (a === undefined) continue;
    toGateway.push(a - (r.wire.get(s[0]) ?? Number.NaN));
    toGlass.push(s[1] - a);
  }
  console.log(
    `  split p50/p95 (${toGlass.length} frames by decode time): wire → gateway ${med(toGateway)}/${p95(toGateway)}, ` +
      `gateway → glass ${med(toGlass)}/${p95(toGlass)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The camera, in its own process (this same file, forked); else the bench. Last in the file: the
// module's constants are initialised by then.

if (process.env[CAMERA_ROLE]) {
  const camera = new RtspTestCamera();
  // The camera's wire: when the last RTP packet of frame N (counted from the RTP timestamp of the
  // first frame, N = 0) reaches the test camera's relay, as bench/video.ts cuts it. The relay is
  // wrapped on this instance only; the camera's code is unchanged.
  const wire = new Map<number, number>();
  let firstTs: number | null = null;
  const inner = camera as unknown as { relay: (path: unknown, frame: Buffer) => void };
  const relay = inner.relay.bind(camera);
  inner.relay = (path, frame) => {
    if (frame.length >= 16 && (frame[5] ?? 0) & 0x80) {
      const ts = frame.readUInt32BE(8);
      firstTs ??= ts;
      wire.set(Math.round(((ts - firstTs) >>> 0) / (90_000 / CAMERA.fps)), Date.now());
    }
    relay(path, frame);
  };
  await camera.listen();
  await camera.startStream('cam', { ...CAMERA, burnFrameNumber: true });
  const clock = camera.clock('cam');
  process.send?.({ url: camera.url('cam'), startedAt: clock?.startedAt, fps: clock?.fps });
  process.on('message', () => process.send?.([...wire]));
  process.on('disconnect', () => {
    void camera.close().finally(() => process.exit(0));
  });
} else {
  await main();
}
