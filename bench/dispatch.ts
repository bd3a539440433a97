// `npx tsx bench/dispatch.ts [--engine postgres] [--agents 1000] [--every 10] [--viewers 50]
//   [--duration 60] [--nearest 400] [--readme true|false]`
// Issue 34's bars for positions and dispatch, on the real server process and PostgreSQL:
//  1. nearest agents among --agents on duty: GET /api/interventions/candidates?siteId=… one after
//     the other, alone and under the positions' load (bar p99 ≤ 20 ms);
//  2. position to map: --agents agents on duty (each its own session, clocked in on one of 20 sites
//     around Paris, consenting) send their phone's position every --every s, evenly spread (open
//     loop), while --viewers control-room streams (SSE, what the map listens to) are open; the delay
//     is from the POST's send to the 'agent.position' event on each stream, matched by the agent and
//     the exact position sent (bar p99 ≤ 1 s);
//  3. the map's overview (GET /api/map/overview) with those agents, one after the other.
// Everything is set up through the API (users, agents, shifts, clock-in, consent), as the agent
// space does it. The load generator and the streams run in this process, the server in its own.
import { http, registerAndLogin, startServer } from '../apps/server/src/test/server-process';
import { openStream, type SseStream } from '../apps/server/src/test/sse-client';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';
import { readProc } from './proc';

const f = flags({
  engine: 'postgres',
  agents: '1000',
  every: '10',
  viewers: '50',
  duration: '60',
  nearest: '400',
  readme: 'true',
});
if (f.engine !== 'postgres')
  throw new Error('the dispatch targets are set for PostgreSQL: --engine postgres');
const AGENTS = Number(f.agents);
const EVERY_S = Number(f.every);
const VIEWERS = Number(f.viewers);
const DURATION_S = Number(f.duration);
const NEAREST = Number(f.nearest);
const SITES = 20;
const SETUP_CONCURRENCY = 8;

const sleep = (t: number) => new Promise((ok) => setTimeout(ok, t));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const ms = (x: number) => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(1) : x.toFixed(0));
const lat = (x: number[]) =>
  `p50 ${ms(pct(x, 50))} ms, p95 ${ms(pct(x, 95))} ms, p99 ${ms(pct(x, 99))} ms, max ${ms(pct(x, 100))} ms`;

