// `npx tsx bench/logbook.ts --engine postgres [--duration 30] [--agents 200] [--think 5000] [--phases agents,big] [--readme false] [--keep true] [--profile <dir>]`
// The main courante targets of issue 16, on the real server process (PostgreSQL, read cache off):
//  1. `--agents` agents at once (default 200), each with its own session and a shift in progress on
//     one of 20 sites, each walking its own tour (10 QR checkpoints): every `--think` ms on average
//     (exponential pauses, default 5 s: about ten times a busy agent's pace) an agent writes an entry
//     (POST /api/logbook) or scans its next checkpoint (POST /api/rounds/:id/scans), starting a new
//     round when one is done — entry creation p99 (target ≤ 30 ms), scans p50/p99; then a run with
//     no pause at all (the saturation point); afterwards every site's numbering is checked in SQL (no
//     gap, no duplicate, the counter agrees) and every chain through GET /api/logbook/verify;
//  2. one site with 100,000 entries (valid hashes, written as the table owner): one day listed,
//     GET /api/logbook?siteId=&from=&to= (target p99 ≤ 30 ms) at 1 and 4 connections, and the
//     chain check of the whole register.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { entryHash, GENESIS_HASH } from '../apps/server/src/modules/logbook/logbook.models';
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const f = flags({
  engine: 'postgres',
  duration: '30',
  agents: '200',
  think: '5000',
  readme: 'true',
  keep: 'false',
  // `agents`, `big` or both: the agents at once, the site of 100,000 entries.
  phases: 'agents,big',
  // `--profile <dir>`: the server writes a CPU profile there when it stops.
  profile: '',
  // `--scans false`: the agents only write entries (the entry's own cost, alone).
  scans: 'true',
});
const phases = new Set(f.phases?.split(','));
if (f.engine !== 'postgres')
  throw new Error('the main courante targets are set for PostgreSQL: --engine postgres');
const duration = Number(f.duration);
const agentCount = Number(f.agents);
const SITES = 20;
const CHECKPOINTS = 10;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const ms = (v: number) => v.toFixed(1);
/** `fn` over `items`, `n` at a time. */
async function pool<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}
const must = <R extends { status: number; text: string }>(res: R, status: number, what: string) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res;
};

