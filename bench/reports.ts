// `npx tsx bench/reports.ts [--duration 10] [--rate 200] [--subscribers 50] [--format excel] [--readme true]`
// The reports targets of issue 15, on the real server process and PostgreSQL: 100,000 alarms seeded
// in SQL, then a 10,000-row and a 100,000-row alarms report generated (by the job queue, in a
// document thread) while alarms are created at 200/s with 50 dashboards listening on the event
// stream. Compared with the same load without a report: the API's p99 (create), the push p99
// (create response → event at a subscriber), and the server's peak resident memory above its idle
// level while the report is built (the document thread lives in the server process).
import pg from 'pg';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { openStream, type SseStream } from '../apps/server/src/test/sse-client';
import { appendToReadme, flags, machine, rssMb, throwawayDatabase } from './lib';

const f = flags({
  engine: 'postgres',
  duration: '10',
  rate: '200',
  subscribers: '50',
  format: 'excel',
  readme: 'true',
});
if (f.engine !== 'postgres') throw new Error('the reports targets are set for PostgreSQL: --engine postgres');
const duration = Number(f.duration);
const rate = Number(f.rate);
const subscribers = Number(f.subscribers);
const format = f.format === 'pdf' ? 'pdf' : 'excel';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const day = (d: Date) => d.toISOString().slice(0, 10);

