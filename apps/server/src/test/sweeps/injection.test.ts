// Injection sweep (issue 29): every text field of every body, every query parameter and every path
// parameter of every route receives SQL injection payloads (quotes, backslashes, `$1`…`$9`, `$$`,
// `$tag$`, `;`, `--`, `/*`, pg_sleep, UNION through auth_login_candidate, NUL; injection-payloads.ts),
// as company A, while company B (the canary) holds data of every kind. An answer fails the sweep
// when it is a 5xx, when it takes more than 1 s (twice: the pg_sleep payloads sleep 2 s or more), or
// when it carries anything of B (its ids, name, e-mail) or a password hash. A second pass writes
// `$1`…`$9` into one free-text field and a SQL fragment into the others (the issue's
// `action=$6/&entity=or true or a.action =`). Afterwards the app's connections must still run as
// the same `current_user`/`session_user` with no company of their own, row-level security must
// still isolate A from B, and B's rows must be unchanged.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, login, registerCompany, type Tenant, type TestApp } from '../harness';
import { type DiscoveredRoute, discoverRoutes } from './discover';
import { Fixture } from './fixture';
import { compactProbes, fragments, payloadClasses, type Victim, victimOf } from './injection-payloads';
import { setPath, shapePaths } from './invalid-inputs';
import { unique } from './kind';
import { send } from './probe';
import { fillPath, kindForField, kindForPath, referenceFields } from './resources';
import { type AnySchema, def, stringFacts, unwrap, validSample } from './schema-walk';
import { type Snapshot, snapshot } from './snapshot';

/** An answer slower than this is a failure (when its replay is slow too). */
const SLOW_MS = 1000;

/** Routes that end A's session run last, deletions just before. */
const order = (r: DiscoveredRoute) => (r.url.endsWith('/logout') ? 2 : r.method === 'DELETE' ? 1 : 0);

type Target =
  | { part: 'query' | 'body'; path: string[]; list: boolean; free: boolean; max?: number | undefined }
  | { part: 'path'; param: string; max?: undefined };

const targetName = (t: Target) => (t.part === 'path' ? `path.${t.param}` : `${t.part}.${t.path.join('.')}`);

/** The schema of the field at `path` of an object schema (through optional wrappers and unions). */
function fieldAt(schema: AnySchema, path: string[]): AnySchema | undefined {
  let s = schema;
  for (const key of path) {
    const { inner } = unwrap(s);
    const d = def(inner);
    const objects = d.type === 'union' ? (d.options as AnySchema[]).map((o) => unwrap(o).inner) : [inner];
    const owner = objects.find((o) => def(o).type === 'object' && key in def(o).shape);
    if (!owner) return undefined;
    s = def(owner).shape[key];
  }
  return s;
}

/** Text (a string, an enum of strings, a union holding a string) or a list of text; else undefined. */
function textShape(s: AnySchema): { list: boolean; free: boolean; max?: number | undefined } | undefined {
  const { inner } = unwrap(s);
  const d = def(inner);
  const isText = (x: AnySchema): boolean => {
    const t = def(unwrap(x).inner).type;
    if (t === 'union') return (def(unwrap(x).inner).options as AnySchema[]).some(isText);
    return (
      t === 'string' ||
      t === 'enum' ||
      (t === 'literal' && typeof def(unwrap(x).inner).values[0] === 'string')
    );
  };
  if (d.type === 'array')
    return isText(d.element) ? { list: true, free: false, max: stringFacts(d.element).max } : undefined;
  if (!isText(inner)) return undefined;
  const f = stringFacts(s);
  // Free text: a string that takes any words (no format, pattern or refinement refuses SQL words).
  const free = d.type === 'string' && !f.format && !f.pattern && s.safeParse('or true or a.action =').success;
  return { list: false, free, max: f.max };
}

/** Every text field of a route: query parameters (all of them, text in a URL), body text, path. */
function targetsOf(r: DiscoveredRoute): Target[] {
  const out: Target[] = [];
  const query = r.endpoint.query as z.ZodType | undefined;
  for (const path of shapePaths(query)) {
    const shape = textShape(fieldAt(query, path));
    // A cursor is signed by the server: any other text is refused before SQL, so it carries no
    // fragment in the second pass (the first still sends it every class).
    if (shape && path.at(-1) === 'cursor') shape.free = false;
    out.push({
      part: 'query',
      path,
      list: shape?.list ?? false,
      free: shape?.free ?? false,
      max: shape?.max,
    });
  }
  const body = r.endpoint.body as z.ZodType | undefined;
  for (const path of shapePaths(body)) {
    const shape = textShape(fieldAt(body, path));
    if (shape) out.push({ part: 'body', path, ...shape });
  }
  for (const param of r.params) out.push({ part: 'path', param });
  return out;
}