const database = await throwawayDatabase('logbook');
const dbUrl = new URL(database.url);
const server = await startServer({
  databaseUrl: dbUrl.toString(),
  nodeArgs: f.profile ? ['--cpu-prof', `--cpu-prof-dir=${f.profile}`] : [],
  env: {
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    // Also stops the system-entry copier and the guard tour pass: the bench measures the requests.
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    DAILY_JOBS_INTERVAL_MS: '0',
    READ_CACHE_TTL_MS: '0',
  },
});
const lines: string[] = [];
const row = (what: string, rate: string, latency: string, notes: string) => {
  lines.push(`| ${what} | ${rate} | ${latency} | ${notes} |`);
  console.log(lines.at(-1));
};
const loadAtStart = loadavg()[0] ?? 0;
try {
  const owner = await registerAndLogin(server.url, `logbook${Date.now().toString(36)}`);
  const admin = { token: owner.token };
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();

  // ---- Seed: sites, agent users (through the API: their passwords are hashed), agents and shifts
  // in progress (SQL, as the planning bench does), a tour each, a round started each, a session each.
  let t0 = performance.now();
  const siteIds = await pool(
    Array.from({ length: SITES }, (_, i) => i),
    4,
    async (i) =>
      (
        must(
          await http(server.url, 'POST', '/api/sites', {
            ...admin,
            body: { name: `Site ${i + 1}`, address: `${i + 1} quai des Rondes, Lyon` },
          }),
          201,
          'site',
        ).body as { id: string }
      ).id,
  );
  const tag = Date.now().toString(36);
  const users = await pool(
    Array.from({ length: agentCount }, (_, i) => i),
    4,
    async (i) => {
      const email = `agent-${i}-${tag}@exemple.fr`;
      const res = must(
        await http(server.url, 'POST', '/api/users', {
          ...admin,
          body: { name: `Agent ${i + 1}`, email, password: 'essai-vigie-1', role: 'agent', city: 'Lyon' },
        }),
        201,
        'user',
      );
      return { id: (res.body as { id: string }).id, email, siteId: siteIds[i % SITES] as string };
    },
  );
  await db.query(
    `with u as (select * from unnest($2::uuid[], $3::uuid[]) with ordinality as x(user_id, site_id, n)),
          a as (insert into agents (company_id, name, badge, phone, email, speciality, level, hire_date, user_id, assigned_site_id)
                select $1, 'Agent ' || n, 'B' || lpad(n::text, 4, '0'), '0600000000', 'agent' || n || '@exemple.fr',
                       'Surveillance', 'senior', date '2022-01-01', user_id, site_id from u
                returning id, assigned_site_id)
     insert into shifts (company_id, agent_id, site_id, type, status, starts_at, ends_at, local_date, start_time,
                         end_time, worked_minutes, clock_in_at)
     select $1, a.id, a.assigned_site_id, 'custom', 'En cours', now() - interval '1 hour', now() + interval '7 hours',
            current_date, '08:00', '16:00', 480, now() - interval '1 hour' from a`,
    [owner.companyId, users.map((u) => u.id), users.map((u) => u.siteId)],
  );
  const tours = await pool(users, 4, async (u, i) => {
    const created = must(
      await http(server.url, 'POST', '/api/tours', {
        ...admin,
        body: {
          siteId: u.siteId,
          name: `Ronde ${i + 1}`,
          expectedMinutes: 60,
          orderMode: 'fixed',
          checkpoints: Array.from({ length: CHECKPOINTS }, (_, k) => ({
            name: `Point ${k + 1}`,
            kind: 'qr',
          })),
        },
      }),
      201,
      'tour',
    ).body as { id: string; checkpoints: { code: string | null }[] };
    return { id: created.id, codes: created.checkpoints.map((c) => c.code as string) };
  });
  const sessions = await pool(users, 4, async (u) => {
    const res = must(
      await http(server.url, 'POST', '/api/auth/login', {
        body: { email: u.email, password: 'essai-vigie-1' },
      }),
      200,
      'login',
    );
    return (res.body as { access_token: string }).access_token;
  });
  const startRound = async (i: number) => {
    const res = must(
      await http(server.url, 'POST', `/api/tours/${tours[i]?.id}/rounds`, { token: sessions[i], body: {} }),
      201,
      'round',
    );
    return (res.body as { id: string }).id;
  };
  const rounds = await pool(users, 4, async (_, i) => ({ id: await startRound(i), next: 0 }));
  await db.query('vacuum analyze');
  console.log(
    `seeded ${SITES} sites, ${agentCount} agents on duty with a tour and a started round each in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // ---- 1. The agents at once.
  /** CPU time (user + system, ms) the server process has used so far (Linux). */
  const serverCpuMs = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const run = async (seconds: number, thinkMs: number) => {
    const cpu0 = serverCpuMs();
    const entryMs: number[] = [];
    const scanMs: number[] = [];
    const startMs: number[] = [];
    let errors = 0;
    let firstError = '';
    const deadline = performance.now() + seconds * 1000;
    const timed = async (
      list: number[],
      fn: () => Promise<{ status: number; body: unknown; text: string }>,
      ok: number,
    ) => {
      const a = performance.now();
      const res = await fn();
      list.push(performance.now() - a);
      if (res.status !== ok) {
        errors++;
        firstError ||= `${res.status} ${res.text.slice(0, 200)}`;
      }
      return res;
    };
    // The machine's floor in the same seconds: a route with no database work (GET /api/health),
    // ten times a second. A tail that this route shows too is the machine's, not the write's.
    const floor = (async () => {
      const out: number[] = [];
      while (performance.now() < deadline) {
        const a = performance.now();
        await http(server.url, 'GET', '/api/health', {});
        out.push(performance.now() - a);
        await new Promise((ok) => setTimeout(ok, 100));
      }
      return out;
    })();
    await Promise.all(
      users.map(async (u, i) => {
        const token = sessions[i] as string;
        let n = 0;
        // Agents do not start in step: the first action of each falls anywhere in the first pause.
        if (thinkMs > 0) await new Promise((ok) => setTimeout(ok, Math.random() * thinkMs));
        while (performance.now() < deadline) {
          n++;
          if (f.scans === 'false' || n % 2 === 1) {
            await timed(
              entryMs,
              () =>
                http(server.url, 'POST', '/api/logbook', {
                  token,
                  body: { siteId: u.siteId, category: 'ronde', text: `Passage ${n} : RAS, portes fermées.` },
                }),
              201,
            );
          } else {
            const round = rounds[i] as { id: string; next: number };
            if (round.next >= CHECKPOINTS) {
              const res = await timed(
                startMs,
                () => http(server.url, 'POST', `/api/tours/${tours[i]?.id}/rounds`, { token, body: {} }),
                201,
              );
              if (res.status === 201) rounds[i] = { id: (res.body as { id: string }).id, next: 0 };
            } else {
              const code = tours[i]?.codes[round.next];
              round.next++;
              await timed(
                scanMs,
                () => http(server.url, 'POST', `/api/rounds/${round.id}/scans`, { token, body: { code } }),
                201,
              );
            }
          }
          // Exponential pauses: the agents' actions arrive as a random stream, not in waves.
          if (thinkMs > 0) await new Promise((ok) => setTimeout(ok, -Math.log(1 - Math.random()) * thinkMs));
        }
      }),
    );
    const cpuMs = serverCpuMs() - cpu0;
    return { entryMs, scanMs, startMs, floorMs: await floor, errors, firstError, cpuMs };
  };
  const report = (label: string, r: Awaited<ReturnType<typeof run>>, seconds: number) => {
    const total = r.entryMs.length + r.scanMs.length + r.startMs.length;
    row(
      `${label}: POST /api/logbook`,
      `${(r.entryMs.length / seconds).toFixed(0)} entries/s (${r.entryMs.length})`,
      `p50 ${ms(pct(r.entryMs, 50))} ms, p99 ${ms(pct(r.entryMs, 99))} ms (target p99 ≤ 30 ms)`,
      `all requests ${(total / seconds).toFixed(0)}/s, server CPU ${(r.cpuMs / total).toFixed(1)} ms a request (${((r.cpuMs / (seconds * 1000)) * 100).toFixed(0)} % of a core); errors ${r.errors}${r.firstError ? ` (${r.firstError})` : ''}`,
    );
    row(
      `${label}: POST /api/rounds/:id/scans`,
      `${(r.scanMs.length / seconds).toFixed(0)} scans/s (${r.scanMs.length})`,
      `p50 ${ms(pct(r.scanMs, 50))} ms, p99 ${ms(pct(r.scanMs, 99))} ms`,
      `rounds started meanwhile: ${r.startMs.length} (p99 ${ms(pct(r.startMs, 99))} ms)`,
    );
    row(
      `${label}: GET /api/health (no database), 10 a second beside them`,
      `${r.floorMs.length} requests`,
      `p50 ${ms(pct(r.floorMs, 50))} ms, p99 ${ms(pct(r.floorMs, 99))} ms`,
      "the machine's floor in the same seconds",
    );
  };
  if (phases.has('agents')) {
    // A fresh server compiles and warms its paths on the first requests: not part of the figures.
    await run(5, Number(f.think));
    report(
      `${agentCount} agents at once, one action each every ${f.think} ms on average, ${duration} s`,
      await run(duration, Number(f.think)),
      duration,
    );
    const satSeconds = Math.min(duration, 15);
    report(
      `${agentCount} agents at once, no pause (saturation), ${satSeconds} s`,
      await run(satSeconds, 0),
      satSeconds,
    );

    // Numbering per site: 1..n without gap nor duplicate, the counter agreeing; each chain verified.
    const numbering = await db.query(
      `select e.site_id, count(*)::int as n, count(distinct e.number)::int as distinct_n, min(e.number) as min,
            max(e.number) as max, c.last
       from logbook_entries e join logbook_counters c on c.company_id = e.company_id and c.site_id = e.site_id
      where e.company_id = $1 group by e.site_id, c.last`,
      [owner.companyId],
    );
    const bad = numbering.rows.filter(
      (r) => r.n !== r.distinct_n || r.min !== 1 || r.max !== r.n || r.last !== r.n,
    );
    const entries = numbering.rows.reduce((s, r) => s + r.n, 0);
    let chainsOk = 0;
    for (const siteId of siteIds) {
      const v = await http(server.url, 'GET', `/api/logbook/verify?siteId=${siteId}`, admin);
      if ((v.body as { ok: boolean }).ok) chainsOk++;
    }
    row(
      'numbering and chains after the runs',
      `${entries} entries on ${numbering.rows.length} sites`,
      '—',
      `sites with a gap, a duplicate or a counter off: ${bad.length}; chains verified intact: ${chainsOk}/${siteIds.length}`,
    );
  }

  if (phases.has('big')) {
    // ---- 2. One site with 100,000 entries over 100 days (1,000 a day), valid hashes, as the owner.
    const big = must(
      await http(server.url, 'POST', '/api/sites', {
        ...admin,
        body: { name: 'Site 100k', address: '1 rue du Registre, Lyon' },
      }),
      201,
      'site',
    ).body as { id: string; name: string };
    t0 = performance.now();
    const TOTAL = 100_000;
    const firstDay = Date.UTC(2026, 0, 1);
    const step = (100 * 86_400_000) / TOTAL;
    const categories = [
      'ronde',
      'passage',
      'consigne',
      'incident',
      'appel',
      'relève',
      'intervention',
      'autre',
    ] as const;
    let prev = GENESIS_HASH;
    const BATCH = 2_000;
    for (let start = 1; start <= TOTAL; start += BATCH) {
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let number = start; number < start + BATCH && number <= TOTAL; number++) {
        const e = {
          id: randomUUID(),
          companyId: owner.companyId,
          siteId: big.id,
          siteName: big.name,
          number,
          occurredAt: new Date(firstDay + (number - 1) * step),
          category: categories[number % categories.length] as (typeof categories)[number],
          text: `Entrée ${number} : passage au poste, contrôle des accès, rien à signaler.`,
          photoIds: [] as string[],
          authorUserId: owner.userId,
          authorName: 'Admin',
          shiftId: null,
          correctsId: null,
          source: 'user' as const,
          sourceEventId: null,
        };
        const hash = entryHash(e, prev);
        const p = values.length;
        tuples.push(
          `(${Array.from({ length: 13 }, (_, k) => `$${p + k + 1}`).join(', ')}, '[]'::jsonb, 'user')`,
        );
        values.push(
          e.companyId,
          e.id,
          e.siteId,
          e.siteName,
          e.number,
          e.occurredAt.toISOString(),
          e.category,
          e.text,
          e.authorUserId,
          e.authorName,
          prev,
          hash,
          e.occurredAt.toISOString(),
        );
        prev = hash;
      }
      await db.query(
        `insert into logbook_entries (company_id, id, site_id, site_name, number, occurred_at, category, text,
                                    author_user_id, author_name, prev_hash, hash, created_at, photo_ids, source)
       values ${tuples.join(', ')}`,
        values,
      );
    }
    await db.query(
      'insert into logbook_counters (company_id, site_id, last, last_hash) values ($1, $2, $3, $4)',
      [owner.companyId, big.id, TOTAL, prev],
    );
    await db.query('vacuum analyze logbook_entries');
    await db.query('vacuum analyze logbook_counters');
    console.log(`seeded ${TOTAL} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const day = (d: number) => new Date(firstDay + d * 86_400_000).toISOString();
    for (const [label, query] of [
      [
        'one day in the middle (day 50, 1,000 entries: the newest 100 and the day’s total)',
        `from=${day(50)}&to=${day(51)}`,
      ],
      ['the last day', `from=${day(99)}&to=${day(100)}`],
      ['no period (the newest 100, the kept count)', ''],
    ] as const) {
      const url = `${server.url}/api/logbook?siteId=${big.id}${query ? `&${query}` : ''}`;
      const probe = await fetch(url, { headers: { authorization: `Bearer ${owner.token}` } });
      const listed = ((await probe.json()) as unknown[]).length;
      for (const connections of [1, 4]) {
        const res = await autocannon({
          url,
          connections,
          duration: 10,
          headers: { authorization: `Bearer ${owner.token}` },
        });
        row(
          `GET /api/logbook, site of 100,000 entries, ${label}, ${connections} connection${connections > 1 ? 's' : ''}`,
          `${res.requests.average.toFixed(0)} req/s`,
          `p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms (target p99 ≤ 30 ms)`,
          `${listed} entries answered, X-Total-Count ${probe.headers.get('x-total-count')}; errors ${res.errors + res.non2xx + res.timeouts}`,
        );
      }
    }
    t0 = performance.now();
    const verified = await http(server.url, 'GET', `/api/logbook/verify?siteId=${big.id}`, {
      ...admin,
      timeoutMs: 120_000,
    });
    row(
      'GET /api/logbook/verify, the whole chain of 100,000 entries',
      `${((performance.now() - t0) / 1000).toFixed(2)} s`,
      '—',
      `answer ${verified.text}`,
    );
  }
  await db.end();
} finally {
  await server.stop();
  if (f.keep === 'true') console.log(`kept ${dbUrl}`);
  else await database.drop();
}
const load = `load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
console.log(load);
if (f.readme !== 'false') {
  appendToReadme(
    [
      `## Main courante (issue 16) — ${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL, read cache off`,
      '',
      `Command: \`npx tsx bench/logbook.ts --engine postgres --duration ${duration} --agents ${agentCount} --think ${f.think}\`. ${SITES} sites, ${agentCount} agents each with its own session, a shift in progress and a tour of ${CHECKPOINTS} QR checkpoints; then one site with 100,000 entries. Machine ${load}.`,
      '',
      '| what | throughput / time | latency | notes |',
      '| --- | --- | --- | --- |',
      ...lines,
    ].join('\n'),
  );
}
