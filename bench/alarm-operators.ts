// `npx tsx bench/alarm-operators.ts [--duration 20] [--connections 50] [--operators 20] [--pool 20]
//   [--max-waiting 500] [--wait 3000]
//   [--readme false] [--label text] [--before <commit>]`
// Issue 30: alarm creation through the device API (POST /api/integrations/alarms with a key, over 5
// sites, autocannon) at the rate of issue 5 (≥ 2,000 a second), while `--operators` signed-in
// operators each take the newest active alarm from the list, acknowledge it and resolve it, one
// request at a time. Prints each kind's rate, p50 and p99, the answers ≥ 500 and 503, and the
// database's deadlock counter (pg_stat_database.deadlocks) before and after; then every kept count
// against the rows counted in SQL. Appends the figures to bench/README.md unless `--readme false`.
// `--before <commit>` runs the server of that commit instead (a git worktree under /tmp, node_modules
// hard-linked from this checkout, as bench/bind-params.ts does): the figures before a change.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const f = flags({
  engine: 'postgres',
  duration: '20',
  connections: '50',
  operators: '20',
  pool: '20',
  'max-waiting': '500',
  wait: '3000',
  readme: 'true',
  label: '',
  before: '',
});
let root: string | undefined;
if (f.before) {
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  root = `/tmp/vigie-bench-before-${(f.before as string).slice(0, 7)}`;
  if (!existsSync(root)) {
    execFileSync('git', ['worktree', 'add', '--detach', root, f.before as string], {
      cwd: top,
      stdio: 'inherit',
    });
    execFileSync('cp', ['-al', `${top}/node_modules`, `${root}/node_modules`]);
  }
}
if (f.engine !== 'postgres') throw new Error('this bench runs on PostgreSQL: --engine postgres');
const duration = Number(f.duration);
const operators = Number(f.operators);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};

