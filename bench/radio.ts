// `npx tsx bench/radio.ts --engine postgres [--duration 30] [--ptt 20] [--readme false]`
// The radio targets of issue 13, on the real server process and PostgreSQL, with a fleet of 1,000
// radios (IMEIs with their Luhn digit), 10 sites and 21 channels created through the API:
//  1. 1,000 radios reporting their status every 5 s (200 POST /api/radio/device/status a second,
//     evenly spaced, open loop) plus 2 routine transmissions a second (POST
//     /api/radio/device/communications): status latency (target p99 ≤ 20 ms), achieved rate,
//     errors; then the same 200/s sent in step (autocannon's overallRate: each second's requests at
//     once), the fleet reporting together;
//  2. a detected emergency pushed to 50 open dashboards (SSE streams): 100 transmissions « Au
//     secours, on m'agresse au portail nord » 200 ms apart while the status load runs (after 25
//     with no other load: the path's own cost); time from the POST's send to each stream's
//     'radio.alert' event (target p99 ≤ 100 ms);
//  3. push-to-talk relay with 20 channels talking at once (1 speaker and 2 listeners each, 60
//     sockets): 1 KB binary frames every 50 ms carrying their send time, listeners measure receive −
//     send on the same clock (client → server → client; target p99 ≤ 50 ms), alone and under the
//     status load.
// The load generator, the 50 streams and the 60 sockets run in this process; the server in its own.
import { readdirSync, readFileSync } from 'node:fs';
import httpClient from 'node:http';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import WebSocket, { type RawData } from 'ws';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { openStream, type SseStream } from '../apps/server/src/test/sse-client';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const f = flags({ engine: 'postgres', duration: '30', ptt: '20', readme: 'true' });
if (f.engine !== 'postgres') throw new Error('the radio targets are set for PostgreSQL: --engine postgres');
const duration = Number(f.duration);
const pttSeconds = Number(f.ptt);
const RADIOS = 1000;
const STATUS_RATE = 200; // 1,000 radios every 5 s
const COMMS_RATE = 2;
const DASHBOARDS = 50;
const EMERGENCIES = 100;
const EMERGENCY_GAP_MS = 200;
const PTT_CHANNELS = 20;
const PTT_LISTENERS = 2;
const CHUNK_BYTES = 1024;
const CHUNK_EVERY_MS = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const sleep = (t: number) => new Promise((ok) => setTimeout(ok, t));

/** 14 digits plus their Luhn check digit (as `imeiFrom` of the radio tests). */
function imeiFrom(body14: string) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body14[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body14 + String((10 - (sum % 10)) % 10);
}

/** CPU seconds of a process so far (utime + stime, Linux); 0 when gone. */
function cpuSeconds(pid: number | string) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** PostgreSQL's processes for this run: its database's backends and the shared writers. */
const postgresPids = (dbName: string) =>
  readdirSync('/proc').filter((d) => {
    if (!/^\d+$/.test(d)) return false;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') return false;
      const title = readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' ');
      // A backend's title: "postgres: 15/main: <user> <database> <host>(<port>) <state>".
      const backend = /: \S+ \S+ [\d.:a-f]+\(\d+\)/.test(title);
      return !backend || title.includes(` ${dbName} `);
    } catch {
      return false;
    }
  });
const machineTicks = () => {
  const [, ...v] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/);
  const n = v.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  return { busy: n.reduce((a, b) => a + b, 0) - idle, total: n.reduce((a, b) => a + b, 0) };
};
/**
 * Where the CPU went during a phase, in % of one core: the server, PostgreSQL (the run's backends
 * and the shared writers), this process (load generator and clients), and what the rest of the
 * machine spent meanwhile (other processes, other databases' backends): the measure of how quiet
 * the machine was.
 */
