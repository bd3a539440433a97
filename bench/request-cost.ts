// `BENCH_REUSE_DB=<kept database> npx tsx bench/request-cost.ts '/api/sites?limit=50' [connections] [seconds]`
// What one uncached GET costs, split by who pays: the server's main thread (and its other
// threads) and PostgreSQL's processes, in CPU milliseconds a request, from /proc, while autocannon
// drives the route. On a database an issue-18 bench run kept (`--keep-db true`); the server is
// started on it as it is, signed in as its largest company's owner (bench/lib.ts).
import autocannon from 'autocannon';
import { postgresMs, threadsMs } from './cpu';
import { startSeeded } from './lib';

const [path = '/api/sites?limit=50', connections = '1', seconds = '6'] = process.argv.slice(2);
const s = await startSeeded('postgres', [], {
  READ_CACHE_TTL_MS: '0',
  CAMERA_PROBE_INTERVAL_MS: '0',
  ALARM_ESCALATION_INTERVAL_MS: '0',
  ATTENDANCE_CHECK_INTERVAL_MS: '0',
  DAILY_JOBS_INTERVAL_MS: '0',
});
const serverThreads = () => threadsMs(s.server.pid);
const url = `${s.server.url}${path}`;
const headers = { authorization: `Bearer ${s.ctx.token}` };
await autocannon({ url, connections: Number(connections), duration: 2, headers });
const [a, pa] = [serverThreads(), postgresMs()];
const r = await autocannon({ url, connections: Number(connections), duration: Number(seconds), headers });
const [b, pb] = [serverThreads(), postgresMs()];
const n = r.requests.total;
const main = String(s.server.pid);
const others = [...b].filter(([t]) => t !== main).reduce((sum, [t, ms]) => sum + ms - (a.get(t) ?? 0), 0);
console.log(
  `${path}, ${connections} connection(s): ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}; ` +
    `CPU a request: server main thread ${(((b.get(main) ?? 0) - (a.get(main) ?? 0)) / n).toFixed(2)} ms, ` +
    `its other threads ${(others / n).toFixed(2)} ms, PostgreSQL ${((pb - pa) / n).toFixed(2)} ms`,
);
await s.close();
process.exit(0);
