// `npm run bench:probe -- --engine pglite|postgres --open 2000 --connections 32`
// The camera health monitor on 20,000 cameras (bench/seeds.ts): real TCP connections to local ports,
// `--open` of them answered by listeners of this process, the others refused (closed ports). The
// server runs its monitor at the default 30 s interval; this script times the first round (from its
// scheduled start until every open camera reads 'En ligne' through the API) and drives
// GET /api/sites?limit=50 with autocannon in one-second windows before and during the round, to see
// whether the round stalls the API. Figures are appended to bench/README.md.
import { createServer, type Server } from 'node:net';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, startSeeded } from './lib';
import { type SqlSeed, sitesAndCameras } from './seeds';

const f = flags({
  engine: 'pglite',
  open: '2000',
  connections: '32',
  listeners: '20',
  concurrency: '',
  readme: 'true',
});
const intervalMs = 30_000;
const open = Number(f.open);

// Open ports: listeners that accept and hang up. Closed ports: free ports nobody listens on.
const listeners: Server[] = [];
const openPorts: number[] = [];
for (let i = 0; i < Number(f.listeners); i++) {
  const srv = createServer((socket) => socket.destroy());
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  listeners.push(srv);
  openPorts.push((srv.address() as { port: number }).port);
}
const closedPorts = [await freePort(), await freePort(), await freePort()];

const probeTargets: SqlSeed = {
  id: 'probe-targets',
  sql: (companyId) => `
    update cameras c
       set status = 'Hors ligne', last_ping = null, probe_host = '127.0.0.1',
           probe_port = case when t.n <= ${open}
                             then (array[${openPorts.join(',')}])[1 + t.n % ${openPorts.length}]
                             else (array[${closedPorts.join(',')}])[1 + t.n % ${closedPorts.length}] end
      from (select id, row_number() over (order by md5(id::text)) as n
              from cameras where company_id = '${companyId}') t
     where c.company_id = '${companyId}' and c.id = t.id`,
};

const seeded = await startSeeded(f.engine as string, [sitesAndCameras, probeTargets], {
  CAMERA_PROBE_INTERVAL_MS: String(intervalMs),
  // The listeners are on 127.0.0.1: opened as an operator opens a network.
  CAMERA_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
  // `--concurrency n`: sockets the monitor opens at once (CAMERA_PROBE_CONCURRENCY, default 500).
  ...(f.concurrency ? { CAMERA_PROBE_CONCURRENCY: f.concurrency as string } : {}),
});
// The monitor's timer starts when the server is ready, just before /api/ready first answers 200.
const roundStart = Date.now() + intervalMs;
const { url } = seeded.server;
const auth = { authorization: `Bearer ${seeded.ctx.token}` };

async function onlineCount() {
  const res = await fetch(`${url}/api/cameras?status=En%20ligne&limit=1`, { headers: auth });
  await res.arrayBuffer();
  return Number(res.headers.get('x-total-count'));
}

interface Window {
  start: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function window(): Promise<Window> {
  const start = Date.now();
  const r = await autocannon({
    url: `${url}/api/sites?limit=50`,
    headers: auth,
    connections: Number(f.connections),
    duration: 1,
  });
  return {
    start,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

let roundEnd: number | undefined;
const watcher = (async () => {
  while (Date.now() < roundStart + 120_000) {
    if ((await onlineCount()) >= open) {
      roundEnd = Date.now();
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
})();

// Baseline windows well before the round, then windows from 2 s before the round until it ends.
const windows: Window[] = [];
try {
  await new Promise((r) => setTimeout(r, Math.max(0, roundStart - 12_000 - Date.now())));
  for (let i = 0; i < 6; i++) windows.push(await window());
  await new Promise((r) => setTimeout(r, Math.max(0, roundStart - 2_000 - Date.now())));
  while (roundEnd === undefined && Date.now() < roundStart + 120_000) windows.push(await window());
  windows.push(await window());
  await watcher;
} finally {
  await seeded.close();
  for (const l of listeners) l.close();
}

const end = roundEnd as number | undefined;
if (end === undefined) throw new Error('the probe round did not finish within 2 minutes');
const duration = end - roundStart;
const before = windows.filter((w) => w.start + 1000 <= roundStart);
const during = windows.filter((w) => w.start < end && w.start + 1000 > roundStart);
const worst = (ws: Window[], k: 'p99' | 'p50') => Math.max(...ws.map((w) => w[k]));
const avg = (ws: Window[]) => ws.reduce((s, w) => s + w.rps, 0) / Math.max(1, ws.length);
const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — camera probe round, ${f.engine}`,
  '',
  `Command: \`npm run bench:probe -- --engine ${f.engine} --open ${open} --connections ${f.connections}\` on ${machine()}.`,
  '',
  `20,000 cameras probed over real TCP (${open} on ${openPorts.length} open local listeners, the rest on closed local ports), ` +
    `interval ${intervalMs / 1000} s: the first round took **${(duration / 1000).toFixed(1)} s** ` +
    `(${((duration / intervalMs) * 100).toFixed(0)} % of the interval; scheduled start to every open camera ` +
    "reading 'En ligne' through the API, ±0.1 s).",
  '',
  '| GET /api/sites?limit=50, 1 s windows | windows | req/s | worst p50 ms | worst p99 ms | errors |',
  '|---|---:|---:|---:|---:|---:|',
  `| before the round | ${before.length} | ${avg(before).toFixed(0)} | ${worst(before, 'p50')} | ${worst(before, 'p99')} | ${before.reduce((s, w) => s + w.errors, 0)} |`,
  `| during the round | ${during.length} | ${avg(during).toFixed(0)} | ${worst(during, 'p50')} | ${worst(during, 'p99')} | ${during.reduce((s, w) => s + w.errors, 0)} |`,
].join('\n');
console.log(`\n${section}`);
if (f.readme !== 'false') appendToReadme(section);
process.exit(0);