const database = await throwawayDatabase('reports');
const server = await startServer({
  databaseUrl: database.url,
  env: { CAMERA_PROBE_INTERVAL_MS: '0', ALARM_ESCALATION_INTERVAL_MS: '0', JOBS_POLL_INTERVAL_MS: '1000' },
  // BENCH_NODE_ARGS (as bench/lib.ts): e.g. a heap limit, which binds the document threads too.
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
});
const streams: SseStream[] = [];
const lines: string[] = [];
try {
  const owner = await registerAndLogin(server.url, `reports${Date.now().toString(36)}`);
  const auth = { token: owner.token };
  const site = await http(server.url, 'POST', '/api/sites', {
    ...auth,
    body: { name: 'Site du banc', address: '1 place du Banc, Lyon' },
  });
  const siteId = (site.body as { id: string }).id;

  // 100,000 alarms, one every 20 s from 60 days ago (about 23 days), each with its creation entry.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const t0 = performance.now();
  const origin = new Date(Date.now() - 60 * 86_400_000);
  origin.setUTCHours(0, 0, 0, 0);
  await db.query(
    `insert into alarms (company_id, site_id, type, severity, status, title, description, location, source,
                         triggered_at, acknowledged_at, acknowledged_by)
     select $1, $2, 'intrusion', (array['low','medium','high','critical'])[1 + i % 4],
            case when i % 3 = 0 then 'active' else 'acknowledged' end,
            'Intrusion ' || i, 'Détecteur', 'Zone ' || (i % 12), 'device',
            $3::timestamptz + i * interval '20 seconds',
            case when i % 3 = 0 then null else $3::timestamptz + i * interval '20 seconds' + (i % 600) * interval '1 second' end,
            case when i % 3 = 0 then null else 'Opérateur' end
       from generate_series(1, 100000) i`,
    [owner.companyId, siteId, origin.toISOString()],
  );
  await db.query(
    `insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
     select company_id, id, 'created', 'Vigie', triggered_at from alarms where company_id = $1`,
    [owner.companyId],
  );
  await db.query('vacuum analyze alarms');
  await db.query('vacuum analyze alarm_events');
  console.log(`seeded 100,000 alarms in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (let i = 0; i < subscribers; i++)
    streams.push(await openStream(server.url, owner.token, { countOnly: i > 0 }));
  const watcher = streams[0] as SseStream;
  const arrived = new Map<string, number>();
  watcher.onEvent = (e) => {
    const data = e.data as { data?: { id?: string } };
    if (data.data?.id) arrived.set(data.data.id, e.receivedAt);
  };
  const body = (title: string) =>
    JSON.stringify({ siteId, title, description: 'Détecteur zone 2', location: 'Zone 2', severity: 'high' });

  /** Alarms at `rate`/s until `until()` is true (and at least `seconds`); API and push latencies. */
  async function pacedAlarms(seconds: number, until: () => boolean = () => true) {
    const api: number[] = [];
    const answered = new Map<string, number>();
    const inflight: Promise<void>[] = [];
    let failures = 0;
    const started = performance.now();
    for (let i = 0; ; i++) {
      const due = started + (i * 1000) / rate;
      if (due - started > seconds * 1000 && until()) break;
      if (due - started > 600_000) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((ok) => setTimeout(ok, wait));
      const sent = performance.now();
      inflight.push(
        fetch(`${server.url}/api/alarms`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: body(`Banc ${i}`),
        })
          .then(async (res) => {
            const at = performance.now();
            api.push(at - sent);
            if (res.status !== 201) failures++;
            else answered.set(((await res.json()) as { id: string }).id, at);
          })
          .catch(() => {
            failures++;
          }),
      );
    }
    await Promise.all(inflight);
    const deadline = performance.now() + 10_000;
    while ([...answered.keys()].some((id) => !arrived.has(id)) && performance.now() < deadline)
      await new Promise((ok) => setTimeout(ok, 50));
    const push = [...answered].map(([id, at]) =>
      Math.max(0, (arrived.get(id) ?? Number.POSITIVE_INFINITY) - at),
    );
    return {
      api,
      push: push.filter(Number.isFinite),
      missing: push.filter((v) => !Number.isFinite(v)).length,
      failures,
    };
  }

  const baseline = await pacedAlarms(duration);
  const describe = (r: Awaited<ReturnType<typeof pacedAlarms>>) =>
    `API p50 ${pct(r.api, 50).toFixed(1)} ms, p99 ${pct(r.api, 99).toFixed(1)} ms; push p50 ${pct(r.push, 50).toFixed(1)} ms, p99 ${pct(r.push, 99).toFixed(1)} ms`;
  lines.push(
    `| no report, ${rate} alarms/s, ${subscribers} dashboards | ${describe(baseline)} | — | missing ${baseline.missing}, errors ${baseline.failures} |`,
  );
  console.log(lines.at(-1));

  for (const [label, days] of [
    ['10,000', 2.32],
    ['100,000', 23.2],
  ] as const) {
    const endDate = new Date(origin.getTime() + Math.floor(days) * 86_400_000);
    const idle = await rssMb(server.pid);
    const req = await http(server.url, 'POST', '/api/reports/generate', {
      ...auth,
      body: { type: 'alarms', format, startDate: day(origin), endDate: day(endDate), includeGraphs: true },
    });
    if (req.status !== 202) throw new Error(`generate: ${req.status} ${JSON.stringify(req.body)}`);
    const id = (req.body as { id: string }).id;
    let status = 'En attente';
    let peak = idle;
    const began = performance.now();
    let built = 0;
    const watch = setInterval(() => {
      void rssMb(server.pid).then((mb) => {
        peak = Math.max(peak, mb);
      });
    }, 100);
    const poll = setInterval(() => {
      void http(server.url, 'GET', `/api/reports/${id}`, auth).then((r) => {
        status = (r.body as { status: string }).status;
        if ((status === 'Prêt' || status === 'Échec') && !built) built = performance.now() - began;
      });
    }, 250);
    const during = await pacedAlarms(duration, () => status === 'Prêt' || status === 'Échec');
    clearInterval(watch);
    clearInterval(poll);
    const report = (await http(server.url, 'GET', `/api/reports/${id}`, auth)).body as {
      status: string;
      size: string;
    };
    const stats = (
      await http(
        server.url,
        'GET',
        `/api/reports/statistics?period=custom&startDate=${day(origin)}&endDate=${day(endDate)}`,
        auth,
      )
    ).body as { totalIncidents: number };
    lines.push(
      `| ${label}-row ${format === 'pdf' ? 'PDF' : 'Excel'} report (${stats.totalIncidents} alarms with their timeline) built during ${rate} alarms/s | ${describe(during)} | ${report.status} in ${(built / 1000).toFixed(1)} s, ${report.size}; server RSS peak ${peak.toFixed(0)} MB, ${(peak - idle).toFixed(0)} MB above idle (target < 300 MB) | missing ${during.missing}, errors ${during.failures} |`,
    );
    console.log(lines.at(-1));
  }
  await db.end();
} finally {
  for (const s of streams) s.close();
  await server.stop();
  await database.drop();
}

const section = [
  '## Reports (issue 15)',
  '',
  `Command: \`npx tsx bench/reports.ts --duration ${duration} --rate ${rate} --subscribers ${subscribers} --format ${format}\` on ${machine()}; server, PostgreSQL and load generator share the machine. 100,000 alarms seeded in SQL; reports of the alarms type (one row per alarm with its timeline), built by the job queue in a document thread while alarms are created at a paced rate with dashboards listening. Targets: push p99 ≤ 100 ms, API p99 not doubled, peak memory for 100,000 rows < 300 MB.`,
  '',
  '| Phase | Latencies | Report | Notes |',
  '| --- | --- | --- | --- |',
  ...lines,
].join('\n');
if (f.readme !== 'false') appendToReadme(section);
console.log(section);
