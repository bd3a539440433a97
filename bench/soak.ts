// `npm run soak -- --engine pglite|postgres --duration 60 --rate 40`
// Mixed traffic (logins, reads, writes) at a steady rate from this process against the real
// server process: zero errors, and the server's resident memory at the end within 20 % of its
// memory after the first 10 seconds. Figures are appended to bench/README.md.
// `--streams` dashboards stay subscribed to GET /api/events the whole time, and each must receive
// every alarm the soak creates.
import { http } from '../apps/server/src/test/server-process';
import { openStream } from '../apps/server/src/test/sse-client';
import { appendToReadme, flags, machine, rssMb, startSeeded } from './lib';

const f = flags({ engine: 'pglite', duration: '60', rate: '40', streams: '20' });
const durationMs = Number(f.duration) * 1000;
const rate = Number(f.rate);
const seeded = await startSeeded(f.engine as string);
const { server, ctx } = seeded;

const site = await http(server.url, 'POST', '/api/sites', {
  token: ctx.token,
  body: { name: 'Site de charge', address: '1 rue du Test, 75001 Paris', type: 'commercial' },
});
const siteId = (site.body as { id: string }).id;
const streams = await Promise.all(
  Array.from({ length: Number(f.streams) }, () => openStream(server.url, ctx.token)),
);
const alarmsCreated = new Set<string>();

type Op = { name: string; weight: number; run: (i: number) => Promise<{ status: number }> };
const ops: Op[] = [
  {
    name: 'login',
    weight: 1,
    run: () =>
      http(server.url, 'POST', '/api/auth/login', { body: { email: ctx.email, password: ctx.password } }),
  },
  { name: 'me', weight: 3, run: () => http(server.url, 'GET', '/api/auth/me', { token: ctx.token }) },
  {
    name: 'list users',
    weight: 4,
    run: () => http(server.url, 'GET', '/api/users?limit=50', { token: ctx.token }),
  },
  {
    name: 'update user',
    weight: 1,
    run: (i) =>
      http(server.url, 'PATCH', `/api/users/${ctx.userIds[1 + (i % 49)]}`, {
        token: ctx.token,
        body: { city: `Ville ${i}` },
      }),
  },
  {
    name: 'create alarm',
    weight: 1,
    run: async (i) => {
      const r = await http(server.url, 'POST', '/api/alarms', {
        token: ctx.token,
        body: { siteId, title: `Alarme ${i}`, description: 'Soak', location: 'Quai 1', severity: 'low' },
      });
      if (r.status === 201) alarmsCreated.add((r.body as { id: string }).id);
      return r;
    },
  },
  {
    name: 'list alarms',
    weight: 2,
    run: () => http(server.url, 'GET', '/api/alarms?limit=50', { token: ctx.token }),
  },
  {
    name: 'create user',
    weight: 1,
    run: (i) =>
      http(server.url, 'POST', '/api/users', {
        token: ctx.token,
        body: {
          name: `Soak ${i}`,
          email: `soak-${i}-${Date.now().toString(36)}@exemple.fr`,
          password: 'essai-vigie-1',
          role: 'agent',
        },
      }),
  },
];
const wheel = ops.flatMap((op) => Array.from({ length: op.weight }, () => op));
const counts = new Map<string, { ok: number; errors: number }>(
  ops.map((o) => [o.name, { ok: 0, errors: 0 }]),
);
const errors: string[] = [];
const latencies: number[] = [];
const inflight = new Set<Promise<void>>();

const start = Date.now();
let rssAt10: number | undefined;
let sent = 0;
const rssTimer = setTimeout(async () => {
  rssAt10 = await rssMb(server.pid);
}, 10_000);
while (Date.now() - start < durationMs) {
  const i = sent++;
  const op = wheel[i % wheel.length] as Op;
  const t0 = Date.now();
  const p: Promise<void> = op
    .run(i)
    .then(
      (r) => {
        const c = counts.get(op.name) as { ok: number; errors: number };
        if (r.status >= 200 && r.status < 300) c.ok++;
        else {
          c.errors++;
          errors.push(`${op.name}: ${r.status}`);
        }
      },
      (err: unknown) => {
        (counts.get(op.name) as { errors: number }).errors++;
        errors.push(`${op.name}: ${String(err)}`);
      },
    )
    .finally(() => {
      latencies.push(Date.now() - t0);
      inflight.delete(p);
    });
  inflight.add(p);
  // Steady rate: the next request leaves at its scheduled time, whatever the answers do.
  const next = start + ((i + 1) * 1000) / rate;
  await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
}
await Promise.all(inflight);
clearTimeout(rssTimer);
const rssEnd = await rssMb(server.pid);
// Every dashboard must have received every alarm created (allow a second for the last ones).
await new Promise((r) => setTimeout(r, 1000));
const missing = streams.map(
  (st) =>
    [...alarmsCreated].filter(
      (id) =>
        !st.events.some(
          (e) => e.event === 'alarm.created' && (e.data as { data?: { id?: string } }).data?.id === id,
        ),
    ).length,
);
const missedEvents = missing.reduce((a, b) => a + b, 0);
if (missedEvents > 0)
  errors.push(`${missedEvents} alarm.created events missing across ${streams.length} streams`);
for (const st of streams) st.close();
await seeded.close();

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const growth = rssAt10 ? (rssEnd - rssAt10) / rssAt10 : Number.NaN;
const pass = errors.length === 0 && Math.abs(growth) <= 0.2;
const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — soak, ${f.engine}`,
  '',
  `Command: \`npm run soak -- --engine ${f.engine} --duration ${f.duration} --rate ${rate} --streams ${streams.length}\` on ${machine()}.`,
  '',
  `${sent} requests at ${rate}/s (${[...counts].map(([k, v]) => `${k} ${v.ok}`).join(', ')}); errors: ${errors.length}; ` +
    `latency p50 ${pct(50)} ms, p99 ${pct(99)} ms; server RSS ${rssAt10?.toFixed(0)} MB after 10 s, ${rssEnd.toFixed(0)} MB at the end ` +
    `(${(growth * 100).toFixed(1)} %); ${streams.length} event streams open throughout, ` +
    `${alarmsCreated.size} alarms created, events missing: ${missedEvents}: ${pass ? 'pass' : 'FAIL'}.`,
].join('\n');
console.log(section);
if (errors.length > 0) console.log(`first errors: ${errors.slice(0, 10).join('; ')}`);
appendToReadme(section);
process.exit(pass ? 0 : 1);
