// `npx tsx bench/video.ts [--engine postgres|pglite] [--minutes 10] [--glass 60] [--trials 6]
//   [--viewers 16] [--fps 25] [--readme true|false]`
// Issue 33's bars for live video, on the real server process (API, live socket, one ffmpeg upstream
// per camera) and the built web app (apps/web/dist, not rebuilt here) in Chromium, with cameras that
// really stream (demo/rtsp-camera.ts: ffmpeg's test pattern in H.264, served over RTSP by this
// process). Four cameras, 640×360 at --fps, a keyframe every second (Banc 1, Banc 3) or every 2 s
// (Banc 2, Banc 4); Banc 1 burns its frame number N into its picture.
//  1. Glass-to-glass delay: Chromium plays Banc 1 on the cameras page's live grid (« Vue live »,
//     searched so that only it shows). At each presented frame (requestVideoFrameCallback) the page
//     draws the picture's top band to a canvas, reads the 24 squares back into N and notes the
//     frame's expected display time; delay = that time − (startedAt + N / fps), the moment the test
//     camera's ffmpeg (-re) took frame N from its source. Both ends are wall-clock epoch ms of this
//     machine (Node's Date.now(), the page's performance.timeOrigin + now; their agreement is
//     measured). Over --glass seconds with the page alone on the camera, and again through the load
//     run. The delay is cut where the frame was seen on its way: on the camera's wire (its last RTP
//     packet reaching the test camera's relay, in this process), at a Node viewer's socket, at the
//     page's socket. Bars: p50 ≤ 500 ms, p95 ≤ 1 s.
//  2. Time to first frame: from the click on « Vue live » (the page notes it) to the first presented
//     frame, --trials times each: cold (no upstream: the server starts ffmpeg, which opens the RTSP
//     stream, probes it and waits for a keyframe) and warm (a Node viewer already on the camera), on
//     Banc 1 (keyframe every second) and Banc 2 (every 2 s), split into the ticket, the socket's
//     'init', the first fragment and the first picture. Bar ≤ 1.5 s.
//  3. Load: --viewers Node WebSocket viewers on each of the 4 cameras (plus the browser on Banc 1,
//     still reading frame numbers) for --minutes: CPU of the server's Node process and of its ffmpeg
//     children apart (/proc/<pid>/stat), per camera and per viewer (against an idle window and a
//     window with one viewer per camera), the server's RSS through the run, fragments delivered per
//     viewer, and one RTSP player per camera (the test camera counts them).
// The test cameras' encoders (this process's ffmpeg children) are the cameras, not the server: their
// CPU is reported apart, as are this process's (RTSP relay, viewers) and Chromium's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LIVE_SOCKET_PATH } from '@vigie/contract/camera-video.contract';
import { type Browser, chromium } from 'playwright-core';
import WebSocket, { type RawData } from 'ws';
import { RtspTestCamera } from '../apps/server/src/demo/rtsp-camera';
import { findFfmpeg } from '../apps/server/src/modules/cameras/video/ffmpeg';
import { decodeTime, timescaleOf } from '../apps/server/src/modules/cameras/video/fmp4';
import {
  http,
  registerAndLogin,
  repoRoot,
  type ServerProcess,
  startServer,
} from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';
import { descendants, type Proc, processTable } from './proc';
import { type Drained, drain, PAGE_SCRIPT, type PageFrame } from './video-page';

