// `npx tsx bench/planning.ts --engine postgres [--duration 10] [--readme false] [--profile <dir>] [--keep true]`
// The planning targets of issue 11, on the real server process, with a company of 500 agents and
// 60 days of shifts around today (seeded in SQL as the database owner):
//  1. POST /api/shifts, every working-time rule checked against the agent's plan (target p99 ≤ 30 ms);
//  2. GET /api/planning/week for a company of 500 agents, a page of 100 and all 500 (target p99 ≤ 50 ms);
//  3. GET /api/planning/export for the month (target ≤ 5 s), with another endpoint's p99 measured
//     during it and without it (the workbook is built in a worker thread).
import autocannon from 'autocannon';
import pg from 'pg';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const f = flags({ engine: 'postgres', duration: '10', readme: 'true', profile: '', keep: 'false' });
if (f.engine !== 'postgres')
  throw new Error('the planning targets are set for PostgreSQL: --engine postgres');
const duration = Number(f.duration);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const parisDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const database = await throwawayDatabase('planning');
const dbUrl = new URL(database.url);
const server = await startServer({
  databaseUrl: dbUrl.toString(),
  // `--profile <dir>`: the server writes a CPU profile there when it stops.
  nodeArgs: f.profile ? ['--cpu-prof', `--cpu-prof-dir=${f.profile}`] : [],
  env: {
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    DAILY_JOBS_INTERVAL_MS: '0',
    // Every read reaches the database: the figures are what a busy control room pays.
    READ_CACHE_TTL_MS: '0',
  },
});
const lines: string[] = [];
try {
  const owner = await registerAndLogin(server.url, `planning${Date.now().toString(36)}`);
  const siteIds: string[] = [];
  for (let i = 0; i < 10; i++) {
    const s = await http(server.url, 'POST', '/api/sites', {
      token: owner.token,
      body: {
        name: `Site ${i + 1}`,
        address: `${i + 1} rue du Banc, Lyon`,
        latitude: 45.76,
        longitude: 4.83,
      },
    });
    siteIds.push((s.body as { id: string }).id);
  }
  const today = parisDay(new Date());
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const seedStart = performance.now();
  // 500 agents with a valid CNAPS card; each works 8 h (08:00–16:00, Paris) five days in seven,
  // staggered, over the 30 days before and after today: every rule holds for this plan.
  await db.query(
    `insert into agents (company_id, name, badge, phone, email, speciality, level, hire_date, status,
                         cnaps_number, cnaps_expires_on, assigned_site_id)
     select $1, 'Agent ' || lpad(i::text, 3, '0'), 'B' || lpad(i::text, 4, '0'), '0600000000',
            'agent' || i || '@exemple.fr', 'Surveillance', 'senior', date '2022-01-01', 'actif',
            'CAR-069-2035-01-01-' || lpad(i::text, 11, '0'), date '2035-01-01', ($2::uuid[])[1 + i % 10]
       from generate_series(1, 500) i`,
    [owner.companyId, siteIds],
  );
  await db.query(
    `insert into shifts (company_id, agent_id, site_id, type, status, starts_at, ends_at, local_date,
                         start_time, end_time, worked_minutes)
     select a.company_id, a.id, a.assigned_site_id, 'custom', 'Programmé',
            (d + time '08:00') at time zone 'Europe/Paris', (d + time '16:00') at time zone 'Europe/Paris',
            d, '08:00', '16:00', 480
       from (select company_id, id, assigned_site_id, row_number() over (order by id) as n from agents) a
       cross join lateral generate_series($1::date - 30, $1::date + 29, interval '1 day') g(day)
       cross join lateral (select g.day::date as d) x
      where ((x.d - $1::date) + a.n) % 7 < 5`,
    [today],
  );
  await db.query('vacuum analyze agents');
  await db.query('vacuum analyze shifts');
  const { rows } = await db.query('select count(*)::int as n from shifts');
  const seedMs = performance.now() - seedStart;
  const agentIds = (await db.query('select id from agents order by name')).rows.map((r) => r.id as string);
  await db.end();
  console.log(`seeded ${rows[0].n} shifts in ${(seedMs / 1000).toFixed(1)} s`);

  // 1. Creating shifts: four per agent, two days apart, after the seeded plan (no rule refuses them),
  // 10 at a time; each checks every rule against the agent's ±15 days.
  const creations = agentIds.flatMap((agentId, i) =>
    [0, 1, 2, 3].map((j) => ({
      agentId,
      siteId: siteIds[i % 10],
      date: addDays(today, 40 + 2 * j),
      startTime: '08:00',
      endTime: '16:00',
      shiftType: 'custom',
    })),
  );
  // First one planner at a time (a person at the form), then 10 at a time (an import, or a busy
  // planning office).
  const runCreations = async (list: typeof creations, concurrency: number) => {
    const ms: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < list.length) {
          const body = list[next++];
          const t0 = performance.now();
          const res = await http(server.url, 'POST', '/api/shifts', { token: owner.token, body });
          ms.push(performance.now() - t0);
          if (res.status !== 201) errors++;
        }
      }),
    );
    const rate = list.length / ((performance.now() - started) / 1000);
    lines.push(
      `| POST /api/shifts, every rule checked, 500 agents × 60 days planned, ${concurrency} at a time | ${rate.toFixed(0)} shifts/s | p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms (target ≤ 30 ms) | ${list.length} created, errors ${errors} |`,
    );
    console.log(lines.at(-1));
  };
  await runCreations(creations.slice(0, 1000), 1);
  await runCreations(creations.slice(1000), 10);

  // 2. The week view of the company: the page of 100 agents the screen asks for first, and all 500
  // agents in one answer (limit=500).
  for (const [limit, connectionsList] of [
    [100, [1, 4]],
    [500, [1, 4]],
  ] as const) {
    const url = `/api/planning/week?from=${today}&limit=${limit}`;
    const weekRes = await http(server.url, 'GET', url, { token: owner.token });
    const body = weekRes.body as { agents: { shifts: unknown[] }[] };
    const weekShifts = body.agents.reduce((n, a) => n + a.shifts.length, 0);
    for (const connections of connectionsList) {
      const week = await autocannon({
        url: `${server.url}${url}`,
        connections,
        duration,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      lines.push(
        `| GET /api/planning/week?limit=${limit} of 500 agents (${body.agents.length} agents, ${weekShifts} shifts, ${(weekRes.text.length / 1024).toFixed(0)} KB), ${connections} connection${connections > 1 ? 's' : ''} | ${week.requests.average.toFixed(0)} req/s | p50 ${week.latency.p50} ms, p99 ${week.latency.p99} ms (target ≤ 50 ms) | errors ${week.errors + week.non2xx + week.timeouts} |`,
      );
      console.log(lines.at(-1));
    }
  }

  // 3. The month export, and what another endpoint feels meanwhile.
  const other = `${server.url}/api/sites?limit=50`;
  const alone = await autocannon({
    url: other,
    connections: 4,
    duration: 5,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const month = today.slice(0, 7);
  const during = autocannon({
    url: other,
    connections: 4,
    duration: 8,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  await new Promise((ok) => setTimeout(ok, 1000));
  const t0 = performance.now();
  const file = await fetch(`${server.url}/api/planning/export?month=${month}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const bytes = (await file.arrayBuffer()).byteLength;
  const exportMs = performance.now() - t0;
  const duringRes = await during;
  lines.push(
    `| GET /api/planning/export?month=${month}, 500 agents (status ${file.status}, ${(bytes / 1024).toFixed(0)} KB) | ${(exportMs / 1000).toFixed(2)} s (target ≤ 5 s) | GET /api/sites meanwhile: p99 ${duringRes.latency.p99} ms, max ${duringRes.latency.max} ms | alone: p99 ${alone.latency.p99} ms, max ${alone.latency.max} ms |`,
  );
  console.log(lines.at(-1));
} finally {
  await server.stop();
  // `--keep true`: the seeded database stays, to read query plans.
  if (f.keep === 'true') console.log(`kept ${dbUrl}`);
  else await database.drop();
}
if (f.readme !== 'false') {
  appendToReadme(
    [
      `## Planning (issue 11) — ${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL, read cache off`,
      '',
      'Command: `npx tsx bench/planning.ts --engine postgres`. 500 agents, 60 days of shifts around today (about 21,400).',
      '',
      '| what | throughput / time | latency | notes |',
      '| --- | --- | --- | --- |',
      ...lines,
    ].join('\n'),
  );
}
