// `npx tsx bench/access.ts --engine postgres [--duration 10] [--readme false]`
// The access-control targets of issue 12, on the real server process: a company with 2,000 badges,
// 200 access points and 1,000,000 log lines (seeded in SQL as the database owner), then
//  1. POST /api/access/check from 200 readers with 200 different QR badges, lines written as they go
//     (target ≥ 1,000 checks/s, p99 ≤ 20 ms);
//  2. GET /api/access/logs filtered (status and site; then a search) on the million lines
//     (target p99 ≤ 50 ms);
//  3. the purge of 1,000,000 expired lines while readers keep checking (the checks' p99 during it).
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { purgeAccessLogs } from '../apps/server/src/modules/access/logs.service';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const f = flags({ engine: 'postgres', duration: '10', readme: 'true' });
if (f.engine !== 'postgres') throw new Error('the access targets are set for PostgreSQL: --engine postgres');
const duration = Number(f.duration);
const database = await throwawayDatabase('access');
const dbUrl = new URL(database.url);
const server = await startServer({
  databaseUrl: dbUrl.toString(),
  env: {
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    // The purge is run by the bench (phase 3), not by the server's daily job.
    DAILY_JOBS_INTERVAL_MS: '0',
    READ_CACHE_TTL_MS: '0',
  },
});
const lines: string[] = [];
const row = (what: string, rate: string, latency: string, notes: string) => {
  lines.push(`| ${what} | ${rate} | ${latency} | ${notes} |`);
  console.log(lines.at(-1));
};
try {
  const owner = await registerAndLogin(server.url, `access${Date.now().toString(36)}`);
  const auth = { token: owner.token };
  const siteIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const s = await http(server.url, 'POST', '/api/sites', {
      ...auth,
      body: { name: `Site ${i + 1}`, address: `${i + 1} avenue des Portes, Lyon` },
    });
    siteIds.push((s.body as { id: string }).id);
  }
  // 200 points and a reader key each, through the API (keys are hashed by the server).
  const readers: { pointId: string; key: string }[] = [];
  for (let i = 0; i < 200; i++) {
    const p = await http(server.url, 'POST', '/api/access/points', {
      ...auth,
      body: { name: `Porte ${i + 1}`, siteId: siteIds[i % 20], kind: i % 7 === 0 ? 'tourniquet' : 'porte' },
    });
    const pointId = (p.body as { id: string }).id;
    const k = await http(server.url, 'POST', `/api/access/points/${pointId}/keys`, {
      ...auth,
      body: { name: `Lecteur ${i + 1}` },
    });
    readers.push({ pointId, key: (k.body as { key: string }).key });
  }
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  let t0 = performance.now();
  await db.query(
    `insert into badges (company_id, number, type, holder_name, department, nfc_uid)
     select $1, 'B' || lpad(i::text, 5, '0'), case when i % 4 = 0 then 'nfc' else 'qrcode' end,
            (array['Hélène','Marc','Sofia','Karim','Léa','Jules','Inès','Hugo'])[1 + i % 8] || ' ' ||
            (array['Dupré','Martin','Benali','Petit','Moreau','Lefèvre','Garnier','Roux'])[1 + (i / 8) % 8] || ' ' || i,
            (array['Sécurité','Logistique','Accueil','Maintenance'])[1 + i % 4],
            case when i % 4 = 0 then lpad(to_hex(i), 8, '0') end
       from generate_series(1, 2000) i`,
    [owner.companyId],
  );
  // 1,000,000 lines over the last 80 days, about 10 % refused, spread over the points and badges.
  await db.query(
    `with p as (select id, name, site_id, row_number() over (order by id) - 1 as k
                  from access_points where company_id = $1),
          b as (select id, number, holder_name, department, type, row_number() over (order by id) - 1 as k
                  from badges where company_id = $1)
     insert into access_logs (company_id, at, point_id, point_name, site_id, site_name, badge_id, badge_number,
                              person_name, department, access_type, status, reason)
     select $1, now() - (i * interval '6.9 seconds'), p.id, p.name, p.site_id, 'Site', b.id, b.number,
            b.holder_name, b.department, b.type,
            case when i % 10 = 0 then 'Refusé' else 'Autorisé' end,
            case when i % 10 = 0 then 'hors plage horaire' end
       from generate_series(1, 1000000) i
       join p on p.k = i % 200
       join b on b.k = i % 2000`,
    [owner.companyId],
  );
  await db.query('vacuum analyze access_logs');
  await db.query('vacuum analyze badges');
  console.log(`seeded 2,000 badges and 1,000,000 lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const badgeIds = (
    await db.query(`select id from badges where type = 'qrcode' order by number limit 200`)
  ).rows.map((r) => r.id as string);
  const qrs: string[] = [];
  for (const id of badgeIds) {
    const q = await http(server.url, 'GET', `/api/access/badges/${id}/qr`, auth);
    qrs.push((q.body as { payload: string }).payload);
  }

  // 1. Checks: each request from a random reader with a random badge.
  let n = 0;
  const checkRequests: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/access/check',
      setupRequest: (req: autocannon.Request) => {
        n++;
        const reader = readers[n % readers.length] as { key: string };
        return {
          ...req,
          headers: { 'content-type': 'application/json', 'x-api-key': reader.key },
          body: JSON.stringify({ type: 'qrcode', credential: qrs[(n * 7) % qrs.length] }),
        };
      },
    },
  ];
  const before = Number((await db.query('select count(*) from access_logs')).rows[0].count);
  const checks = await autocannon({ url: server.url, connections: 16, duration, requests: checkRequests });
  const after = Number((await db.query('select count(*) from access_logs')).rows[0].count);
  row(
    'POST /api/access/check, 200 readers × 200 QR badges, 16 connections, 1,000,000 lines kept',
    `${checks.requests.average.toFixed(0)} checks/s`,
    `p50 ${checks.latency.p50} ms, p99 ${checks.latency.p99} ms (targets ≥ 1,000/s, p99 ≤ 20 ms)`,
    `${after - before} lines written; errors ${checks.errors + checks.non2xx + checks.timeouts}`,
  );

  // The same at the target's rate: what a door waits when 1,000 checks a second arrive.
  const paced = await autocannon({
    url: server.url,
    connections: 16,
    duration,
    overallRate: 1000,
    requests: checkRequests,
  });
  row(
    'POST /api/access/check paced at 1,000 checks/s, 16 connections',
    `${paced.requests.average.toFixed(0)} checks/s`,
    `p50 ${paced.latency.p50} ms, p99 ${paced.latency.p99} ms (target p99 ≤ 20 ms)`,
    `errors ${paced.errors + paced.non2xx + paced.timeouts}`,
  );

  // 2. The log, filtered, on a million lines.
  for (const [label, query] of [
    ['refused on one site', `status=Refus%C3%A9&siteId=${siteIds[3]}&limit=50`],
    ['one site, a week', `siteId=${siteIds[5]}&from=2026-11-01&to=2026-11-07&limit=50`],
    ['search « dupre »', 'search=dupre&limit=50'],
    ['no filter', 'limit=50'],
  ] as const) {
    const list = await autocannon({
      url: `${server.url}/api/access/logs?${query}`,
      connections: 4,
      duration: Math.max(3, Math.round(duration / 2)),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    row(
      `GET /api/access/logs (${label}), 1,000,000 lines, 4 connections`,
      `${list.requests.average.toFixed(0)} req/s`,
      `p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms (target p99 ≤ 50 ms)`,
      `errors ${list.errors + list.non2xx + list.timeouts}`,
    );
  }

  // 3. 1,000,000 expired lines purged while the readers keep checking.
  t0 = performance.now();
  await db.query(
    `insert into access_logs (company_id, at, point_id, point_name, site_id, site_name, person_name, access_type, status)
     select $1, now() - interval '100 days' - (i * interval '5 seconds'), null, 'Porte', null, 'Site', 'Ancien', 'nfc', 'Autorisé'
       from generate_series(1, 1000000) i`,
    [owner.companyId],
  );
  await db.query('vacuum analyze access_logs');
  console.log(`seeded 1,000,000 expired lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const alone = await autocannon({ url: server.url, connections: 16, duration: 5, requests: checkRequests });
  const appDb = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
  // Callback form: its instance can be stopped once the purge is over.
  let load: { stop: () => void } | undefined;
  const during = new Promise<autocannon.Result>((ok, fail) => {
    load = autocannon(
      { url: server.url, connections: 16, duration: 120, requests: checkRequests },
      (err, res) => (err ? fail(err) : ok(res)),
    );
  });
  await new Promise((ok) => setTimeout(ok, 1000));
  t0 = performance.now();
  const purged = await purgeAccessLogs(appDb, new Date());
  const purgeS = (performance.now() - t0) / 1000;
  load?.stop();
  const duringRes = await during;
  await appDb.close();
  row(
    `purge of ${purged.toLocaleString('en')} expired lines (batches of 5,000) while 200 readers check`,
    `${purgeS.toFixed(1)} s`,
    `checks during it: p50 ${duringRes.latency.p50} ms, p99 ${duringRes.latency.p99} ms, ${duringRes.requests.average.toFixed(0)}/s`,
    `checks alone just before: p99 ${alone.latency.p99} ms, ${alone.requests.average.toFixed(0)}/s; errors during ${duringRes.errors + duringRes.non2xx + duringRes.timeouts}`,
  );
  await db.end();
} finally {
  await server.stop();
  await database.drop();
}
if (f.readme !== 'false') {
  appendToReadme(
    [
      `## Access control (issue 12) — ${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL, read cache off`,
      '',
      'Command: `npx tsx bench/access.ts`. 2,000 badges, 200 points on 20 sites, 1,000,000 log lines.',
      '',
      '| what | throughput / time | latency | notes |',
      '| --- | --- | --- | --- |',
      ...lines,
    ].join('\n'),
  );
}