const f = flags({
  engine: 'postgres',
  minutes: '10',
  glass: '60',
  trials: '6',
  viewers: '16',
  fps: '25',
  readme: 'true',
});
const MINUTES = Number(f.minutes);
const GLASS_S = Number(f.glass);
const TRIALS = Number(f.trials);
const VIEWERS = Number(f.viewers);
const FPS = Number(f.fps);
const WIDTH = 640;
const HEIGHT = 360;
const CAMERAS = [
  { path: 'banc1', name: 'Banc 1', gopS: 1, burn: true },
  { path: 'banc2', name: 'Banc 2', gopS: 2, burn: false },
  { path: 'banc3', name: 'Banc 3', gopS: 1, burn: false },
  { path: 'banc4', name: 'Banc 4', gopS: 2, burn: false },
] as const;
/** Seconds of the windows measured around the load run. */
const IDLE_S = 20;
const ONE_VIEWER_S = 30;
const WARMUP_S = 10;
/** A square read this close to mid-grey (0–255) makes the frame number unreadable. */
const MIN_MARGIN = 48;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number);
};
const median = (xs: number[]) => pct(xs, 50);
// Not Math.max(...xs): a 10-minute run's arrays overflow the call stack.
const maxOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => (b > a ? b : a)) : Number.NaN);
const minOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => (b < a ? b : a)) : Number.NaN);
const ms = (x: number) => (Number.isNaN(x) ? '–' : `${Math.round(x)}`);
const pc = (x: number) => `${x.toFixed(Math.abs(x) < 1 ? 2 : Math.abs(x) < 10 ? 1 : 0)} %`;
async function until(cond: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes (bench/proc.ts), grouped.

const GROUPS = ['server', 'serverFfmpeg', 'cameras', 'bench', 'chromium'] as const;
type GroupName = (typeof GROUPS)[number];
let serverPid = -1;
/** The server's Node process, its ffmpeg upstreams, the test cameras' encoders, this process, Chromium. */
function groups(table = processTable()): Record<GroupName, Proc[]> {
  const kids = (pid: number) => [...table.values()].filter((p) => p.ppid === pid);
  const serverTree = descendants(table, serverPid);
  serverTree.add(serverPid);
  const cameras = kids(process.pid).filter((p) => p.comm === 'ffmpeg');
  const cameraPids = new Set(cameras.map((p) => p.pid));
  const chromiumPids = [...descendants(table, process.pid)].filter(
    (pid) => !serverTree.has(pid) && !cameraPids.has(pid),
  );
  const of = (pids: number[]) => pids.map((pid) => table.get(pid)).filter((p): p is Proc => !!p);
  return {
    server: of([serverPid]),
    serverFfmpeg: kids(serverPid).filter((p) => p.comm === 'ffmpeg'),
    cameras,
    bench: of([process.pid]),
    chromium: of(chromiumPids),
  };
}
function machineTicks() {
  const [, ...v] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/);
  const n = v.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** CPU of each group over a window, in % of one core; sampled every 2 s so exits are not lost. */
class CpuWindow {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly groupOf = new Map<number, GroupName>();
  private readonly t0 = performance.now();
  private readonly m0 = machineTicks();
  private readonly timer: NodeJS.Timeout;
  constructor() {
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), 2000);
  }
  private sample(initial: boolean) {
    const g = groups();
    for (const name of GROUPS)
      for (const p of g[name]) {
        if (!this.first.has(p.pid)) {
          // A process born during the window counts whole.
          this.first.set(p.pid, initial ? p.cpu : 0);
          this.groupOf.set(p.pid, name);
        }
        this.last.set(p.pid, p.cpu);
      }
  }
  end() {
    this.sample(false);
    clearInterval(this.timer);
    const secs = (performance.now() - this.t0) / 1000;
    const out = Object.fromEntries(GROUPS.map((g) => [g, 0])) as Record<GroupName, number>;
    for (const [pid, name] of this.groupOf)
      out[name] += (100 * ((this.last.get(pid) ?? 0) - (this.first.get(pid) ?? 0))) / secs;
    const m = machineTicks();
    const cores = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 1;
    const machinePc = (100 * cores * (m.busy - this.m0.busy)) / Math.max(1, m.total - this.m0.total);
    const ours = GROUPS.reduce((a, g) => a + out[g], 0);
    return { ...out, rest: Math.max(0, machinePc - ours), machine: machinePc, secs };
  }
}
type CpuFigures = ReturnType<CpuWindow['end']>;

// ---------------------------------------------------------------------------------------------
// A Node viewer: ticket, socket, and what it received.

class Viewer {
  frags = 0;
  bytes = 0;
  timescale = 0;
  lastAt = 0;
  maxGap = 0;
  closedWith: number | null = null;
  private gotInit = false;
  /** Decode time of each fragment → its arrival (Banc 1's viewers, for the delay's split). */
  readonly arrivals: Map<number, number> | null;
  constructor(
    readonly camera: number,
    readonly ws: WebSocket,
    record: boolean,
  ) {
    this.arrivals = record ? new Map() : null;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (!isBinary) return;
      const at = Date.now();
      const buf = data as Buffer;
      if (!this.gotInit) {
        this.gotInit = true;
        this.timescale = timescaleOf(buf);
        return;
      }
      this.frags += 1;
      this.bytes += buf.length;
      if (this.lastAt) this.maxGap = Math.max(this.maxGap, at - this.lastAt);
      this.lastAt = at;
      if (this.arrivals) {
        const dt = decodeTime(buf);
        if (dt !== null && !this.arrivals.has(dt)) this.arrivals.set(dt, at);
      }
    });
    ws.on('close', (code: number) => {
      this.closedWith = code;
    });
    ws.on('error', () => undefined);
  }
}

// ---------------------------------------------------------------------------------------------

const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg');
if (!ffmpeg) throw new Error('ffmpeg not found (FFMPEG_PATH): the test cameras and the server need it');
const loadBefore = loadavg();
console.log(`load average before the run: ${loadBefore.map((x) => x.toFixed(2)).join(', ')}`);

