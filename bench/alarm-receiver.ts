// `npx tsx bench/alarm-receiver.ts [--engine postgres] [--panels 500] [--rate 1000] [--duration 60]
//   [--alarms 0.1] [--encrypted 0.1] [--readme false]`
// Issue 32: `--panels` panels, each on its own TCP connection to the server's DC-09 receiver,
// together sending `--rate` frames a second for `--duration` seconds, a share `--alarms` of them
// burglary alarms and the rest supervision (NULL link tests); a share `--encrypted` of the panels
// with an AES-128 key. One frame at a time per connection, as a panel waits for its ACK. Measures
// the ACK's round trip (p50, p99), every alarm's arrival on a dashboard's event stream (from the
// frame's sending, p50, p99), frames without an answer, and the server's resident memory through the
// run. Appends the figures to bench/README.md unless `--readme false`.
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildFrame } from '../apps/server/src/modules/panels/protocol/answer';
import { http } from '../apps/server/src/test/server-process';
import { openStream } from '../apps/server/src/test/sse-client';
import { appendToReadme, flags, machine, rssMb, startSeeded } from './lib';

const f = flags({
  engine: 'postgres',
  panels: '500',
  rate: '1000',
  duration: '60',
  alarms: '0.1',
  encrypted: '0.1',
  readme: 'true',
});
const panels = Number(f.panels);
const rate = Number(f.rate);
const durationMs = Number(f.duration) * 1000;
const alarmShare = Number(f.alarms);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : Number.NaN;
};

