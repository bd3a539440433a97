// Issue 29: the lists that relied on values written into SQL text, before and after values became
// bind parameters (decision 0021), in one run on one database:
//   npx tsx bench/bind-params.ts [--before <git rev>] [--duration 10] [--connections 32] [--rounds 2]
// The "before" server runs from a git worktree of `--before` (node_modules hard-linked from this
// checkout), the "after" server from this checkout; both on the same seeded PostgreSQL database
// (2,000 sites and 20,000 cameras, 50,000 alarms, 60,000 audit entries), read cache off, started in
// turn (A B A B…) so that a machine's drift weighs on both alike. Figures appended to bench/README.md.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '../apps/server/src/test/server-process';
import { alarms50kPortail } from './alarm-seeds';
import { appendToReadme, flags, machine, startSeeded } from './lib';
import { sitesAndCameras } from './seeds';

const f = flags({
  engine: 'postgres',
  before: '',
  after: '',
  duration: '10',
  connections: '32',
  rounds: '2',
  readme: 'true',
});
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const before = f.before || execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const beforeShort = before.slice(0, 7);

/** A worktree of `rev` with this checkout's node_modules hard-linked (relative workspace links then point into it). */
function worktreeOf(rev: string): string {
  const dir = `/tmp/vigie-bench-${rev.slice(0, 7)}`;
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: root, stdio: 'inherit' });
    execFileSync('cp', ['-al', `${root}/node_modules`, `${dir}/node_modules`]);
  }
  return dir;
}
const worktree = worktreeOf(before);
// --after <rev>: the "after" server from a worktree too (to isolate one commit); default this checkout.
const afterRoot = f.after ? worktreeOf(f.after) : undefined;
const afterLabel = f.after ? f.after.slice(0, 7) : 'after';

const auditSeed = {
  id: 'audit-60k',
  sql: (companyId: string) => `
    insert into audit_log (company_id, action, entity, entity_id, details, ip, created_at)
    select '${companyId}'::uuid,
           (array['alarm.created', 'alarm.acknowledged', 'alarm.resolved', 'site.updated', 'auth.login', 'badge.updated'])[1 + i % 6],
           (array['alarm', 'alarm', 'alarm', 'site', 'user', 'badge'])[1 + i % 6],
           i::text, '{}'::jsonb, '127.0.0.1', now() - make_interval(secs => i * 20)
      from generate_series(1, 60000) i`,
};

const paths = [
  '/api/sites?limit=50',
  '/api/alarms?limit=50',
  '/api/alarms?status=active&limit=50',
  '/api/audit?limit=50',
  '/api/audit?action=alarm.&limit=50',
  '/api/audit?action=site.&limit=50',
];

const seeded = await startSeeded('postgres', [sitesAndCameras, alarms50kPortail, auditSeed], {
  READ_CACHE_TTL_MS: '0',
});
const dbUrl = seeded.databaseUrl as string;
const token = seeded.ctx.token;
await seeded.server.stop();

type Side = 'before' | 'after';
const results: Record<string, Record<Side, { rps: number[]; p99: number[]; errors: number }>> = {};
for (const p of paths)
  results[p] = { before: { rps: [], p99: [], errors: 0 }, after: { rps: [], p99: [], errors: 0 } };

const env = { READ_CACHE_TTL_MS: '0', ALARM_ESCALATION_INTERVAL_MS: '0', CAMERA_PROBE_INTERVAL_MS: '0' };
for (let round = 0; round < Number(f.rounds); round++) {
  for (const side of ['before', 'after'] as Side[]) {
    const server = await startServer({
      databaseUrl: dbUrl,
      env,
      readyTimeoutMs: 600_000,
      ...(side === 'before' ? { root: worktree } : afterRoot ? { root: afterRoot } : {}),
    });
    try {
      for (const path of paths) {
        // A short warm-up: each connection prepares its statements.
        await autocannon({
          url: server.url + path,
          connections: Number(f.connections),
          duration: 2,
          headers: { authorization: `Bearer ${token}` },
        });
        const r = await autocannon({
          url: server.url + path,
          connections: Number(f.connections),
          duration: Number(f.duration),
          headers: { authorization: `Bearer ${token}` },
        });
        const row = results[path]?.[side];
        if (!row) continue;
        row.rps.push(r.requests.average);
        row.p99.push(r.latency.p99);
        row.errors += r.errors + r.timeouts + r.non2xx;
        console.log(
          `${side} round ${round + 1} ${path}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}
await seeded.close();

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const lines = [
  `### Issue 29 — lists before/after values as bind parameters (${new Date().toISOString().slice(0, 16)}Z)`,
  '',
  `${machine()}; load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}. ` +
    `\`npx tsx bench/bind-params.ts --before ${beforeShort}\`: PostgreSQL, ${f.connections} connections, ` +
    `${f.after ? `--after ${afterLabel}, ` : ''}${f.duration} s a scenario, ${f.rounds} rounds alternating the two servers on one database (2,000 sites, ` +
    "50,000 alarms, 60,000 audit entries), read cache off. req/s and p99 are the rounds' means.",
  '',
  `| GET | before (${beforeShort}): req/s, p99 | ${afterLabel}: req/s, p99 | change | errors |`,
  '|---|---:|---:|---:|---:|',
  ...paths.map((p) => {
    const r = results[p] as Record<Side, { rps: number[]; p99: number[]; errors: number }>;
    const b = mean(r.before.rps);
    const a = mean(r.after.rps);
    return `| ${p} | ${b.toFixed(0)}, ${mean(r.before.p99).toFixed(0)} ms | ${a.toFixed(0)}, ${mean(r.after.p99).toFixed(0)} ms | ${(((a - b) / b) * 100).toFixed(1)} % | ${r.before.errors + r.after.errors} |`;
  }),
  '',
];
console.log(lines.join('\n'));
if (f.readme === 'true') appendToReadme(lines.join('\n'));
