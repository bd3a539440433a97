// `BENCH_REUSE_DB=<kept issue-18 database> npx tsx bench/floor.ts [seconds] [rounds]`
// How far the issue-18 ratio bars can be reached on this machine. In the same run, with autocannon
// at 32 connections: (1) the bare route (50 rows from memory, the bars' denominator); (2) the floor
// routes of bench/floor-server.ts, the site list's 50 rows by one prepared statement with no
// security at all — no implementation of the real route can cost less; (3) the real
// /api/sites?limit=50. Rounds alternate, and each line gives the CPU a request costs the serving
// process (all its threads) and PostgreSQL, from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { postgresMs, threadsMs } from './cpu';
import { startSeeded } from './lib';

const [seconds = '10', rounds = '2'] = process.argv.slice(2);
const dbUrl = process.env.BENCH_REUSE_DB;
if (!dbUrl) throw new Error('BENCH_REUSE_DB: a database kept by an issue-18 bench run (--keep-db true)');

/** A bench server in its own process, once it says it listens. */
function child(file: string, env: Record<string, string>): Promise<ChildProcess> {
  const p = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    p.stdout?.on('data', (b: Buffer) => b.toString().includes('listening') && ok(p));
    p.once('exit', (code) => fail(new Error(`${file} exited (${code})`)));
  });
}

const quiet = {
  READ_CACHE_TTL_MS: '0',
  CAMERA_PROBE_INTERVAL_MS: '0',
  ALARM_ESCALATION_INTERVAL_MS: '0',
  ATTENDANCE_CHECK_INTERVAL_MS: '0',
  DAILY_JOBS_INTERVAL_MS: '0',
};
const s = await startSeeded('postgres', [], quiet);
const ports = { bare: 18931, floor: 18932 };
const bare = await child('./bare-server.ts', { PORT: String(ports.bare) });
const floor = await child('./floor-server.ts', {
  PORT: String(ports.floor),
  FLOOR_DATABASE_URL: dbUrl,
  FLOOR_COMPANY_ID: s.ctx.companyId,
});
const auth = { authorization: `Bearer ${s.ctx.token}` };
const targets: { name: string; url: string; pid: number; headers: Record<string, string> }[] = [
  {
    name: 'bare route, 50 rows from memory',
    url: `http://127.0.0.1:${ports.bare}/rows`,
    pid: bare.pid ?? 0,
    headers: {},
  },
  {
    name: 'floor: the 50 sites by one prepared statement, rows parsed',
    url: `http://127.0.0.1:${ports.floor}/rows`,
    pid: floor.pid ?? 0,
    headers: {},
  },
  {
    name: 'floor: the 50 sites as JSON written by PostgreSQL',
    url: `http://127.0.0.1:${ports.floor}/json`,
    pid: floor.pid ?? 0,
    headers: {},
  },
  {
    name: '/api/sites?limit=50 (the real route)',
    url: `${s.server.url}/api/sites?limit=50`,
    pid: s.server.pid,
    headers: auth,
  },
];
const processMs = (pid: number) => [...threadsMs(pid).values()].reduce((a, b) => a + b, 0);
try {
  for (let round = 1; round <= Number(rounds); round++) {
    let ceiling = 0;
    for (const t of targets) {
      await autocannon({ url: t.url, connections: 32, duration: 2, headers: t.headers });
      const [app0, pg0] = [processMs(t.pid), postgresMs()];
      const r = await autocannon({
        url: t.url,
        connections: 32,
        duration: Number(seconds),
        headers: t.headers,
      });
      const [app1, pg1] = [processMs(t.pid), postgresMs()];
      const n = r.requests.total;
      if (ceiling === 0) ceiling = r.requests.average;
      console.log(
        `| ${round} | ${t.name} | ${r.requests.average.toFixed(0)} | ${r.latency.p99} | ` +
          `${(r.requests.average / ceiling).toFixed(2)} | ${((app1 - app0) / n).toFixed(2)} | ${((pg1 - pg0) / n).toFixed(2)} | ${r.non2xx} |`,
      );
    }
  }
} finally {
  bare.kill('SIGTERM');
  floor.kill('SIGTERM');
  await s.close();
}
process.exit(0);