const seeded = await startSeeded(f.engine as string, [], {
  ALARM_RECEIVER_PORT: '0',
  LOG_LEVEL: 'warn',
  // Every panel of the bench connects from 127.0.0.1.
  ALARM_RECEIVER_CONNECTIONS_PER_ADDRESS: String(Number(f.panels) + 10),
});
const { server, ctx } = seeded;
try {
  const post = async (path: string, body: unknown) => {
    const r = await http(server.url, 'POST', path, { token: ctx.token, body });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.text}`);
    return r.body as Record<string, unknown>;
  };
  const sites: string[] = [];
  for (let i = 0; i < 5; i++)
    sites.push(
      (await post('/api/sites', { name: `Site banc ${i + 1}`, address: `${i + 1} rue du Banc, Lyon` }))
        .id as string,
    );
  const receiver = (await http(server.url, 'GET', '/api/panels/receiver', { token: ctx.token })).body as {
    prefix: string;
    port: number | null;
    state: string;
  };
  if (!receiver.port) throw new Error(`receiver not listening: ${JSON.stringify(receiver)}`);
  const keyHex = '00112233445566778899AABBCCDDEEFF';
  const list: { account: string; key?: Buffer }[] = [];
  for (let i = 0; i < panels; i++) {
    const account = (0x1000 + i).toString(16).toUpperCase();
    const encrypted = i < Math.round(panels * Number(f.encrypted));
    await post('/api/panels', {
      siteId: sites[i % sites.length],
      name: `Centrale ${i + 1}`,
      account,
      ...(encrypted ? { aesKey: keyHex } : {}),
      supervisionMinutes: 10,
    });
    list.push({ account, ...(encrypted ? { key: Buffer.from(keyHex, 'hex') } : {}) });
  }

  const stream = await openStream(server.url, ctx.token);
  const sentAlarm = new Map<number, number>();
  const streamLatency: number[] = [];
  stream.onEvent = (e) => {
    if (e.event !== 'alarm.created') return;
    const zone = Number(
      /(\d+)\s*$/.exec(String((e.data as { data?: { location?: string } }).data?.location ?? ''))?.[1],
    );
    const t0 = sentAlarm.get(zone);
    if (t0 !== undefined) {
      streamLatency.push(e.receivedAt - t0);
      sentAlarm.delete(zone);
    }
  };

  const ackRtt: number[] = [];
  /** The same round trips, for the link tests and the alarms apart. */
  const ackRttLink: number[] = [];
  const ackRttAlarm: number[] = [];
  let sent = 0;
  let answered = 0;
  let unanswered = 0;
  let nonAck = 0;
  let alarmCounter = 0;
  const rss: number[] = [];
  // The bench's own event loop: a late timer or a late read here adds to every round trip measured.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const sampler = setInterval(async () => rss.push(await rssMb(server.pid)), 5_000);
  const start = Date.now();
  const perPanelMs = (panels / rate) * 1000;

  const runPanel = async (p: { account: string; key?: Buffer }, index: number) => {
    const socket = net.connect(receiver.port as number, '127.0.0.1');
    await new Promise<void>((ok, ko) => socket.once('connect', ok).once('error', ko));
    let buffer = Buffer.alloc(0);
    let waiting: ((b: Buffer | null) => void) | null = null;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf(0x0d);
      if (end >= 0 && waiting) {
        const frame = buffer.subarray(0, end + 1);
        buffer = buffer.subarray(end + 1);
        const w = waiting;
        waiting = null;
        w(frame);
      }
    });
    let seq = 1;
    // Spread the panels' first frames over one period.
    await new Promise((ok) => setTimeout(ok, (index / panels) * perPanelMs));
    while (Date.now() - start < durationMs) {
      const due = Date.now() + perPanelMs;
      const isAlarm = Math.random() < alarmShare;
      const zone = isAlarm ? (alarmCounter++ % 9999) + 1 : 0;
      const frame = buildFrame({
        id: isAlarm ? 'SIA-DCS' : 'NULL',
        sequence: seq,
        receiver: '0',
        prefix: receiver.prefix,
        account: p.account,
        data: isAlarm ? `#${p.account}|Nri1/BA${String(zone).padStart(4, '0')}` : '',
        timestamp: new Date(),
        ...(p.key ? { key: p.key } : {}),
      });
      seq = seq === 9999 ? 1 : seq + 1;
      const t0 = Date.now();
      // The stream stamps its events with performance.now().
      if (isAlarm) sentAlarm.set(zone, performance.now());
      const answer = new Promise<Buffer | null>((ok) => {
        waiting = ok;
        setTimeout(() => ok(null), 5_000);
      });
      socket.write(frame);
      sent++;
      const a = await answer;
      waiting = null;
      if (!a) unanswered++;
      else {
        answered++;
        ackRtt.push(Date.now() - t0);
        (isAlarm ? ackRttAlarm : ackRttLink).push(Date.now() - t0);
        if (!a.includes('ACK')) nonAck++;
      }
      const rest = due - Date.now();
      if (rest > 0) await new Promise((ok) => setTimeout(ok, rest));
    }
    socket.end();
  };
  await Promise.all(list.map((p, i) => runPanel(p, i)));
  clearInterval(sampler);
  await new Promise((ok) => setTimeout(ok, 2_000));
  stream.close();
  const seconds = durationMs / 1000;
  const alarmsSent = alarmCounter;
  const lines = [
    `## Issue 32 — alarm receiver: ${panels} panels on TCP, ${rate} frames/s for ${f.duration} s (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${f.engine})`,
    '',
    `\`npx tsx bench/alarm-receiver.ts --engine ${f.engine} --panels ${panels} --rate ${rate} --duration ${f.duration}\` on ${machine()}:`,
    '',
    '| frames sent | answered | unanswered | not ACK | rate | ACK p50 | ACK p99 | alarms sent | on the stream | stream p50 | stream p99 | server RSS (first → last) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${sent} | ${answered} | ${unanswered} | ${nonAck} | ${(sent / seconds).toFixed(0)}/s | ${pct(ackRtt, 50)} ms | ${pct(ackRtt, 99)} ms | ${alarmsSent} | ${streamLatency.length} | ${pct(streamLatency, 50).toFixed(0)} ms | ${pct(streamLatency, 99).toFixed(0)} ms | ${rss.length ? `${rss[0]?.toFixed(0)} → ${rss[rss.length - 1]?.toFixed(0)} MB (max ${Math.max(...rss).toFixed(0)})` : '—'} |`,
  ];
  lines.push(
    '',
    `ACK p50/p99 by kind: link tests ${pct(ackRttLink, 50)}/${pct(ackRttLink, 99)} ms, alarms ${pct(ackRttAlarm, 50)}/${pct(ackRttAlarm, 99)} ms. The bench's own event-loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms.`,
  );
  console.log(lines.join('\n'));
  if (f.readme !== 'false') appendToReadme(lines.join('\n'));
} finally {
  await seeded.close();
}