const database = await throwawayDatabase('operators');
const server = await startServer({
  databaseUrl: database.url,
  ...(root ? { root } : {}),
  // A loaded machine may take minutes to migrate and start.
  readyTimeoutMs: 300_000,
  env: {
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    DATABASE_POOL_SIZE: f.pool as string,
    DATABASE_POOL_MAX_WAITING: f['max-waiting'] as string,
    DATABASE_POOL_WAIT_MS: f.wait as string,
    LOG_LEVEL: 'warn',
  },
});
const owner = new pg.Client({ connectionString: database.url });
await owner.connect();
const lines: string[] = [];
try {
  const admin = await registerAndLogin(server.url, `ops${Date.now().toString(36)}`);
  const siteIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await http(server.url, 'POST', '/api/sites', {
      token: admin.token,
      body: { name: `Site ${i + 1}`, address: `${i + 1} rue du Banc, Lyon` },
    });
    siteIds.push((r.body as { id: string }).id);
  }
  const key = (
    (
      await http(server.url, 'POST', '/api/integrations/keys', {
        token: admin.token,
        body: { name: 'Centrale' },
      })
    ).body as { key: string }
  ).key;
  const tokens: string[] = [];
  for (let i = 0; i < operators; i++) {
    const email = `operateur-${i}-${Date.now().toString(36)}@exemple.fr`;
    const password = 'essai-vigie-1';
    const created = await http(server.url, 'POST', '/api/users', {
      token: admin.token,
      body: { name: `Opérateur ${i + 1}`, email, password, role: 'operator', city: 'Lyon' },
    });
    if (created.status !== 201) throw new Error(`operator: ${created.status} ${created.text}`);
    const login = await http(server.url, 'POST', '/api/auth/login', { body: { email, password } });
    tokens.push((login.body as { access_token: string }).access_token);
  }
  const deadlocks = async () =>
    Number(
      (await owner.query('select deadlocks from pg_stat_database where datname = current_database()')).rows[0]
        ?.deadlocks ?? 0,
    );
  const deadlocksBefore = await deadlocks();

  // Operators: the newest active alarm not already taken by another, acknowledged then resolved.
  const taken = new Set<string>();
  const samples = { list: [] as number[], acknowledge: [] as number[], resolve: [] as number[] };
  const statuses = new Map<string, number>();
  const timed = async (kind: keyof typeof samples, run: () => Promise<Response>) => {
    const t0 = performance.now();
    try {
      const res = await run();
      const body = await res.text();
      samples[kind].push(performance.now() - t0);
      statuses.set(`${kind} ${res.status}`, (statuses.get(`${kind} ${res.status}`) ?? 0) + 1);
      return { status: res.status, body };
    } catch {
      statuses.set(`${kind} error`, (statuses.get(`${kind} error`) ?? 0) + 1);
      return { status: 0, body: '' };
    }
  };
  let running = true;
  const operator = async (token: string) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    while (running) {
      const list = await timed('list', () =>
        fetch(`${server.url}/api/alarms?status=active&limit=50`, {
          headers: { authorization: headers.authorization },
        }),
      );
      if (list.status !== 200) continue;
      const id = (JSON.parse(list.body) as { id: string }[]).map((a) => a.id).find((x) => !taken.has(x));
      if (!id) {
        await new Promise((ok) => setTimeout(ok, 20));
        continue;
      }
      taken.add(id);
      await timed('acknowledge', () =>
        fetch(`${server.url}/api/alarms/${id}/acknowledge`, { method: 'POST', headers, body: '{}' }),
      );
      await timed('resolve', () =>
        fetch(`${server.url}/api/alarms/${id}/resolve`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            note: 'Levée de doute faite',
            decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
          }),
        }),
      );
    }
  };
  const ops = tokens.map((t) => operator(t));
  let n = 0;
  const creation = await autocannon({
    url: `${server.url}/api/integrations/alarms`,
    method: 'POST',
    connections: Number(f.connections),
    duration,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            siteId: siteIds[n++ % siteIds.length],
            severity: ['low', 'medium', 'high', 'critical'][n % 4],
            title: 'Intrusion',
            description: 'Détecteur zone 2',
            location: 'Zone 2',
          }),
        }),
      },
    ],
  });
  running = false;
  await Promise.all(ops);
  await new Promise((ok) => setTimeout(ok, 1_500));
  const deadlocksSeen = (await deadlocks()) - deadlocksBefore;

  // Every kept count (base rows, and pending deltas where the schema has them) against the rows.
  const deltas = (await owner.query(`select to_regclass('site_count_deltas') is not null as d`)).rows[0]?.d;
  const orNone = (q: string) => (deltas ? q : 'select 0 where false');
  const { rows: diff } = await owner.query(
    `select 'site' as k from sites s
      where s.company_id = $1 and (select count(*) from alarms a where a.company_id = s.company_id and a.site_id = s.id and a.status <> 'resolved')
          <> coalesce((select sum(open_alarms) from (select open_alarms from site_counts c where c.company_id = s.company_id and c.site_id = s.id
               union all ${orNone('select open_alarms from site_count_deltas d where d.company_id = s.company_id and d.site_id = s.id')}) x), 0)
     union all
     select 'status' from (select status, severity, count(*) n from alarms where company_id = $1 group by 1, 2) r
      where r.n <> coalesce((select sum(n) from (select n from alarm_status_counts c where c.company_id = $1 and c.status = r.status and c.severity = r.severity
               union all ${orNone('select n from alarm_status_count_deltas d where d.company_id = $1 and d.status = r.status and d.severity = r.severity')}) x), 0)`,
    [admin.companyId],
  );
  const created = creation.requests.total - creation.non2xx - creation.errors;
  const errs = (kind: string) =>
    [...statuses].filter(([k]) => k.startsWith(kind) && !/ 20[01]$/.test(k)).reduce((a, [, v]) => a + v, 0);
  const handled = statuses.get('resolve 200') ?? 0;
  console.log(Object.fromEntries(statuses), JSON.stringify(creation.statusCodeStats));
  lines.push(
    `| POST /api/integrations/alarms, ${f.connections} connections, 5 sites | ${creation.requests.average.toFixed(0)} alarms/s | p50 ${creation.latency.p50} ms, p99 ${creation.latency.p99} ms | ${created} created; errors ${creation.errors + creation.non2xx + creation.timeouts} ${JSON.stringify(creation.statusCodeStats)} |`,
    `| GET /api/alarms?status=active&limit=50, ${operators} operators | ${(samples.list.length / duration).toFixed(0)} req/s | p50 ${pct(samples.list, 50).toFixed(0)} ms, p99 ${pct(samples.list, 99).toFixed(0)} ms | errors ${errs('list')} |`,
    `| POST /api/alarms/:id/acknowledge | ${(samples.acknowledge.length / duration).toFixed(0)} req/s | p50 ${pct(samples.acknowledge, 50).toFixed(0)} ms, p99 ${pct(samples.acknowledge, 99).toFixed(0)} ms | errors ${errs('acknowledge')} |`,
    `| POST /api/alarms/:id/resolve | ${(samples.resolve.length / duration).toFixed(0)} req/s | p50 ${pct(samples.resolve, 50).toFixed(0)} ms, p99 ${pct(samples.resolve, 99).toFixed(0)} ms | ${handled} resolved; errors ${errs('resolve')} |`,
    `| database | deadlocks ${deadlocksSeen} (pg_stat_database) | | kept counts differing from the rows: ${diff.length} |`,
  );
  for (const l of lines) console.log(l);
} finally {
  await owner.end();
  await server.stop();
  await database.drop();
}

const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — issue 30, alarm creation with ${operators} operators, postgres${f.label ? ` — ${f.label}` : ''}`,
  '',
  `Command: \`npx tsx bench/alarm-operators.ts --duration ${duration} --connections ${f.connections} --operators ${operators} --pool ${f.pool} --max-waiting ${f['max-waiting']} --wait ${f.wait}${f.before ? ` --before ${(f.before as string).slice(0, 7)}` : ''}\` on ${machine()}; server, PostgreSQL and load generator share the machine.`,
  '',
  '| requests | throughput | latency | notes |',
  '|---|---:|---|---|',
  ...lines,
].join('\n');
console.log(`\n${section}`);
if (f.readme !== 'false') appendToReadme(section);