const encodeSegment = (s: string) => (/^\.{1,2}$/.test(s) ? s.replace(/\./g, '%2E') : encodeURIComponent(s));

/** Search boxes: a word that matches the fixture's data makes a list take its searched path. */
const searchLike = (path: string[]) => ['search', 'q'].includes(path.at(-1) ?? '');
const matchingWords = ['sweep', 'company', 'admin'];

describe.each(engines)('injection sweep on %s', (engine) => {
  let t: TestApp;
  let routes: DiscoveredRoute[];
  let a: Fixture;
  let b: Fixture;
  let aAuth: Tenant;
  let victim: Victim;
  let bCompanyId: string;
  let canaries: string[];
  let bBefore: Snapshot;
  let identitiesBefore: Identity[];
  let loginsBefore: string[] | undefined;
  const failures: string[] = [];
  const found: string[] = [];

  interface Identity {
    currentUser: string;
    sessionUser: string;
    company: string;
  }
  /** Who every connection of the app runs as: the pool's connections at once, and the tenant paths. */
  const identities = async (): Promise<Identity[]> => {
    const who = sql`select current_user::text as "currentUser", session_user::text as "sessionUser",
                           coalesce(current_setting('app.company_id', true), '') as company`;
    // Five concurrent statements that each hold their connection a moment: the whole pool (5).
    const held = sql`select current_user::text as "currentUser", session_user::text as "sessionUser",
                            coalesce(current_setting('app.company_id', true), '') as company,
                            pg_backend_pid() as pid, (select true from pg_sleep(0.2)) as slept`;
    const pooled = await Promise.all(
      Array.from({ length: engine === 'postgres' ? 5 : 1 }, async () =>
        rowsOf<Identity>(await t.db.direct.execute(held)),
      ),
    );
    const aId = aAuth.company.id;
    const tenant = await t.db.readTenant<Identity>(aId, who);
    const tx = await t.db.withTenant(aId, async (x) => rowsOf<Identity>(await x.execute(who)));
    const after = rowsOf<Identity>(await t.db.direct.execute(who));
    return [...pooled.flat(), ...tenant, ...tx, ...after].map((r) => ({
      currentUser: r.currentUser,
      sessionUser: r.sessionUser,
      // The tenant paths carry A's company for their transaction; outside one, none.
      company: r.company === aId ? 'A' : r.company,
    }));
  };

  /** On PostgreSQL, the login roles of the app's database sessions, seen from the server. */
  const logins = async () => {
    if (!t.databaseUrl) return undefined;
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    try {
      const r = await owner.query<{ usename: string }>(
        `select distinct usename::text as usename from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      return r.rows.map((x) => x.usename).sort();
    } finally {
      await owner.end();
    }
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    routes = discoverRoutes(t.app).sort((x, y) => order(x) - order(y));
    // B first: the canary, whose every id and name must stay out of A's answers.
    const bTenant = await registerCompany(t.app, { name: `Canari ${unique()}`, subscription: 'enterprise' });
    b = new Fixture(t.app, bTenant, routes);
    aAuth = await registerCompany(t.app, { subscription: 'enterprise' });
    a = new Fixture(t.app, aAuth, routes);
    for (const r of routes) {
      const kinds = [
        ...r.params.map((p) => kindForPath(r.url, p)),
        ...[...referenceFields(r.endpoint.body), ...referenceFields(r.endpoint.query)].flatMap(
          (f) => kindForField(f) ?? [],
        ),
      ];
      for (const kind of kinds) {
        await b.id(kind);
        await a.id(kind);
      }
    }
    victim = victimOf(bTenant.company.id, bTenant.user.email);
    bCompanyId = bTenant.company.id;
    canaries = [
      bTenant.company.id,
      bTenant.company.name,
      bTenant.user.id,
      bTenant.user.email,
      bTenant.user.name,
      ...b.created.map((c) => c.id).filter((id) => !/^\d{1,6}$/.test(id)),
      // Any password hash, of any company.
      '$argon2',
      '$scrypt',
    ];
    bBefore = await snapshot(t, { companyIds: [bTenant.company.id], tenantOnly: true });
    identitiesBefore = await identities();
    loginsBefore = await logins();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Routes whose plain answer takes long (exports built in a worker): their own limit, reported. */
  const slowRoutes: string[] = [];

  /**
   * Sends one probe and checks its answer; an answer slower than `limitMs` is replayed once, and the
   * probe fails when the replay is slow too.
   */
  const probe = async (
    what: string,
    r: DiscoveredRoute,
    p: { url: string; headers: Record<string, string>; query: unknown; body: unknown },
    limitMs: number,
    benign?: { url: string; headers: Record<string, string>; query: unknown; body: unknown },
  ) => {
    const call = async () => {
      if (process.env.INJECTION_DEBUG === '2') console.info(`probe ${what}`);
      const started = performance.now();
      const res = await send(t.app, { method: r.method, ...p });
      return { res, ms: performance.now() - started };
    };
    let { res, ms } = await call();
    if (ms > limitMs) {
      const again = await call();
      // The same words without the SQL around them (a search over the whole journal costs more
      // with more words): the probe is slow only if it takes 1 s more than its benign twin, which
      // a pg_sleep still does and a many-word search does not.
      let bound = limitMs;
      if (benign) {
        const started = performance.now();
        await send(t.app, { method: r.method, ...benign });
        bound = Math.max(limitMs, performance.now() - started + SLOW_MS);
      }
      if (again.ms > bound) {
        failures.push(
          `${what} → slow: ${Math.round(ms)} ms, then ${Math.round(again.ms)} ms (${again.res.statusCode}; limit ${Math.round(bound)} ms)`,
        );
      }
      ({ res, ms } = again);
    }
    checkAnswer(what, res);
    return res;
  };

  const checkAnswer = (what: string, res: LightMyRequestResponse) => {
    if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    const text = `${JSON.stringify(res.headers)}\n${res.body}`;
    const leaked = canaries.filter((c) => text.includes(c));
    if (leaked.length > 0)
      failures.push(`${what} → ${res.statusCode} answer holds company B's ${leaked.join(', ')}`);
  };

  it("answers every injection payload in every field without a 5xx, a delay or B's data", async () => {
    const classNames = payloadClasses.map((c) => c.name);
    // Each field takes the next payload of the class that fits its maximum length (a longer one
    // would only meet the validator); when none fits, the shortest (refused, as it must be).
    const rotation = new Map<string, number>();
    const nextOf = (name: string, list: string[], max: number | undefined) => {
      const fitting = list.filter((p) => max === undefined || p.length <= max);
      const pool = fitting.length > 0 ? fitting : [...list].sort((x, y) => x.length - y.length).slice(0, 1);
      const i = rotation.get(name) ?? 0;
      rotation.set(name, i + 1);
      return pool[i % pool.length] as string;
    };
    const coverage = new Map<string, Set<string>>();
    let probes = 0;
    let fields = 0;
    let pairProbes = 0;
    const started = performance.now();
    // INJECTION_ROUTES (a regular expression on `METHOD /path`) narrows the sweep while debugging.
    const only = process.env.INJECTION_ROUTES ? new RegExp(process.env.INJECTION_ROUTES) : undefined;

    for (const r of routes) {
      const targets = targetsOf(r);
      if (targets.length === 0) continue;
      if (only && !only.test(r.name)) continue;
      if (process.env.INJECTION_DEBUG)
        console.info(
          `${((performance.now() - started) / 1000).toFixed(1)} s ${r.name}: ${targets.length} fields, ${probes}+${pairProbes} probes so far`,
        );
      // A's session may have ended (a probe that logs out or changes a password): sign in again.
      if (
        (await send(t.app, { method: 'GET', url: '/api/auth/me', headers: aAuth.auth })).statusCode === 401
      ) {
        aAuth = await login(t.app, aAuth.user.email, aAuth.password);
        a.tenant.auth = aAuth.auth;
      }
      const headers = await a.headersFor(r.endpoint, aAuth.auth);
      const u = unique();
      const ref = await a.refsFor([r.endpoint.body, r.endpoint.query]);
      const body = r.endpoint.body
        ? validSample(r.endpoint.body as z.ZodType, { unique: u, ref }, r.name)
        : undefined;
      const query = r.endpoint.query
        ? (validSample(r.endpoint.query as z.ZodType, { unique: u, ref, asText: true }, r.name) as Record<
            string,
            unknown
          >)
        : undefined;
      const params: Record<string, string> = {};
      for (const p of r.params) params[p] = await a.id(kindForPath(r.url, p));

      // The time limit: 1 s more than the slower of two plain answers of a read (a 2 s sleep still
      // exceeds it), 1 s for a write; a read whose plain answer is slow (a document built in a
      // worker) gets fewer probes.
      let limitMs = SLOW_MS;
      let slow = false;
      if (r.method === 'GET') {
        const plain = { url: fillPath(r.url, params), headers, query, body };
        let slowest = 0;
        for (let i = 0; i < 2; i++) {
          const started = performance.now();
          checkAnswer(`${r.name} (plain)`, await send(t.app, { method: r.method, ...plain }));
          slowest = Math.max(slowest, performance.now() - started);
        }
        // Every read's limit is 1 s more than its own plain answer: an export near 500 ms answered
        // a payload in 1,003 ms under a CI run's load, which no sleep caused.
        limitMs = SLOW_MS + slowest;
        // An export builds a whole file in a worker thread for each probe, and grows with the
        // company's rows (the audit journal gains one per probe of every write before it): on
        // PGlite the audit export's 300 full probes took most of the sweep's ten minutes.
        if (slowest > SLOW_MS / 2 || r.url.endsWith('/export')) {
          slow = true;
          slowRoutes.push(`${r.name} ${Math.round(slowest)} ms`);
        }
      }

      const withPayload = (target: Target, payload: string) => {
        if (target.part === 'path') {
          const url = r.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) =>
            p === target.param ? encodeSegment(payload) : encodeURIComponent(params[p] ?? ''),
          );
          return { url, headers, query, body };
        }
        const leaf = target.list ? [payload] : payload;
        return {
          url: fillPath(r.url, params),
          headers,
          query: target.part === 'query' ? setPath(query, target.path, leaf) : query,
          body: target.part === 'body' ? setPath(body, target.path, leaf) : body,
        };
      };

      // 1. Every field, every class of payload (one of each class, rotating through the class).
      for (const target of targets) {
        fields++;
        const key = `${r.name} ${targetName(target)}`;
        const covered = coverage.get(key) ?? new Set<string>();
        coverage.set(key, covered);
        const plan = slow
          ? compactProbes(victim)
          : payloadClasses.map((c) => ({ classes: [c.name], payloads: c.payloads(victim) }));
        for (const step of plan) {
          const payload = nextOf(step.classes.join('+'), step.payloads, target.max);
          probes++;
          const before = failures.length;
          await probe(
            `${r.name} ${targetName(target)}=${JSON.stringify(payload)}`,
            r,
            withPayload(target, payload),
            limitMs,
            // A search's benign twin: the payload's words alone.
            target.part !== 'path' && searchLike(target.path)
              ? withPayload(target, payload.replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
              : undefined,
          );
          if (failures.length > before)
            found.push(`${step.classes.join('+')}: ${r.name} ${targetName(target)}`);
          for (const c of step.classes) covered.add(c);
        }
      }

      // 2. `$n` in one free-text field, a fragment in the other free-text fields of the same part.
      const pairs: { part: 'query' | 'body'; value: unknown }[] = [];
      for (const part of ['query', 'body'] as const) {
        const free = targets.filter(
          (x): x is Extract<Target, { part: 'query' | 'body' }> => x.part === part && x.free && !x.list,
        );
        if (free.length < 2) continue;
        // A query's carrier takes `$1`…`$9`, each with every fragment; a body's (or a slow route's)
        // three of them, so that three carriers cover the nine, each with one fragment (rotating).
        // The others' search box takes the fragment or a word of the fixture's data (a search changes
        // some lists' path: the issue's request had `search=company`).
        const all = fragments(victim);
        free.forEach((carrier, c) => {
          const others = free.filter((x) => x !== carrier);
          const full = part === 'query' && !slow;
          const ns = full ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 4, 7].map((k) => k + (c % 3));
          ns.forEach((n, k) => {
            const chosen = full ? all : [all[(k + c) % all.length] as string];
            // With a search box among the others: once with the fragment in it, once with a word.
            const words = full && others.some((o) => searchLike(o.path)) ? [false, true] : [n % 2 === 1];
            for (const fragment of chosen) {
              for (const wordInSearch of words) {
                let value = part === 'query' ? query : body;
                value = setPath(value, carrier.path, `$${n}/`);
                for (const o of others) {
                  const word = matchingWords[n % matchingWords.length] as string;
                  // A fragment longer than the field allows would only meet the validator: the
                  // first that fits instead.
                  const fits = all.filter((x) => o.max === undefined || x.length <= o.max);
                  const text =
                    fragment.length <= (o.max ?? Number.POSITIVE_INFINITY) ? fragment : (fits[0] ?? fragment);
                  value = setPath(value, o.path, wordInSearch && searchLike(o.path) ? word : text);
                }
                pairs.push({ part, value });
              }
            }
          });
        });
      }
      for (const { part, value } of pairs) {
        pairProbes++;
        const what = `${r.name} ${part} ${JSON.stringify(value)}`;
        const before = failures.length;
        await probe(
          what,
          r,
          {
            url: fillPath(r.url, params),
            headers,
            query: part === 'query' ? value : query,
            body: part === 'body' ? value : body,
          },
          limitMs,
        );
        if (failures.length > before) found.push(`$n pair: ${what}`);
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `injection sweep (${engine}): ${routes.length} routes, ${coverage.size} fields, ${probes} single-field probes, ${pairProbes} $n-pair probes in ${seconds} s; routes with a slow plain answer (limit 1 s more): ${slowRoutes.join(', ') || 'none'}; found: ${found.length ? found.join(' | ') : 'nothing'}`,
    );
    // Every field received every class of payload.
    const missing = [...coverage].filter(([, s]) => s.size < classNames.length).map(([k]) => k);
    expect(missing).toEqual([]);
    if (!only) expect(fields).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 600_000);

  it("leaves the connections' roles, row-level security and company B's rows as they were", async () => {
    const now = await identities();
    expect(now).toEqual(identitiesBefore);
    for (const id of now) expect(id.currentUser).toBe('vigie_app');
    expect(await t.db.whoami()).toMatchObject({ role: 'vigie_app', superuser: false, bypassRls: false });

    const aId = aAuth.company.id;
    const bId = bCompanyId;
    // A's transactions and one-round-trip reads see none of B's rows, even when asking for them.
    const count = (table: string) =>
      sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${bId}`;
    for (const table of ['users', 'sites', 'audit_log']) {
      const viaTx = await t.db.withTenant(aId, async (x) =>
        rowsOf<{ n: number }>(await x.execute(count(table))),
      );
      const viaRead = await t.db.readTenant<{ n: number }>(aId, count(table));
      const asB = await t.db.readTenant<{ n: number }>(bId, count(table));
      expect({ table, viaTx: viaTx[0]?.n, viaRead: viaRead[0]?.n }).toEqual({ table, viaTx: 0, viaRead: 0 });
      expect(asB[0]?.n).toBeGreaterThan(0);
    }
    // Without a company, no tenant row at all.
    const bare = rowsOf<{ n: number }>(await t.db.direct.execute(sql`select count(*)::int as n from users`));
    expect(bare[0]?.n).toBe(0);
    // Every tenant table still under forced row-level security.
    const unforced = rowsOf<{ name: string }>(
      await t.db.direct.execute(sql`
        select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
           and not (c.relrowsecurity and c.relforcerowsecurity)`),
    );
    expect(unforced).toEqual([]);
    if (t.databaseUrl) {
      // Seen from the server: every backend of the app's database logged in as before, and the app's
      // role still neither superuser nor able to bypass row-level security.
      const owner = new pg.Client({ connectionString: t.databaseUrl });
      await owner.connect();
      try {
        const roles = await owner.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
          `select rolsuper, rolbypassrls from pg_roles where rolname = 'vigie_app'`,
        );
        expect(roles.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
      } finally {
        await owner.end();
      }
      expect(await logins()).toEqual(loginsBefore);
    }
    // B's data is what it was before the sweep.
    expect(await snapshot(t, { companyIds: [bId], tenantOnly: true })).toEqual(bBefore);
  });
});