function cpuMeter(serverPid: number, dbName: string) {
  const pg0 = new Map(postgresPids(dbName).map((p) => [p, cpuSeconds(p)]));
  const s0 = cpuSeconds(serverPid);
  const b0 = process.cpuUsage();
  const m0 = machineTicks();
  const t0 = performance.now();
  return () => {
    const secs = (performance.now() - t0) / 1000;
    let pgCpu = 0;
    for (const p of postgresPids(dbName)) pgCpu += cpuSeconds(p) - (pg0.get(p) ?? 0);
    const b = process.cpuUsage(b0);
    const m = machineTicks();
    const cores = cpus().length;
    const serverCpu = cpuSeconds(serverPid) - s0;
    const benchCpu = (b.user + b.system) / 1e6;
    const pc = (x: number) => `${Math.max(0, (100 * x) / secs).toFixed(0)} %`;
    const busy = (cores * (m.busy - m0.busy)) / Math.max(1, m.total - m0.total);
    return `CPU (% of a core): server ${pc(serverCpu)}, PostgreSQL ${pc(pgCpu)}, bench ${pc(benchCpu)}, rest of the machine ${pc(busy * secs - serverCpu - pgCpu - benchCpu)}`;
  };
}

const database = await throwawayDatabase('radio');
const dbName = new URL(database.url).pathname.slice(1);
// The database is dropped even when the server does not start.
const server = await startServer({
  databaseUrl: database.url,
  env: {
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    DAILY_JOBS_INTERVAL_MS: '0',
  },
}).catch(async (err: unknown) => {
  await database.drop();
  throw err;
});
const lines: string[] = [];
const row = (what: string, rate: string, latency: string, notes: string) => {
  lines.push(`| ${what} | ${rate} | ${latency} | ${notes} |`);
  console.log(lines.at(-1));
};
const streams: SseStream[] = [];
const sockets: WebSocket[] = [];
try {
  const owner = await registerAndLogin(server.url, `radio${Date.now().toString(36)}`);
  const auth = { token: owner.token };
  const created = async <T = { id: string }>(path: string, body: unknown) => {
    const r = await http(server.url, 'POST', path, { ...auth, body });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.text}`);
    return r.body as T;
  };
  // 10 sites around Paris: a detected emergency raises its critical alarm on the nearest one.
  const sites: { lat: number; lng: number }[] = [];
  for (let i = 0; i < 10; i++) {
    const at = { lat: 48.82 + 0.01 * i, lng: 2.28 + 0.012 * i };
    await created('/api/sites', {
      name: `Site ${i + 1}`,
      address: `${i + 1} rue du Portail, Paris`,
      latitude: at.lat,
      longitude: at.lng,
    });
    sites.push(at);
  }
  await created('/api/radio/channels/', { name: 'Général', type: 'general', priority: 0 });
  const pttChannels: string[] = [];
  for (let i = 0; i < PTT_CHANNELS; i++)
    pttChannels.push((await created('/api/radio/channels/', { name: `Équipe ${i + 1}`, type: 'team' })).id);
  const { key } = await created<{ key: string }>('/api/radio/keys', { name: 'Passerelle du banc' });
  const tag = String(Date.now() % 1e6).padStart(6, '0');
  const imeis = Array.from({ length: RADIOS }, (_, i) => imeiFrom(`35${tag}${String(i).padStart(6, '0')}`));
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < imeis.length) {
        const i = next++;
        await created('/api/radio/radios/', { radioId: imeis[i], serialNumber: `SN-${tag}-${i}` });
      }
    }),
  );
  console.log(
    `created ${RADIOS} radios through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Device requests over node:http with keep-alive (fetch's web streams cost the generator CPU).
  const agent = new httpClient.Agent({ keepAlive: true, maxSockets: 64 });
  const devicePost = (path: string, body: unknown) =>
    new Promise<{ status: number; ms: number; text: string }>((resolve) => {
      const payload = JSON.stringify(body);
      const t = performance.now();
      const req = httpClient.request(
        `${server.url}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-api-key': key,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t, text }));
        },
      );
      req.on('error', () => resolve({ status: 0, ms: performance.now() - t, text: '' }));
      req.end(payload);
    });

  // The handsets' reports: each radio in turn (every one every 5 s at 200/s), near its site,
  // battery and signal in their green ranges (so no colour change is pushed), on « Général ».
  const statusBody = (k: number) => {
    const i = k % RADIOS;
    const site = sites[i % sites.length] as { lat: number; lng: number };
    return {
      imei: imeis[i],
      battery: 60 + (i % 40),
      signal: 75 + ((i + k) % 25),
      channel: 'Général',
      position: {
        lat: site.lat + ((i % 17) - 8) * 1e-4,
        lng: site.lng + ((i % 13) - 6) * 1e-4,
        accuracy: 5 + (i % 20),
      },
    };
  };
  const routine = [
    'RAS, ronde terminée au parking B',
    'Je prends la relève au poste de garde',
    'Livraison attendue au quai 3, je vais ouvrir',
    'Contrôle des badges terminé à l’accueil',
    'Pause de dix minutes, je reste joignable',
  ];
  const commBody = (i: number) => ({
    imei: imeis[(i * 37) % RADIOS],
    channel: 'Général',
    transcript: routine[i % routine.length],
    durationMs: 2500,
  });

  interface Paced {
    sent: number;
    errors: number;
    ms: number[];
    /** Sends per second over the sending window. */
    rate: number;
    /** Worst delay of a send behind its schedule (the generator's own lateness). */
    lagMax: number;
  }
  /**
   * Open loop, evenly spaced: request k is sent at start + k / rate whatever the answers before it
   * (1,000 radios each on its own 5 s clock), its latency measured from its send.
   */
  const paced = (rate: number, seconds: number, send: (k: number) => ReturnType<typeof devicePost>) => {
    const out: Paced = { sent: 0, errors: 0, ms: [], rate: 0, lagMax: 0 };
    let stopped = false;
    const done = (async () => {
      const start = performance.now();
      const total = Math.round(rate * seconds);
      const inflight: Promise<void>[] = [];
      for (let k = 0; k < total && !stopped; k++) {
        const due = start + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait >= 1) await sleep(wait);
        out.lagMax = Math.max(out.lagMax, performance.now() - due);
        out.sent++;
        inflight.push(
          send(k).then((r) => {
            out.ms.push(r.ms);
            if (r.status < 200 || r.status > 299) out.errors++;
          }),
        );
      }
      out.rate = out.sent / ((performance.now() - start) / 1000);
      await Promise.all(inflight);
      return out;
    })();
    return {
      done,
      stop: () => {
        stopped = true;
      },
    };
  };
  let statusK = 0;
  let commK = 0;
  const load = (seconds: number) => {
    const status = paced(STATUS_RATE, seconds, () =>
      devicePost('/api/radio/device/status', statusBody(statusK++)),
    );
    const comms = paced(COMMS_RATE, seconds, () =>
      devicePost('/api/radio/device/communications', commBody(commK++)),
    );
    return {
      done: Promise.all([status.done, comms.done]),
      stop: () => {
        status.stop();
        comms.stop();
      },
    };
  };
  const latencyOf = (r: Paced) =>
    `p50 ${ms(pct(r.ms, 50))} ms, p99 ${ms(pct(r.ms, 99))} ms, max ${ms(Math.max(...r.ms))} ms`;

  // Every radio reports once (the fleet comes online: one push each), then the measured run.
  await load(RADIOS / STATUS_RATE).done;

  // 1. Status reports at 200/s with the trickle of transmissions.
  const cpu1 = cpuMeter(server.pid, dbName);
  const [status, comms] = await load(duration).done;
  const cpuLine1 = cpu1();
  row(
    `POST /api/radio/device/status, ${RADIOS} radios every 5 s (${STATUS_RATE}/s evenly spaced, open loop) for ${duration} s, with ${COMMS_RATE} routine transmissions/s`,
    `${status.rate.toFixed(0)} status/s (${status.sent} sent)`,
    `${latencyOf(status)} (target p99 ≤ 20 ms)`,
    `errors ${status.errors}; transmissions: ${comms.sent}, ${latencyOf(comms)}, errors ${comms.errors}; generator late by ${ms(status.lagMax)} ms at worst; ${cpuLine1}`,
  );

  // The same 200/s as autocannon's overallRate sends it: each connection sends its quota of the
  // second back to back, then waits for the next second (the fleet reporting in step).
  let n = 0;
  const cpuBurst = cpuMeter(server.pid, dbName);
  const burst = await autocannon({
    url: server.url,
    connections: 20,
    overallRate: STATUS_RATE,
    duration: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/radio/device/status',
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify(statusBody(n++)),
        }),
      },
    ],
  });
  row(
    `POST /api/radio/device/status, ${STATUS_RATE}/s in step (autocannon overallRate, 20 connections: each second's ${STATUS_RATE} sent at once) for 10 s`,
    `${burst.requests.average.toFixed(0)} status/s`,
    `p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms, max ${burst.latency.max} ms`,
    `errors ${burst.errors + burst.non2xx + burst.timeouts}; ${cpuBurst()}`,
  );

  // 2. 50 dashboards open; 25 detected emergencies 200 ms apart with nothing else running (the
  // path's own cost), then 100 while the status load runs.
  for (let i = 0; i < DASHBOARDS; i++) {
    const s = await openStream(server.url, owner.token);
    if (s.status !== 200) throw new Error(`stream ${i}: ${s.status}`);
    streams.push(s);
  }
  let received: { stream: number; alertId: string; at: number }[] = [];
  streams.forEach((s, k) => {
    s.onEvent = (e) => {
      if (e.event !== 'radio.alert') return;
      const d = (e.data as { data: { id: string; change?: string } }).data;
      if (d.change === 'created') received.push({ stream: k, alertId: d.id, at: e.receivedAt });
    };
  });
  let emergencyK = 0;
  const emergencies = async (count: number, withLoad: boolean) => {
    received = [];
    const bg = withLoad ? load(Math.ceil((count * EMERGENCY_GAP_MS) / 1000) + 6) : undefined;
    if (bg) await sleep(3000);
    const cpu2 = cpuMeter(server.pid, dbName);
    const sentAt = new Map<string, number>();
    const answerMs: number[] = [];
    let emergencyErrors = 0;
    let notDetected = 0;
    const posts: Promise<void>[] = [];
    const first = performance.now();
    for (let i = 0; i < count; i++) {
      const wait = first + i * EMERGENCY_GAP_MS - performance.now();
      if (wait > 1) await sleep(wait);
      const at = performance.now();
      posts.push(
        devicePost('/api/radio/device/communications', {
          imei: imeis[(emergencyK++ * 101 + 7) % RADIOS],
          channel: 'Général',
          transcript: "Au secours, on m'agresse au portail nord",
          durationMs: 3000,
        }).then((res) => {
          answerMs.push(res.ms);
          if (res.status !== 201) emergencyErrors++;
          else {
            const body = JSON.parse(res.text) as { id: string; emergencyDetected?: boolean };
            if (!body.emergencyDetected) notDetected++;
            sentAt.set(body.id, at);
          }
        }),
      );
    }
    await Promise.all(posts);
    const cpuLine2 = cpu2();
    const expected = (count - emergencyErrors - notDetected) * DASHBOARDS;
    const deadline = performance.now() + 10_000;
    while (received.length < expected && performance.now() < deadline) await sleep(50);
    bg?.stop();
    const bgStatus = bg ? (await bg.done)[0] : undefined;
    // Which transmission raised which alert: the alerts' list names the communication.
    const alertsRes = await http(server.url, 'GET', '/api/radio/alerts/?limit=500', auth);
    const commOf = new Map(
      (alertsRes.body as { id: string; communicationId: string | null }[]).map((a) => [
        a.id,
        a.communicationId,
      ]),
    );
    const pushMs: number[] = [];
    let unmatched = 0;
    for (const r of received) {
      const sent = sentAt.get(commOf.get(r.alertId) ?? '');
      if (sent === undefined) unmatched++;
      else pushMs.push(r.at - sent);
    }
    const perStream = streams.map((_, k) => received.filter((r) => r.stream === k).length);
    row(
      `detected emergency → 'radio.alert' on ${DASHBOARDS} SSE dashboards, ${count} transmissions ${EMERGENCY_GAP_MS} ms apart, ${bg ? `during ${STATUS_RATE} status/s` : 'no other load'}`,
      `${pushMs.length} deliveries (${count} × ${DASHBOARDS} expected)`,
      `POST send → event: p50 ${ms(pct(pushMs, 50))} ms, p99 ${ms(pct(pushMs, 99))} ms, max ${ms(Math.max(...pushMs))} ms (target p99 ≤ 100 ms)`,
      `POST answered: p50 ${ms(pct(answerMs, 50))} ms, p99 ${ms(pct(answerMs, 99))} ms; per stream ${Math.min(...perStream)}–${Math.max(...perStream)} alerts; not detected ${notDetected}, unmatched ${unmatched}, errors ${emergencyErrors}${bgStatus ? `; status meanwhile ${latencyOf(bgStatus)}, ${bgStatus.rate.toFixed(0)}/s, errors ${bgStatus.errors}` : ''}; ${cpuLine2}`,
    );
  };
  // A baseline (the path alone), then the target's case.
  await emergencies(Math.round(EMERGENCIES / 4), false);
  await emergencies(EMERGENCIES, true);
  for (const s of streams) s.close();
  streams.length = 0;

  // 3. Push-to-talk: 20 channels, each 1 speaker and 2 listeners; every chunk carries its send time.
  const wsBase = server.url.replace(/^http/, 'ws');
  const ebml = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
  ]);
  const marker = Buffer.from('VIGIE-PTT-BENCH!'); // 16 bytes: the header of the later chunks
  const HEADER = 16;
  interface Peer {
    ws: WebSocket;
    texts: { type: string }[];
    waitText(type: string, timeoutMs?: number): Promise<{ type: string }>;
  }
  const openPeer = async (channelId: string, onBinary?: (b: Buffer) => void): Promise<Peer> => {
    const t = await http(server.url, 'POST', '/api/radio/ptt/ticket', { ...auth, body: { channelId } });
    if (t.status !== 200) throw new Error(`ticket: ${t.status} ${t.text}`);
    const ws = new WebSocket(
      `${wsBase}/api/radio/ptt/socket?ticket=${(t.body as { ticket: string }).ticket}`,
    );
    sockets.push(ws);
    const texts: { type: string }[] = [];
    const waiters = new Set<{ type: string; ok: (m: { type: string }) => void }>();
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        onBinary?.(data as Buffer);
        return;
      }
      const msg = JSON.parse(data.toString()) as { type: string };
      texts.push(msg);
      for (const w of waiters)
        if (w.type === msg.type) {
          waiters.delete(w);
          w.ok(msg);
        }
    });
    const peer: Peer = {
      ws,
      texts,
      waitText: (type, timeoutMs = 10_000) => {
        const found = texts.find((x) => x.type === type);
        if (found) return Promise.resolve(found);
        return new Promise((ok, fail) => {
          const timer = setTimeout(() => fail(new Error(`no '${type}' within ${timeoutMs} ms`)), timeoutMs);
          waiters.add({
            type,
            ok: (msg) => {
              clearTimeout(timer);
              ok(msg);
            },
          });
        });
      },
    };
    await new Promise<void>((ok, fail) => {
      ws.once('open', () => ok());
      ws.once('error', fail);
    });
    await peer.waitText('joined');
    return peer;
  };

  const runPtt = async (label: string, withLoad: boolean) => {
    const relayMs: number[] = [];
    let badFrames = 0;
    const onBinary = (b: Buffer) => {
      const now = process.hrtime.bigint();
      if (b.length < HEADER + 8) {
        badFrames++;
        return;
      }
      relayMs.push(Number(now - b.readBigUInt64BE(HEADER)) / 1e6);
    };
    const channels: { speaker: Peer; listeners: Peer[] }[] = [];
    for (const channelId of pttChannels) {
      const listeners: Peer[] = [];
      for (let j = 0; j < PTT_LISTENERS; j++) listeners.push(await openPeer(channelId, onBinary));
      channels.push({ speaker: await openPeer(channelId), listeners });
    }
    const bg = withLoad ? load(pttSeconds + 4) : undefined;
    if (bg) await sleep(2000);
    for (const c of channels)
      c.speaker.ws.send(JSON.stringify({ type: 'talk-start', mimeType: 'audio/webm;codecs=opus' }));
    await Promise.all(channels.map((c) => c.speaker.waitText('granted')));
    await Promise.all(channels.flatMap((c) => c.listeners.map((l) => l.waitText('speaker-start'))));
    let sent = 0;
    const cpu3 = cpuMeter(server.pid, dbName);
    // Each speaker on its own timer, spread over the 50 ms period.
    const timers = channels.map((c, k) => {
      let first = true;
      const tick = () => {
        const chunk = Buffer.alloc(CHUNK_BYTES, k);
        (first ? ebml : marker).copy(chunk, 0);
        first = false;
        chunk.writeBigUInt64BE(process.hrtime.bigint(), HEADER);
        c.speaker.ws.send(chunk, { binary: true });
        sent++;
      };
      let interval: NodeJS.Timeout | undefined;
      const start = setTimeout(
        () => {
          tick();
          interval = setInterval(tick, CHUNK_EVERY_MS);
        },
        (k * CHUNK_EVERY_MS) / channels.length,
      );
      return () => {
        clearTimeout(start);
        clearInterval(interval);
      };
    });
    await sleep(pttSeconds * 1000);
    for (const stop of timers) stop();
    const cpuLine3 = cpu3();
    // The status load measured while the relay runs; the storing of the transmissions apart.
    bg?.stop();
    const bgStatus = bg ? (await bg.done)[0] : undefined;
    await sleep(200);
    const ended = performance.now();
    for (const c of channels) c.speaker.ws.send(JSON.stringify({ type: 'talk-end' }));
    const ends = await Promise.all(
      channels.flatMap((c) =>
        c.listeners.map((l) =>
          l.waitText('speaker-end', 30_000).catch(() => ({ type: 'speaker-end', communicationId: null })),
        ),
      ),
    );
    const storedMs = performance.now() - ended;
    const stored = ends.filter((e) => (e as { communicationId?: string | null }).communicationId).length;
    for (const c of channels) for (const p of [c.speaker, ...c.listeners]) p.ws.close();
    sockets.length = 0;
    row(
      `push-to-talk relay ${label}: ${PTT_CHANNELS} channels talking at once (1 speaker + ${PTT_LISTENERS} listeners each, ${PTT_CHANNELS * (PTT_LISTENERS + 1)} sockets), ${CHUNK_BYTES} B every ${CHUNK_EVERY_MS} ms for ${pttSeconds} s`,
      `${sent} chunks sent, ${relayMs.length} received (${sent * PTT_LISTENERS} expected)`,
      `speaker send → listener receipt: p50 ${ms(pct(relayMs, 50))} ms, p99 ${ms(pct(relayMs, 99))} ms, max ${ms(Math.max(...relayMs))} ms (target p99 ≤ 50 ms)`,
      `${stored / PTT_LISTENERS} of ${PTT_CHANNELS} transmissions (${(((sent / PTT_CHANNELS) * CHUNK_BYTES) / 1024).toFixed(0)} KB each) stored, the last ${ms(storedMs)} ms after talk-end${badFrames ? `, ${badFrames} bad frames` : ''}${bgStatus ? `; status meanwhile ${latencyOf(bgStatus)}, ${bgStatus.rate.toFixed(0)}/s, errors ${bgStatus.errors}` : ''}; ${cpuLine3}`,
    );
  };
  await runPtt('alone', false);
  await runPtt(`during ${STATUS_RATE} status/s`, true);
} finally {
  for (const s of streams) s.close();
  for (const ws of sockets) ws.terminate();
  await server.stop();
  await database.drop();
}

const section = [
  `## Radio (issue 13) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()}, PostgreSQL`,
  '',
  `Command: \`npx tsx bench/radio.ts --engine postgres --duration ${duration} --ptt ${pttSeconds}\`. ${RADIOS} radios, 10 sites, 21 channels; server, PostgreSQL and load generator (autocannon, SSE clients, WebSockets) share the machine.`,
  '',
  '| what | throughput | latency | notes |',
  '| --- | --- | --- | --- |',
  ...lines,
].join('\n');
console.log(`\n${section}`);
if (f.readme !== 'false') appendToReadme(section);
process.exit(0);
