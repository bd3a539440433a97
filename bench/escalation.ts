// `npx tsx bench/escalation.ts --engine pglite|postgres [--backlog 5000] [--readme false]`
// An escalation pass over a backlog of overdue high alarms (a night's worth left unacknowledged, or
// an instance back after an outage), in process, on a fresh database: how long the pass takes and
// how long a list read waits while it runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { escalateDueAlarms } from '../apps/server/src/modules/alarms/alarm-escalation';
import { createTestApp, registerCompany } from '../apps/server/src/test/harness';
import { appendToReadme, flags, machine } from './lib';

const f = flags({ engine: 'pglite', backlog: '5000', readme: 'true' });
const engine = f.engine as 'pglite' | 'postgres';
const backlog = Number(f.backlog);
const t = await createTestApp(engine);
try {
  const owner = await registerCompany(t.app);
  const companyId = owner.company.id;
  const site = await t.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: owner.auth,
    payload: { name: 'Site du banc', address: '1 place du Banc, Lyon' },
  });
  const siteId = site.json().id as string;
  await t.db.withTenant(companyId, (tx) =>
    tx.execute(sql`
      insert into alarms (company_id, site_id, type, severity, title, description, location, source, triggered_at)
      select ${companyId}, ${siteId}, 'intrusion', 'high', 'Arriéré ' || i, 'd', 'l', 'device',
             now() - interval '1 hour' - i * interval '1 second'
        from generate_series(1, ${backlog}) i`),
  );
  // A dashboard during the pass: a list read over real HTTP every 50 ms, each one timed.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  const read = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: '/api/alarms?status=active&limit=50', agent, headers: owner.auth },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        )
        .on('error', reject);
    });
  const waits: number[] = [];
  let passing = true;
  const reader = (async () => {
    while (passing) {
      const started = performance.now();
      const status = await read();
      if (status !== 200) throw new Error(`list answered ${status}`);
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  const escalated = await escalateDueAlarms(t.db, { minutes: 5, mailer: null });
  const passMs = performance.now() - started;
  passing = false;
  await reader;
  agent.destroy();
  waits.sort((a, b) => a - b);
  const pct = (p: number) =>
    waits[Math.min(waits.length - 1, Math.floor((p / 100) * waits.length))] ?? Number.NaN;
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — escalation backlog, ${engine}`,
    '',
    `Command: \`npx tsx bench/escalation.ts --engine ${engine} --backlog ${backlog}\` on ${machine()}.`,
    '',
    `${escalated} alarms escalated in ${(passMs / 1000).toFixed(1)} s (${(escalated / (passMs / 1000)).toFixed(0)}/s); ` +
      `meanwhile ${waits.length} list reads (one every 50 ms after the previous answer): p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms.`,
  ].join('\n');
  console.log(section);
  if (f.readme !== 'false') appendToReadme(section);
} finally {
  await t.close();
}
