// `npm run bench -- --engine pglite|postgres --duration 10 --connections 10`
// Starts the real server on a seeded database, drives each scenario of scenarios.ts with
// autocannon, and in the same run a bare Fastify route (the ceiling); prints the figures and
// appends them to bench/README.md.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, rssMb, startSeeded } from './lib';
import { type BenchContext, scenarios } from './scenarios';

const f = flags({
  engine: 'pglite',
  duration: '10',
  connections: '32',
  only: '',
  pool: '',
  readme: 'true',
  'read-cache-ttl': '',
  'quiet-jobs': 'false',
  'keep-db': 'false',
});
const duration = Number(f.duration);
const connections = Number(f.connections);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  slow?: boolean;
}

async function drive(name: string, opts: autocannon.Options, slow = false): Promise<Row> {
  const r = await autocannon({ connections, duration, ...opts });
  const errors = r.errors + r.timeouts + r.non2xx;
  const row = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p975: r.latency.p97_5,
    p99: r.latency.p99,
    errors,
    slow,
  };
  console.log(
    `${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p97.5 ${row.p975} ms, p99 ${row.p99} ms, errors ${errors}`,
  );
  if (errors > 0) {
    // Which errors: status codes, connection errors, timeouts.
    console.log(
      `  errors of ${name}:`,
      JSON.stringify({ statusCodes: r.statusCodeStats, errors: r.errors, timeouts: r.timeouts }),
    );
  }
  return row;
}

async function startBare(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./bare-server.ts', import.meta.url))],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((ok, fail) => {
    child.stdout?.on('data', (b: Buffer) => b.toString().includes('listening') && ok());
    child.once('exit', (code) => fail(new Error(`bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

// `--only a,b`: the scenarios whose name contains one of the texts (the bare route always runs).
const only = (f.only as string).split(',').filter(Boolean);
const selected = scenarios.filter((s) => only.length === 0 || only.some((o) => s.name.includes(o)));
const seeds = [
  ...new Map(
    selected.flatMap((s) => (s.seed ? [s.seed].flat() : [])).map((seed) => [seed.id, seed] as const),
  ).values(),
];
const bare = await startBare();
// `--pool n`: the server's PostgreSQL pool size (DATABASE_POOL_SIZE).
// `--read-cache-ttl 0`: every read reaches the database (READ_CACHE_TTL_MS). `--quiet-jobs true`:
// no background job (probes, escalation, attendance, daily purges) runs during the figures.
const seeded = await startSeeded(f.engine as string, seeds, {
  ...(f.pool ? { DATABASE_POOL_SIZE: f.pool as string } : {}),
  ...(f['read-cache-ttl'] ? { READ_CACHE_TTL_MS: f['read-cache-ttl'] as string } : {}),
  ...(f['quiet-jobs'] === 'true'
    ? {
        CAMERA_PROBE_INTERVAL_MS: '0',
        ALARM_ESCALATION_INTERVAL_MS: '0',
        ATTENDANCE_CHECK_INTERVAL_MS: '0',
        DAILY_JOBS_INTERVAL_MS: '0',
      }
    : {}),
}).catch((err) => {
  bare.stop();
  throw err;
});
const rows: Row[] = [];
// The server's resident memory through the run, sampled every 500 ms from /proc.
const rss: number[] = [];
const load = [loadavg()[0] ?? 0];
const sampler = setInterval(() => {
  rssMb(seeded.server.pid).then(
    (mb) => rss.push(mb),
    () => {},
  );
}, 500);
try {
  rows.push(await drive('bare Fastify route, 50 rows from memory', { url: `${bare.url}/rows` }));
  const ctx: BenchContext = seeded.ctx;
  for (const s of selected) {
    await s.setup?.(ctx, seeded.server.url);
    const path = typeof s.path === 'function' ? s.path(ctx) : s.path;
    const body = s.body?.(ctx);
    rows.push(
      await drive(
        s.name,
        {
          url: `${seeded.server.url}${path}`,
          method: s.method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(s.headers?.(ctx) ?? {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        s.slow,
      ),
    );
  }
} finally {
  clearInterval(sampler);
  load.push(loadavg()[0] ?? 0);
  // `--keep-db true`: the seeded PostgreSQL database stays, to examine plans with psql afterwards.
  await seeded.close(f['keep-db'] === 'true');
  if (f['keep-db'] === 'true') console.log(`kept the database: ${seeded.databaseUrl}`);
  bare.stop();
}

const ceiling = rows[0]?.rps ?? 1;
const line = (r: Row) =>
  `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p975} | ${r.p99} | ${r === rows[0] ? '1.00' : (r.rps / ceiling).toFixed(2)} | ${r.errors} |`;
const head =
  '| scenario | req/s | p50 ms | p97.5 ms | p99 ms | ratio to bare | errors |\n|---|---:|---:|---:|---:|---:|---:|';
const fast = rows.filter((r) => !r.slow);
const slow = rows.filter((r) => r.slow);
const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${f.engine}`,
  '',
  `Command: \`npm run bench -- --engine ${f.engine} --duration ${duration} --connections ${connections}${f.only ? ` --only '${f.only}'` : ''}${f.pool ? ` --pool ${f.pool}` : ''}${f['read-cache-ttl'] ? ` --read-cache-ttl ${f['read-cache-ttl']}` : ''}${f['quiet-jobs'] === 'true' ? ' --quiet-jobs true' : ''}\` on ${machine()}; load average ${load.map((l) => l.toFixed(1)).join(' → ')}; server RSS ${rss.length ? `${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB through the run` : 'not sampled'}.`,
  '',
  head,
  ...fast.map(line),
  ...(slow.length > 0
    ? [
        '',
        'Deliberately slow (argon2id password hashing, capped at 4 concurrent hashes):',
        '',
        head,
        ...slow.map(line),
      ]
    : []),
].join('\n');
console.log(`\n${section}`);
// `--readme false`: a trial run, printed only.
if (f.readme !== 'false') appendToReadme(section);
const failed = rows.some((r) => r.errors > 0);
process.exit(failed ? 1 : 0);
