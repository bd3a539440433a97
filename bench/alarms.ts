// `npx tsx bench/alarms.ts --engine postgres [--duration 10] [--subscribers 50] [--rate 500] [--pool 20]
//   [--only create,push,list] [--readme false]`
// The alarm and real-time targets of issue 5, on the real server process:
//  1. sustained POST /api/alarms (autocannon) with 50 SSE streams of the company open; every event
//     must reach every stream;
//  2. push latency, create response → event at a subscriber, at a steady 500 alarms/s;
//  3. GET /api/alarms?status=active&limit=50 with 500,000 alarms in the company (plan printed).
// Prints the figures and appends them to bench/README.md (unless `--readme false`). `--pool` sets the
// server's DATABASE_POOL_SIZE; `--only` keeps some of the three parts.
import autocannon from 'autocannon';
import pg from 'pg';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { openStream, type SseStream } from '../apps/server/src/test/sse-client';
import { alarms500k } from './alarm-seeds';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const f = flags({
  engine: 'postgres',
  duration: '10',
  subscribers: '50',
  rate: '500',
  connections: '50',
  pool: '20',
  only: 'create,push,list',
  readme: 'true',
});
if (f.engine !== 'postgres') throw new Error('the alarm targets are set for PostgreSQL: --engine postgres');
const duration = Number(f.duration);
const subscribers = Number(f.subscribers);
const rate = Number(f.rate);
const only = f.only ?? 'create,push,list';
const pool = f.pool ?? '20';
const parts = new Set(only.split(','));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};