// The test cameras, and when each of their pictures leaves on the wire: the relay (a private method
// of the test camera) is wrapped to note the arrival of each picture's last RTP packet (marker bit)
// from the camera's encoder, and which pictures are keyframes (an SPS or IDR NAL unit, alone, in a
// STAP-A or starting an FU-A); a picture's number is its RTP timestamp's distance from the first.
const cam = new RtspTestCamera();
interface Wire {
  firstTs: number | null;
  /** Picture number → when its last RTP packet reached the relay (Node clock). */
  at: Map<number, number>;
  /** Keyframes: picture number → when their first RTP packet reached the relay. */
  keys: Map<number, number>;
}
const wires = new Map<string, Wire>(
  CAMERAS.map((c) => [c.path, { firstTs: null, at: new Map(), keys: new Map() }]),
);
const isKeyPacket = (p: Buffer) => {
  const t = (p[0] ?? 0) & 0x1f;
  if (t === 5 || t === 7) return true;
  if (t === 28) return ((p[1] ?? 0) & 0x1f) === 5 || ((p[1] ?? 0) & 0x1f) === 7;
  if (t === 24)
    for (let at = 1; at + 3 <= p.length; at += 2 + p.readUInt16BE(at)) {
      const nt = (p[at + 2] ?? 0) & 0x1f;
      if (nt === 5 || nt === 7) return true;
    }
  return false;
};
{
  const inner = cam as unknown as {
    relay: (path: unknown, frame: Buffer) => void;
    paths: Map<string, unknown>;
  };
  const relay = inner.relay.bind(cam);
  inner.relay = (path, frame) => {
    let wire: Wire | undefined;
    for (const [name, p] of inner.paths) if (p === path) wire = wires.get(name);
    if (wire && frame.length >= 17) {
      const ts = frame.readUInt32BE(8);
      wire.firstTs ??= ts;
      const n = Math.round(((ts - wire.firstTs) >>> 0) / (90000 / FPS));
      // 4 bytes of interleaving, 12 of RTP header (no CSRC, no extension from ffmpeg).
      if (!wire.keys.has(n) && isKeyPacket(frame.subarray(16))) wire.keys.set(n, Date.now());
      if ((frame[5] as number) & 0x80) wire.at.set(n, Date.now());
    }
    relay(path, frame);
  };
}
const wire = wires.get(CAMERAS[0].path)?.at as Map<number, number>;
await cam.listen();
for (const c of CAMERAS)
  await cam.startStream(c.path, {
    fps: FPS,
    width: WIDTH,
    height: HEIGHT,
    gop: c.gopS * FPS,
    burnFrameNumber: c.burn,
    ffmpeg,
  });
const clock1 = cam.clock(CAMERAS[0].path);
if (!clock1) throw new Error('no clock for Banc 1');
const startedAt = clock1.startedAt;
/** When the test camera took frame n of Banc 1 from its source (ffmpeg -re). */
const sourceAt = (n: number) => startedAt + (n * 1000) / FPS;