/** Paris local date and time of an instant, as the shift form takes them. */
function parisParts(d: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Runs `task` over 0..n-1, `width` at a time. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

function must<R extends { status: number; text: string }>(r: R, expected: number, what: string): R {
  if (r.status !== expected) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

interface Agent {
  id: string;
  token: string;
  site: number;
  lat: number;
  lng: number;
}

async function main() {
  const db = await throwawayDatabase('dispatch');
  const server = await startServer({ databaseUrl: db.url, env: {} });
  const base = server.url;
  const rows: string[][] = [];
  try {
    const owner = await registerAndLogin(base, `dispatch${Date.now().toString(36)}`);
    const auth = { token: owner.token };
    const setupStart = performance.now();

    // 20 sites on a ring around Paris (about 8 km from the centre).
    const sites: { id: string; lat: number; lng: number }[] = [];
    for (let s = 0; s < SITES; s++) {
      const angle = (2 * Math.PI * s) / SITES;
      const at = { lat: 48.8566 + 0.07 * Math.sin(angle), lng: 2.3522 + 0.11 * Math.cos(angle) };
      const r = must(
        await http(base, 'POST', '/api/sites', {
          ...auth,
          body: {
            name: `Site ${s + 1}`,
            address: `${s + 1} rue du Banc, Paris`,
            latitude: at.lat,
            longitude: at.lng,
          },
        }),
        201,
        'site',
      );
      sites.push({ id: (r.body as { id: string }).id, ...at });
    }

    // The agents: a user of role agent, its agent record, a shift starting now on its site,
    // clocked in there, consenting to be located.
    const agents: Agent[] = [];
    const tag = Date.now().toString(36);
    const start = parisParts(new Date(Date.now() + 2 * 60_000));
    const end = parisParts(new Date(Date.now() + 8 * 3_600_000));
    await pool(AGENTS, SETUP_CONCURRENCY, async (i) => {
      const email = `agent-${i}-${tag}@exemple.fr`;
      const password = 'essai-vigie-1';
      const user = must(
        await http(base, 'POST', '/api/users', {
          ...auth,
          body: { name: `Agent ${i + 1}`, email, password, role: 'agent', city: 'Paris' },
        }),
        201,
        'user',
      ).body as { id: string };
      const login = must(
        await http(base, 'POST', '/api/auth/login', { body: { email, password } }),
        200,
        'login',
      ).body as { access_token: string };
      const agent = must(
        await http(base, 'POST', '/api/agents', {
          ...auth,
          body: {
            name: `Agent ${i + 1}`,
            badge: `BN-${i + 1}`,
            phone: '06 12 34 56 78',
            email,
            speciality: 'Surveillance',
            level: 'senior',
            hireDate: '2023-03-01',
            cnapsNumber: `CAR-075-2035-03-14-${String(20190000000 + i)}`,
            cnapsExpiresOn: '2035-03-14',
            userId: user.id,
          },
        }),
        201,
        'agent',
      ).body as { id: string };
      const site = i % SITES;
      const s = sites[site] as (typeof sites)[number];
      const shift = must(
        await http(base, 'POST', '/api/shifts', {
          ...auth,
          body: {
            agentId: agent.id,
            siteId: s.id,
            date: start.date,
            startTime: start.time,
            endTime: end.time,
            breakStart: null,
            breakEnd: null,
            shiftType: 'custom',
          },
        }),
        201,
        'shift',
      ).body as { id: string };
      const token = login.access_token;
      must(
        await http(base, 'POST', `/api/shifts/${shift.id}/clock-in`, {
          token,
          body: { latitude: s.lat, longitude: s.lng, accuracy: 10 },
        }),
        200,
        'clock-in',
      );
      must(
        await http(base, 'PUT', '/api/agent/location-consent', { token, body: { consented: true } }),
        200,
        'consent',
      );
      // Spread around the site, up to about 3 km away.
      const spread = () => (Math.random() - 0.5) * 0.05;
      agents.push({ id: agent.id, token, site, lat: s.lat + spread(), lng: s.lng + spread() });
    });
    const setupS = (performance.now() - setupStart) / 1000;
    console.log(`${AGENTS} agents on duty in ${setupS.toFixed(0)} s`);

    // Every agent's first position, so that each is a candidate.
    await pool(AGENTS, SETUP_CONCURRENCY, async (i) => {
      const a = agents[i] as Agent;
      must(
        await http(base, 'POST', '/api/agent/positions', {
          token: a.token,
          body: { lat: a.lat, lng: a.lng, accuracy: 15 },
        }),
        201,
        'first position',
      );
    });

    // The route takes one position per agent every 5 s at most: the load's first round starts
    // after that from the last of these.
    const firstPositionsDone = performance.now();
    // A company's tables have their planner statistics in steady state; tables filled a minute ago
    // may not yet (autovacuum's analyze comes later), and without them PostgreSQL plans the nearest
    // agents as a thousand index probes (14 ms) instead of hash joins (4 ms).
    await db.analyze();

    const nearest = async (n: number) => {
      const out: number[] = [];
      let errors = 0;
      let ranked = 0;
      for (let i = 0; i < n; i++) {
        const site = sites[i % SITES] as (typeof sites)[number];
        const t0 = performance.now();
        const r = await http(base, 'GET', `/api/interventions/candidates?siteId=${site.id}`, auth);
        out.push(performance.now() - t0);
        if (r.status !== 200) errors++;
        else
          ranked = Array.isArray(r.body)
            ? r.body.length
            : ((r.body as { items?: unknown[] }).items?.length ?? 0);
      }
      return { out, errors, ranked };
    };

    // 1. Nearest agents, alone; beside them the floor of any request here (a site read by id: the
    // session, one transaction, one row), to tell the ranking's own cost from the HTTP round trip's.
    const floor: number[] = [];
    for (let i = 0; i < NEAREST; i++) {
      const site = sites[i % SITES] as (typeof sites)[number];
      const t0 = performance.now();
      must(await http(base, 'GET', `/api/sites/${site.id}`, auth), 200, 'site');
      floor.push(performance.now() - t0);
    }
    rows.push([
      'floor: GET /api/sites/:id, one after the other, no other load',
      `${floor.length} requests`,
      lat(floor),
      '',
    ]);
    await nearest(20);
    const alone = await nearest(NEAREST);
    rows.push([
      `nearest agents among ${AGENTS} (GET /api/interventions/candidates?siteId, one after the other, no other load)`,
      `${alone.out.length} requests, ${alone.ranked} agents ranked each`,
      lat(alone.out),
      `errors ${alone.errors}`,
    ]);

    // 2. Positions to the map's streams.
    const early = firstPositionsDone + 6000 - performance.now();
    if (early > 0) await sleep(early);
    const streams: SseStream[] = [];
    for (let v = 0; v < VIEWERS; v++) {
      const s = await openStream(base, owner.token);
      if (s.status !== 200) throw new Error(`stream ${v}: ${s.status}`);
      streams.push(s);
    }
    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    let unmatched = 0;
    for (const s of streams) {
      s.onEvent = (e) => {
        if (e.event !== 'agent.position') return;
        const d = ((e.data as { data?: unknown }).data ?? e.data) as {
          agentId: string;
          lat: number;
          lng: number;
        };
        const at = sentAt.get(`${d.agentId}:${d.lat}:${d.lng}`);
        if (at === undefined) unmatched++;
        else delays.push(e.receivedAt - at);
      };
    }
    // Streams keep no events: only the delays are kept.
    const trim = setInterval(() => {
      for (const s of streams) s.events.length = 0;
    }, 1000);
    const postMs: number[] = [];
    let postErrors = 0;
    let sent = 0;
    const rss: number[] = [];
    const cpu0 = readProc(server.pid)?.cpu ?? 0;
    const loadStart = performance.now();
    const gap = (EVERY_S * 1000) / AGENTS;
    const posts: Promise<void>[] = [];
    let loadRunning = true;
    const rssTimer = setInterval(() => rss.push(readProc(server.pid)?.rssMb ?? Number.NaN), 5000);
    const load = (async () => {
      for (let k = 0; loadRunning; k++) {
        const wait = loadStart + k * gap - performance.now();
        if (wait > 1) await sleep(wait);
        if (!loadRunning) break;
        const a = agents[k % AGENTS] as Agent;
        // A few metres each time: every position sent is a different one.
        a.lat += 0.00001;
        const body = { lat: a.lat, lng: a.lng, accuracy: 12 };
        const t0 = performance.now();
        sentAt.set(`${a.id}:${body.lat}:${body.lng}`, t0);
        sent++;
        posts.push(
          http(base, 'POST', '/api/agent/positions', { token: a.token, body }).then((r) => {
            postMs.push(performance.now() - t0);
            if (r.status !== 201) postErrors++;
          }),
        );
      }
    })();
    // The nearest agents again, while the positions come in (after a warm-up).
    await sleep(Math.min(10_000, (DURATION_S * 1000) / 4));
    const loaded = await nearest(NEAREST);
    const remaining = loadStart + DURATION_S * 1000 - performance.now();
    if (remaining > 0) await sleep(remaining);
    loadRunning = false;
    await load;
    await Promise.all(posts);
    const loadS = (performance.now() - loadStart) / 1000;
    const cpu = (100 * ((readProc(server.pid)?.cpu ?? 0) - cpu0)) / loadS;
    const expected = (sent - postErrors) * VIEWERS;
    const deadline = performance.now() + 10_000;
    while (delays.length < expected && performance.now() < deadline) await sleep(50);
    clearInterval(trim);
    clearInterval(rssTimer);
    rows.push([
      `POST /api/agent/positions, ${AGENTS} agents every ${EVERY_S} s (${(AGENTS / EVERY_S).toFixed(0)}/s, open loop), ${loadS.toFixed(0)} s`,
      `${sent} sent, ${(sent / loadS).toFixed(0)}/s`,
      lat(postMs),
      `errors ${postErrors}; server ${cpu.toFixed(0)} % of a core`,
    ]);
    rows.push([
      `position → 'agent.position' on ${VIEWERS} control-room streams (the map's feed)`,
      `${delays.length} deliveries of ${expected} expected, ${unmatched} unmatched`,
      lat(delays),
      `server RSS ${ms(rss[0] ?? Number.NaN)} → ${ms(rss.at(-1) ?? Number.NaN)} MB`,
    ]);
    rows.push([
      `nearest agents among ${AGENTS} during the positions' load`,
      `${loaded.out.length} requests`,
      lat(loaded.out),
      `errors ${loaded.errors}`,
    ]);
    for (const s of streams) s.close();

    // 3. The map's overview with the agents on duty.
    const overview: number[] = [];
    let overviewBytes = 0;
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const r = must(await http(base, 'GET', '/api/map/overview', auth), 200, 'overview');
      overview.push(performance.now() - t0);
      overviewBytes = r.text.length;
    }
    rows.push([
      `GET /api/map/overview with ${AGENTS} agents on duty and ${SITES} sites, one after the other`,
      `50 requests, ${(overviewBytes / 1024).toFixed(0)} KB each`,
      lat(overview),
      '',
    ]);
  } finally {
    await server.stop();
    await db.drop();
  }

  const table = [
    '| measure | volume | latency | notes |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  console.log(table);
  if (f.readme === 'true') {
    appendToReadme(
      `## Issue 34 — positions, nearest agents and the map's feed (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()})\n\n` +
        `\`npx tsx bench/dispatch.ts --agents ${AGENTS} --every ${EVERY_S} --viewers ${VIEWERS} --duration ${DURATION_S}\`\n\n${table}\n`,
    );
  }
}

await main();