const database = await throwawayDatabase('alarms');
const dbUrl = new URL(database.url);
const server = await startServer({
  databaseUrl: dbUrl.toString(),
  env: { CAMERA_PROBE_INTERVAL_MS: '0', ALARM_ESCALATION_INTERVAL_MS: '0', DATABASE_POOL_SIZE: pool },
});
const streams: SseStream[] = [];
const lines: string[] = [];
try {
  const owner = await registerAndLogin(server.url, `alarms${Date.now().toString(36)}`);
  const site = await http(server.url, 'POST', '/api/sites', {
    token: owner.token,
    body: { name: 'Site du banc', address: '1 place du Banc, Lyon' },
  });
  const siteId = (site.body as { id: string }).id;
  const body = (title: string) =>
    JSON.stringify({ siteId, title, description: 'Détecteur zone 2', location: 'Zone 2', severity: 'high' });
  // One stream keeps every event (the push latency reads it); the other dashboards count theirs.
  for (let i = 0; i < subscribers; i++)
    streams.push(await openStream(server.url, owner.token, { countOnly: i > 0 }));
  const received = () => Math.min(...streams.map((s) => s.count));

  // 1. Sustained creation with the streams open.
  if (parts.has('create')) {
    const before = received();
    const r = await autocannon({
      url: `${server.url}/api/alarms`,
      method: 'POST',
      connections: Number(f.connections),
      duration,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: body('Intrusion soutenue'),
      // The load in a thread of its own: on one thread with the 50 streams' parsing, the generator
      // itself was the bound (a full core), not the server.
      workers: 1,
    });
    const created = r.requests.total - r.non2xx - r.errors;
    const drainStart = performance.now();
    while (received() - before < created && performance.now() - drainStart < 30_000)
      await new Promise((ok) => setTimeout(ok, 50));
    const delivered = received() - before;
    lines.push(
      `| sustained POST /api/alarms, ${Number(f.connections)} connections, ${subscribers} SSE streams open | ${r.requests.average.toFixed(0)} alarms/s (target ≥ 2,000) | p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms | ${created} created, each stream received ${delivered} (${(performance.now() - drainStart).toFixed(0)} ms after the last response), errors ${r.errors + r.non2xx + r.timeouts} |`,
    );
    console.log(lines.at(-1));
    for (const s of streams) s.events.length = 0;
  }

  // 2. Push latency at a steady rate: response of the create → event at one subscriber.
  if (parts.has('push')) {
    const watcher = streams[0] as SseStream;
    const arrived = new Map<string, number>();
    watcher.onEvent = (e) => arrived.set((e.data as { data: { id: string } }).data.id, e.receivedAt);
    const answered = new Map<string, number>();
    const total = rate * duration;
    const started = performance.now();
    const inflight: Promise<void>[] = [];
    let failures = 0;
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((ok) => setTimeout(ok, wait));
      inflight.push(
        fetch(`${server.url}/api/alarms`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: body(`Latence ${i}`),
        })
          .then(async (res) => {
            const at = performance.now();
            if (res.status !== 201) failures++;
            answered.set(((await res.json()) as { id: string }).id, at);
          })
          .catch(() => {
            failures++;
          }),
      );
    }
    await Promise.all(inflight);
    const achieved = total / ((performance.now() - started) / 1000);
    const deadline = performance.now() + 10_000;
    while (arrived.size < answered.size && performance.now() < deadline)
      await new Promise((ok) => setTimeout(ok, 50));
    const latencies: number[] = [];
    let early = 0;
    let missing = 0;
    for (const [id, at] of answered) {
      const got = arrived.get(id);
      if (got === undefined) missing++;
      else {
        if (got < at) early++;
        latencies.push(Math.max(0, got - at));
      }
    }
    lines.push(
      `| push latency at ${rate} alarms/s (${achieved.toFixed(0)} achieved), create response → event at a subscriber | p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (target < 100 ms), max ${Math.max(...latencies).toFixed(1)} ms | ${early} of ${latencies.length} events arrived before their response (counted 0) | missing ${missing}, errors ${failures} |`,
    );
    console.log(lines.at(-1));
  }
  for (const s of streams) s.close();
  streams.length = 0;

  // 3. The list with 500,000 alarms in the company.
  if (parts.has('list')) {
    const owner2 = new pg.Client({ connectionString: dbUrl.toString() });
    await owner2.connect();
    const seedStart = performance.now();
    await owner2.query(alarms500k.sql(owner.companyId));
    await owner2.query('vacuum analyze alarms');
    await owner2.query('vacuum analyze alarm_events');
    const seedMs = performance.now() - seedStart;
    const list = await autocannon({
      url: `${server.url}/api/alarms?status=active&limit=50`,
      connections: 10,
      duration,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const plan = await owner2.query(
      `explain (analyze, costs off, timing off, summary on)
     select a.id from alarms a where a.company_id = $1 and a.status = 'active'
      order by a.triggered_at desc nulls last, a.id desc nulls last limit 51`,
      [owner.companyId],
    );
    // The total comes from the counts kept by triggers (migration 0011), not from counting rows.
    const countPlan = await owner2.query(
      `explain (analyze, costs off, timing off, summary on)
     select coalesce(sum(c.n), 0) from alarm_status_counts c where c.company_id = $1 and c.status = 'active'`,
      [owner.companyId],
    );
    await owner2.end();
    const planText = (p: pg.QueryResult) => p.rows.map((x) => x['QUERY PLAN']).join(' / ');
    console.log(planText(plan), '\n', planText(countPlan));
    lines.push(
      `| GET /api/alarms?status=active&limit=50, 500,000 alarms (10,000 active), 10 connections | ${list.requests.average.toFixed(0)} req/s | p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms (target < 25 ms) | seeded in ${(seedMs / 1000).toFixed(0)} s; errors ${list.errors + list.non2xx + list.timeouts} |`,
    );
    console.log(lines.at(-1));
    lines.push('', `Page plan: \`${planText(plan)}\``, '', `Count plan: \`${planText(countPlan)}\``);
  }
} finally {
  for (const s of streams) s.close();
  await server.stop();
  await database.drop();
}

const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — alarms and real time, postgres`,
  '',
  `Command: \`npx tsx bench/alarms.ts --engine postgres --duration ${duration} --subscribers ${subscribers} --rate ${rate} --pool ${pool}${only === 'create,push,list' ? '' : ` --only ${only}`}\` on ${machine()}; server, PostgreSQL and load generator share the machine.`,
  '',
  '| scenario | throughput | latency | notes |',
  '|---|---:|---|---|',
  ...lines,
].join('\n');
console.log(`\n${section}`);
if (f.readme !== 'false') appendToReadme(section);