let database: { url: string; drop(): Promise<void> } | undefined;
let dataDir: string | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
const viewers: Viewer[] = [];
const env = {
  WEB_DIST: resolve(repoRoot, 'apps/web/dist'),
  // The test cameras are on 127.0.0.1: loopback opened, as an operator opens a camera network.
  CAMERA_ALLOWED_NETWORKS: '127.0.0.0/8',
  FFMPEG_PATH: ffmpeg,
  ALARM_ESCALATION_INTERVAL_MS: '0',
  ATTENDANCE_CHECK_INTERVAL_MS: '0',
  DAILY_JOBS_INTERVAL_MS: '0',
};
let section = '';
try {
  if (f.engine === 'postgres') {
    database = await throwawayDatabase('video');
    server = await startServer({ databaseUrl: database.url, env });
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'vigie-bench-video-'));
    server = await startServer({ dataDir, env });
  }
  const srv = server;
  serverPid = srv.pid;
  const owner = await registerAndLogin(srv.url, `video${Date.now().toString(36)}`);
  const post = async (path: string, body: unknown) => {
    const r = await http(srv.url, 'POST', path, { token: owner.token, body });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.text}`);
    return r.body as { id: string };
  };
  const site = await post('/api/sites', { name: 'Entrepôt du banc', address: '1 quai du Banc, Lyon' });
  const cameraIds: string[] = [];
  for (const c of CAMERAS)
    cameraIds.push(
      (
        await post('/api/cameras', {
          siteId: site.id,
          name: c.name,
          location: 'Quai',
          rtspUrl: cam.url(c.path),
        })
      ).id,
    );
  // Probed at once after creation: online within a second or two.
  const deadline = Date.now() + 30_000;
  for (const id of cameraIds) {
    for (;;) {
      const r = await http(srv.url, 'GET', `/api/cameras/${id}`, { token: owner.token });
      if ((r.body as { status?: string }).status === 'En ligne') break;
      if (Date.now() > deadline) throw new Error(`camera ${id} not online: ${r.text}`);
      await sleep(200);
    }
  }
  const wsBase = srv.url.replace(/^http/, 'ws');
  const openViewer = async (camera: number, record = false) => {
    const r = await http(srv.url, 'POST', `/api/cameras/${cameraIds[camera]}/live`, { token: owner.token });
    if (r.status !== 200) throw new Error(`ticket: ${r.status} ${r.text}`);
    const ticket = (r.body as { ticket: string }).ticket;
    const ws = new WebSocket(`${wsBase}${LIVE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`);
    const v = new Viewer(camera, ws, record);
    await new Promise<void>((ok, ko) => {
      ws.once('open', () => ok());
      ws.once('error', ko);
    });
    viewers.push(v);
    return v;
  };

  // Idle: the server with nothing streaming (the test cameras encode for nobody).
  console.log(`idle window (${IDLE_S} s)…`);
  const idleWindow = new CpuWindow();
  await sleep(IDLE_S * 1000);
  const cpuIdle = idleWindow.end();

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({
    baseURL: srv.url,
    viewport: { width: 1440, height: 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'block',
  });
  await context.addInitScript(PAGE_SCRIPT);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe').fill(owner.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/dashboard/cameras');
  await page.getByTestId('camera-row').first().waitFor();

  /** Page clock − Node clock, from the evaluation with the shortest round trip. */
  const clockSkew = async () => {
    let best = { skew: Number.NaN, rtt: Number.POSITIVE_INFINITY };
    for (let i = 0; i < 20; i++) {
      const t0 = Date.now();
      const inPage = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
      const t1 = Date.now();
      if (t1 - t0 < best.rtt) best = { skew: inPage - (t0 + t1) / 2, rtt: t1 - t0 };
    }
    return best;
  };
  const skewBefore = await clockSkew();
  console.log(
    `page clock − Node clock: ${skewBefore.skew.toFixed(1)} ms (± ${(skewBefore.rtt / 2).toFixed(1)})`,
  );

  const liveOn = () => page.getByRole('button', { name: 'Vue live', exact: true }).click();
  const liveOff = () => page.getByRole('button', { name: 'Vue live activée', exact: true }).click();
  const showOnly = async (camera: number) => {
    const name = CAMERAS[camera]?.name as string;
    await page.getByLabel('Rechercher une caméra par nom ou emplacement').fill(name);
    for (let i = 0; ; i++) {
      const rows = page.getByTestId('camera-row');
      if ((await rows.count()) === 1 && ((await rows.first().textContent()) ?? '').includes(name)) break;
      if (i > 200) throw new Error(`the list did not narrow to ${name}`);
      await sleep(50);
    }
  };

  // --- 2. Time to first frame ------------------------------------------------------------------
  interface Trial {
    camera: number;
    kind: 'cold' | 'warm';
    total: number;
    fromTicket: number;
    toTicket: number;
    ticket: number;
    toOpen: number;
    toFragment: number;
    /** Cold: socket open → the server's ffmpeg playing the camera's RTSP stream. */
    toPlay: number;
    /** Cold: RTSP PLAY → the keyframe the stream started with, on the camera's wire. */
    keyWait: number;
    /** Cold: that keyframe on the wire → its fragment at the page's socket. */
    keyToPage: number;
    /** Cold: keyframes the camera sent after PLAY before that one (dropped while ffmpeg probed). */
    lost: number;
    toShown: number;
    /** Banc 1: how old the first picture was when shown (now − its source time). */
    age: number;
  }
  const trialsDone: Trial[] = [];
  const trial = async (camera: number, kind: 'cold' | 'warm') => {
    const c = CAMERAS[camera] as (typeof CAMERAS)[number];
    const w = wires.get(c.path) as Wire;
    if (kind === 'cold') await until(() => cam.players(c.path) === 0, 30_000, `${c.name}'s upstream to stop`);
    else if (cam.players(c.path) !== 1) throw new Error(`${c.name}: warm trial without its upstream`);
    await drain(page);
    // When the server's ffmpeg starts playing the camera (the test camera counts its players).
    let playAt = Number.NaN;
    const watch = setInterval(() => {
      if (Number.isNaN(playAt) && cam.players(c.path) > 0) playAt = Date.now();
    }, 2);
    await liveOn();
    // Polled from here: the page's CSP (rightly) refuses the eval behind waitForFunction.
    const wait = Date.now() + 20_000;
    while (!(await page.evaluate('window.__vb.videos.some((v) => v.first !== null)'))) {
      if (Date.now() > wait) throw new Error(`${c.name} ${kind}: no picture within 20 s`);
      await sleep(20);
    }
    clearInterval(watch);
    const d = await drain(page);
    await liveOff();
    const click = d.clicks.find((k) => k.text === 'Vue live')?.at;
    const video = d.videos.find((v) => v.first !== null);
    const ticket = d.tickets.find((t) => t.name.includes(cameraIds[camera] as string));
    const socket = d.sockets.find((s) => s.initText !== null);
    const firstFrag = socket?.frags[0]?.[0];
    if (!click || !video?.first || !ticket || !socket?.open || firstFrag === undefined)
      throw new Error(
        `${c.name} ${kind}: incomplete trial ${JSON.stringify({ click, video, ticket, socket })}`,
      );
    const shown = video.first.shown;
    // The keyframe the stream started with: the last one on the wire before the first fragment.
    let key = Number.NaN;
    let lost = 0;
    if (kind === 'cold') {
      // Keyframes whose every packet the server's ffmpeg received (the first one after its PLAY).
      const keys = [...w.keys]
        .map(([n, first]) => ({ first, at: w.at.get(n) ?? Number.NaN }))
        .filter((k) => k.first >= playAt && k.at <= firstFrag)
        .sort((a, b) => a.at - b.at);
      key = keys.at(-1)?.at ?? Number.NaN;
      lost = Math.max(0, keys.length - 1);
    }
    const t: Trial = {
      camera,
      kind,
      total: shown - click,
      fromTicket: shown - ticket.start,
      toTicket: ticket.start - click,
      ticket: ticket.end - ticket.start,
      toOpen: socket.open - ticket.end,
      toFragment: firstFrag - socket.open,
      toPlay: playAt - socket.open,
      keyWait: key - playAt,
      keyToPage: firstFrag - key,
      lost,
      toShown: shown - firstFrag,
      age: c.burn && video.first.margin >= MIN_MARGIN ? shown - sourceAt(video.first.n) : Number.NaN,
    };
    trialsDone.push(t);
    const cold =
      kind === 'cold'
        ? ` [ffmpeg start + RTSP ${ms(t.toPlay)}, keyframe wait ${ms(t.keyWait)}${lost ? ` (${lost} keyframe${lost > 1 ? 's' : ''} dropped)` : ''}, keyframe → page ${ms(t.keyToPage)}]`
        : '';
    console.log(
      `  ${c.name} ${kind}: ${ms(t.total)} ms (click→ticket ${ms(t.toTicket)}, ticket ${ms(t.ticket)}, →socket open ${ms(t.toOpen)}, →1st fragment ${ms(t.toFragment)}${cold}, →shown ${ms(t.toShown)}${Number.isNaN(t.age) ? '' : `; picture ${ms(t.age)} ms old`})`,
    );
  };
  console.log('time to first frame, cold…');
  let shown = -1;
  const show = async (camera: number) => {
    if (shown !== camera) await showOnly(camera);
    shown = camera;
  };
  for (let i = 0; i < TRIALS; i++)
    for (const camera of [0, 1]) {
      await show(camera);
      await trial(camera, 'cold');
    }
  // A Node viewer on each (Banc 1's keeps the decode times of its fragments: the delay's split).
  const ref = await openViewer(0, true);
  const warm2 = await openViewer(1);
  await until(() => ref.frags > 2 * FPS && warm2.frags > 2 * FPS, 20_000, 'the warm viewers');
  console.log('time to first frame, warm…');
  for (let i = 0; i < TRIALS; i++)
    for (const camera of [0, 1]) {
      await show(camera);
      await trial(camera, 'warm');
      await sleep(300);
    }

  // --- 1. Glass-to-glass -------------------------------------------------------------------------
  const frames: PageFrame[] = [];
  /** Decode time → arrival at the page's socket (Banc 1's upstream). */
  const pageArrival = new Map<number, number>();
  const socketsSeen = new Set<number>();
  const seeks: number[] = [];
  /** Chromium's counts for Banc 1's video at each drain. */
  const quality: { at: number; total: number; dropped: number }[] = [];
  const isBanc1 = (label: string) => label.endsWith(CAMERAS[0].name);
  const absorb = (d: Drained) => {
    for (const fr of d.frames) if (isBanc1(fr.label)) frames.push(fr);
    for (const k of d.seeks) if (isBanc1(k.label)) seeks.push(k.at);
    const q = d.quality.find((x) => isBanc1(x.label));
    if (q) quality.push({ at: Date.now(), total: q.total, dropped: q.dropped });
    for (const s of d.sockets) {
      socketsSeen.add(s.id);
      for (const [at, dt] of s.frags) if (dt !== null && !pageArrival.has(dt)) pageArrival.set(dt, at);
    }
  };
  await show(0);
  await liveOn();
  await page.locator('video[data-testid="camera-video"][data-state="playing"]').waitFor({ timeout: 20_000 });
  await sleep(3000);
  absorb(await drain(page));
  const glassFrom = Date.now();
  console.log(`glass-to-glass, Banc 1 in the browser (${GLASS_S} s)…`);
  const glassCpu = new CpuWindow();
  for (let t = 0; t < GLASS_S; t += 5) {
    await sleep(5000);
    absorb(await drain(page));
  }
  const cpuGlass = glassCpu.end();
  const glassTo = Date.now();

  // --- 3. Load -------------------------------------------------------------------------------------
  // One Node viewer per camera (the browser stays on Banc 1).
  await openViewer(2);
  await openViewer(3);
  await until(() => viewers.every((v) => v.frags > FPS), 20_000, 'a viewer on each camera');
  await sleep(3000);
  console.log(`4 cameras × 1 Node viewer (${ONE_VIEWER_S} s)…`);
  const oneWindow = new CpuWindow();
  for (let t = 0; t < ONE_VIEWER_S; t += 10) {
    await sleep(10_000);
    absorb(await drain(page));
  }
  const cpuOne = oneWindow.end();

  for (let camera = 0; camera < CAMERAS.length; camera++)
    while (viewers.filter((v) => v.camera === camera).length < VIEWERS)
      await openViewer(camera, camera === 0);
  await sleep(WARMUP_S * 1000);
  absorb(await drain(page));
  console.log(`4 cameras × ${VIEWERS} Node viewers + the browser on Banc 1 (${MINUTES} min)…`);
  const count0 = viewers.map((v) => v.frags);
  const bytes0 = viewers.map((v) => v.bytes);
  for (const v of viewers) v.maxGap = 0;
  const socketsBefore = socketsSeen.size;
  const presented0 = frames.at(-1)?.presented ?? 0;
  const loadFrom = Date.now();
  const loadWindow = new CpuWindow();
  const rss: { server: number; ffmpeg: number }[] = [];
  const players: number[][] = CAMERAS.map(() => []);
  const upstreams: number[] = [];
  const end = Date.now() + MINUTES * 60_000;
  let nextDrain = Date.now() + 10_000;
  while (Date.now() < end) {
    const g = groups();
    rss.push({
      server: g.server[0]?.rssMb ?? Number.NaN,
      ffmpeg: g.serverFfmpeg.reduce((a, p) => a + p.rssMb, 0),
    });
    upstreams.push(g.serverFfmpeg.length);
    for (const [i, c] of CAMERAS.entries()) players[i]?.push(cam.players(c.path));
    if (Date.now() >= nextDrain) {
      absorb(await drain(page));
      nextDrain += 10_000;
    }
    await sleep(Math.min(5000, Math.max(0, end - Date.now())));
  }
  const cpuLoad = loadWindow.end();
  const loadTo = Date.now();
  absorb(await drain(page));
  const loadSecs = (loadTo - loadFrom) / 1000;
  const perViewer = viewers.map((v, i) => v.frags - (count0[i] ?? 0));
  const kbps = viewers.map((v, i) => ((v.bytes - (bytes0[i] ?? 0)) * 8) / 1000 / loadSecs);
  const closed = viewers.filter((v) => v.closedWith !== null).length;
  const maxGap = maxOf(viewers.map((v) => v.maxGap));
  const browserPresented =
    (frames.filter((fr) => fr.shown <= loadTo + 1000).at(-1)?.presented ?? 0) - presented0;
  const reconnects = socketsSeen.size - socketsBefore;
  const skewAfter = await clockSkew();

  // Everyone leaves: each upstream stops after its linger.
  await context.close();
  for (const v of viewers) v.ws.close();
  const left = Date.now();
  await until(() => CAMERAS.every((c) => cam.players(c.path) === 0), 60_000, 'the upstreams to stop');
  const stoppedAfter = Date.now() - left;

  // --- Figures -------------------------------------------------------------------------------------
  const timescale = ref.timescale;
  const keyOf = (dt: number) => Math.round((dt * FPS) / timescale);
  const valid = (from: number, to: number) =>
    frames.filter((fr) => fr.shown >= from && fr.shown <= to && fr.margin >= MIN_MARGIN && fr.n >= 0);
  const allValid = valid(0, Number.POSITIVE_INFINITY);
  // Frame number ↔ decode time: a constant shift for the upstream's life (it joined the camera late).
  const shifts = new Map<number, number>();
  for (const fr of allValid) {
    const s = fr.n - Math.round(fr.media * FPS);
    shifts.set(s, (shifts.get(s) ?? 0) + 1);
  }
  const shift = [...shifts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const byFrame = (m: Map<number, number>) => {
    const out = new Map<number, number>();
    for (const [dt, at] of m) out.set(keyOf(dt) + shift, at);
    return out;
  };
  const refAt = byFrame(ref.arrivals ?? new Map());
  const pageAt = byFrame(pageArrival);
  const glass = (from: number, to: number) => {
    const fs = valid(from, to);
    const all = frames.filter((fr) => fr.shown >= from && fr.shown <= to);
    const delay = fs.map((fr) => fr.shown - sourceAt(fr.n));
    let skipped = 0;
    for (let i = 1; i < fs.length; i++) skipped += Math.max(0, (fs[i]?.n ?? 0) - (fs[i - 1]?.n ?? 0) - 1);
    const diffs = (a: (n: number) => number | undefined, b: (fr: PageFrame) => number | undefined) => {
      const xs: number[] = [];
      for (const fr of fs) {
        const x = a(fr.n);
        const y = b(fr);
        if (x !== undefined && y !== undefined) xs.push(y - x);
      }
      return xs;
    };
    const part = (a: (n: number) => number | undefined, b: (fr: PageFrame) => number | undefined) =>
      median(diffs(a, b));
    const product = diffs(
      (n) => wire.get(n),
      (fr) => fr.shown,
    );
    // Chromium's counts between the drains that open and close the window.
    const q0 = quality.filter((q) => q.at <= from + 1000).at(-1);
    const q1 = quality.filter((q) => q.at >= to - 1000).at(0);
    return {
      frames: fs.length,
      unread: all.length - fs.length,
      skipped,
      seconds: (to - from) / 1000,
      p50: pct(delay, 50),
      p95: pct(delay, 95),
      max: maxOf(delay),
      camera: part(
        (n) => sourceAt(n),
        (fr) => wire.get(fr.n),
      ),
      server: part(
        (n) => wire.get(n),
        (fr) => refAt.get(fr.n),
      ),
      toPage: part(
        (n) => wire.get(n),
        (fr) => pageAt.get(fr.n),
      ),
      inPage: part(
        (n) => pageAt.get(n),
        (fr) => fr.shown,
      ),
      product50: pct(product, 50),
      product95: pct(product, 95),
      ahead: median(fs.map((fr) => fr.ahead).filter((a): a is number => a !== null)),
      seeks: seeks.filter((at) => at >= from && at <= to).length,
      decoded: q0 && q1 ? q1.total - q0.total : Number.NaN,
      dropped: q0 && q1 ? q1.dropped - q0.dropped : Number.NaN,
    };
  };
  const gQuiet = glass(glassFrom, glassTo);
  const gLoad = glass(loadFrom, loadTo);
  // Banc 1's Node viewers under load: camera's wire → their socket.
  const relay: number[] = [];
  for (const v of viewers)
    if (v.camera === 0 && v.arrivals)
      for (const [n, at] of byFrame(v.arrivals)) {
        const w = wire.get(n);
        if (w !== undefined && at >= loadFrom && at <= loadTo) relay.push(at - w);
      }

  const trialRows = [0, 1].flatMap((camera) =>
    (['cold', 'warm'] as const).map((kind) => {
      const ts = trialsDone.filter((t) => t.camera === camera && t.kind === kind);
      const c = CAMERAS[camera] as (typeof CAMERAS)[number];
      const m = (k: keyof Trial) => ms(median(ts.map((t) => t[k] as number)));
      const ages = ts.map((t) => t.age).filter((a) => !Number.isNaN(a));
      const max = maxOf(ts.map((t) => t.total));
      const cold = kind === 'cold';
      const lost = ts.filter((t) => t.lost > 0).length;
      return [
        `${c.name} (keyframe every ${c.gopS} s), ${cold ? 'cold' : 'warm'}`,
        ts.length,
        m('total'),
        ms(max),
        m('fromTicket'),
        m('toTicket'),
        m('ticket'),
        m('toOpen'),
        m('toFragment'),
        cold ? m('toPlay') : '–',
        cold ? m('keyWait') : '–',
        cold ? m('keyToPage') : '–',
        cold ? `${lost} of ${ts.length}` : '–',
        m('toShown'),
        ages.length ? ms(median(ages)) : '–',
      ].join(' | ');
    }),
  );
  const ttffOf = (camera: number, kind: 'cold' | 'warm') =>
    trialsDone.filter((t) => t.camera === camera && t.kind === kind).map((t) => t.total);
  const ttffCases = [
    { what: 'cold, keyframe every 1 s', xs: ttffOf(0, 'cold') },
    { what: 'cold, keyframe every 2 s', xs: ttffOf(1, 'cold') },
    { what: 'warm', xs: [...ttffOf(0, 'warm'), ...ttffOf(1, 'warm')] },
  ];
  const ok = (b: boolean) => (b ? 'met' : '**missed**');
  const both = (quiet: boolean, load: boolean) =>
    quiet === load ? ok(quiet) : `${ok(quiet)} alone, ${ok(load)} under the load`;
  const nCam = CAMERAS.length;
  const perCamera = cpuLoad.serverFfmpeg / nCam + Math.max(0, cpuOne.server - cpuIdle.server) / nCam;
  const perViewerCpu = (cpuLoad.server - cpuOne.server) / (nCam * (VIEWERS - 1));
  const cpuRow = (what: string, c: CpuFigures) =>
    `| ${what} | ${c.secs.toFixed(0)} | ${pc(c.server)} | ${pc(c.serverFfmpeg)} | ${pc(c.cameras)} | ${pc(c.bench)} | ${pc(c.chromium)} | ${pc(c.rest)} |`;
  const glassRow = (what: string, g: ReturnType<typeof glass>) =>
    `| ${what} | ${g.frames} (${g.unread} unread, ${g.skipped} not shown) | ${ms(g.p50)} | ${ms(g.p95)} | ${ms(g.max)} | ${ms(g.camera)} | ${ms(g.server)} | ${ms(g.toPage)} | ${ms(g.inPage)} | ${ms(g.product50)} / ${ms(g.product95)} | ${ms(g.ahead)} | ${g.seeks} | ${g.dropped} of ${g.decoded} |`;
  const rssServer = rss.map((r) => r.server);
  const rssFfmpeg = rss.map((r) => r.ffmpeg);
  const fmt = (x: number) => x.toFixed(0);
  const expected = FPS * loadSecs;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  section = [
    `## Issue 33 — live video (${date} UTC, ${machine()}, ${f.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
    '',
    `Command: \`npx tsx bench/video.ts --engine ${f.engine} --minutes ${MINUTES} --glass ${GLASS_S} --trials ${TRIALS} --viewers ${VIEWERS} --fps ${FPS}\`. The real server (API, live socket, ffmpeg upstreams, the built web app) on ${f.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}; 4 test cameras (demo/rtsp-camera.ts: ffmpeg test pattern ${WIDTH}×${HEIGHT} at ${FPS} fps, libx264 ultrafast/zerolatency, over RTSP from the bench process), a keyframe every 1 s (Banc 1, Banc 3) or 2 s (Banc 2, Banc 4); Chromium (playwright-core, --disable-gpu: software decoding) on the cameras page's live grid showing Banc 1 only. Everything shares the machine: load average before the run ${loadBefore.map((x) => x.toFixed(2)).join(', ')}. Page clock − Node clock: ${skewBefore.skew.toFixed(1)} ms (± ${(skewBefore.rtt / 2).toFixed(1)}) before, ${skewAfter.skew.toFixed(1)} ms (± ${(skewAfter.rtt / 2).toFixed(1)}) after.`,
    '',
    '| bar | measured | verdict |',
    '| --- | --- | --- |',
    `| glass-to-glass p50 ≤ 500 ms | ${ms(gQuiet.p50)} ms alone, ${ms(gLoad.p50)} ms under the load | ${both(gQuiet.p50 <= 500, gLoad.p50 <= 500)} |`,
    `| glass-to-glass p95 ≤ 1 s | ${ms(gQuiet.p95)} ms alone, ${ms(gLoad.p95)} ms under the load | ${both(gQuiet.p95 <= 1000, gLoad.p95 <= 1000)} |`,
    ...ttffCases.map(
      (c) =>
        `| time to first frame ≤ 1.5 s (click → first picture), ${c.what} | p50 ${ms(median(c.xs))} ms, max ${ms(maxOf(c.xs))} ms (${c.xs.length} trials) | ${maxOf(c.xs) <= 1500 ? 'met' : median(c.xs) <= 1500 ? '**missed** by some trials' : '**missed**'} |`,
    ),
    '',
    `Glass-to-glass, Banc 1: the frame number read back from each presented frame's picture, delay = expected display time − (camera's start + N / ${FPS}). Split by medians (ms): camera = the test camera's own delay (its source clock → the picture's last RTP packet at its relay, including ffmpeg's start-up offset, so the total is an upper bound); server = RTP out → a Node viewer's socket (server's ffmpeg, fragment splitter, WebSocket); → page socket = RTP out → the page's socket; in page = page's socket → shown (MSE append, decode, the player's buffer, compositor); RTP out → shown = the delay without the test camera (p50 / p95); buffer ahead = media the player held beyond the frame shown (median); seeks = the player's jumps to the live edge; dropped = Chromium's dropped of decoded frames (getVideoPlaybackQuality). "Not shown": frame numbers never presented between two read ones.`,
    '',
    '| phase | frames read | p50 ms | p95 ms | max ms | camera | server | → page socket | in page | RTP out → shown | buffer ahead | seeks | dropped |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    glassRow(`alone on the camera (page + 1 Node viewer), ${gQuiet.seconds.toFixed(0)} s`, gQuiet),
    glassRow(`under the load (4 × ${VIEWERS} Node viewers), ${gLoad.seconds.toFixed(0)} s`, gLoad),
    '',
    `Time to first frame (ms, medians but "max"; cold: no upstream, the server starts ffmpeg; warm: a Node viewer already on the camera): click on « Vue live » → first presented frame; the same from the page's ticket request; then its stages: click → ticket asked (React mounts the tile), the ticket's POST, ticket answered → socket open (WebSocket upgrade), socket open → first fragment at the page, which cold is: the server's ffmpeg starting and playing the camera's RTSP stream (the test camera sees the PLAY), the wait for the next keyframe on the camera's wire, and that keyframe → its fragment at the page (ffmpeg's probe and muxing, the socket); "keyframe dropped": trials where the camera sent a keyframe after the PLAY that ffmpeg did not pass on (consumed by its probe), so that the picture waited for the next one; first fragment → shown (MSE, decode). "Age": how old Banc 1's first picture was when shown (warm: the server replays the group of pictures since the last keyframe).`,
    '',
    '| camera, case | trials | p50 | max | from ticket | click → ticket | ticket | → socket open | open → 1st fragment | ffmpeg start + RTSP | keyframe wait | keyframe → page | keyframe dropped | fragment → shown | age |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...trialRows.map((r) => `| ${r} |`),
    '',
    `Load: CPU in % of one core over each window; server = its Node process alone (utime + stime), upstreams = its ffmpeg children; cameras = the test cameras' encoders (Banc 1 also runs the frame-number filter), bench = this process (RTSP relay, Node viewers, playwright), rest = the machine's other processes.`,
    '',
    '| window | s | server (Node) | server ffmpeg upstreams | test cameras | bench | Chromium | rest |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    cpuRow('idle: nothing streamed', cpuIdle),
    cpuRow('Banc 1 in the browser + 1 Node viewer (glass window)', cpuGlass),
    cpuRow('4 cameras × 1 Node viewer + the browser on Banc 1', cpuOne),
    cpuRow(`4 cameras × ${VIEWERS} Node viewers + the browser on Banc 1`, cpuLoad),
    '',
    `- Server CPU per camera: ${pc(perCamera)} of a core (its ffmpeg upstream ${pc(cpuLoad.serverFfmpeg / nCam)}, H.264 copied, plus the Node process's share with one viewer ${pc(Math.max(0, cpuOne.server - cpuIdle.server) / nCam)}); per viewer: ${pc(perViewerCpu)} (Node process, ${nCam * VIEWERS} viewers against ${nCam}).`,
    `- Server RSS (Node process) over the ${MINUTES} min, every 5 s: first ${fmt(rssServer[0] ?? Number.NaN)} MB, last ${fmt(rssServer.at(-1) ?? Number.NaN)} MB, max ${fmt(maxOf(rssServer))} MB; ffmpeg upstreams together ${fmt(rssFfmpeg[0] ?? Number.NaN)} → ${fmt(rssFfmpeg.at(-1) ?? Number.NaN)} MB (max ${fmt(maxOf(rssFfmpeg))}).`,
    `- Fragments per Node viewer over ${loadSecs.toFixed(0)} s (${fmt(expected)} pictures sent by each camera): min ${minOf(perViewer)}, median ${median(perViewer)}, max ${maxOf(perViewer)}; ${fmt(median(kbps))} kbit/s each; longest gap between two fragments ${maxGap} ms; sockets closed during the run: ${closed}. The browser presented ${browserPresented} frames of Banc 1 meanwhile (${reconnects} reconnection${reconnects === 1 ? '' : 's'}); Banc 1's ${VIEWERS} Node viewers got each picture ${ms(median(relay))} ms (p95 ${ms(pct(relay, 95))}, max ${ms(maxOf(relay))}) after the camera sent it.`,
    `- Upstreams: RTSP players per camera (the test camera's count), sampled every 5 s: ${CAMERAS.map((c, i) => `${c.name} ${minOf(players[i] ?? [])}–${maxOf(players[i] ?? [])}`).join(', ')}; the server's ffmpeg children ${minOf(upstreams)}–${maxOf(upstreams)}; all stopped ${(stoppedAfter / 1000).toFixed(1)} s after the last viewer left (VIDEO_LINGER_MS 5 s).`,
  ].join('\n');
  // Keep the raw material of the split at hand for a reader of the console.
  console.log(`shift N − media·fps: ${shift} (${shifts.get(shift)} of ${allValid.length} frames)`);
} finally {
  for (const v of viewers) v.ws.terminate();
  await browser?.close().catch(() => undefined);
  await server?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await cam.close();
}
console.log(`\n${section}`);
if (f.readme !== 'false') appendToReadme(section);
process.exit(0);
