// Company-isolation sweep: every registered API route is called as company B with company A's ids
// in the path, the query and the body. Nothing may read, change or link A's data.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { signCursor } from '../../plugins/pagination';
import { createTestApp, engines, login, registerCompany, type Tenant, type TestApp } from '../harness';
import { type DiscoveredRoute, discoverRoutes } from './discover';
import { Fixture } from './fixture';
import { unique } from './kind';
import { errorShapeProblem, send } from './probe';
import { fillPath, kindForField, kindForPath, kinds, referenceFields } from './resources';
import { validSample } from './schema-walk';
import { snapshot } from './snapshot';

/** Routes that end B's session run last. */
const order = (r: DiscoveredRoute) => (r.url.endsWith('/logout') ? 2 : r.method === 'DELETE' ? 1 : 0);

describe.each(engines)('company isolation on %s', (engine) => {
  let t: TestApp;
  let routes: DiscoveredRoute[];
  let a: Fixture;
  let b: Fixture;
  let bAuth: Tenant;

  beforeAll(async () => {
    t = await createTestApp(engine);
    routes = discoverRoutes(t.app).sort((x, y) => order(x) - order(y));
    a = new Fixture(t.app, await registerCompany(t.app, { subscription: 'enterprise' }), routes);
    bAuth = await registerCompany(t.app, { subscription: 'enterprise' });
    b = new Fixture(t.app, bAuth, routes);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('discovers the contract routes', () => {
    const names = routes.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/auth/me', 'GET /api/users', 'PATCH /api/users/:id']),
    );
  });

  it("as company B, no route reads, changes or links company A's data", async () => {
    // A's data, created through the API: one resource of every kind a route addresses or references.
    const unknownRefs: string[] = [];
    for (const r of routes) {
      for (const p of r.params) {
        const kind = kindForPath(r.url, p);
        await a.id(kind);
        await b.id(kind);
      }
      for (const field of [...referenceFields(r.endpoint.body), ...referenceFields(r.endpoint.query)]) {
        const kind = kindForField(field);
        if (!kind)
          unknownRefs.push(
            `${r.name}: teach the sweep which kind \`${field}\` references (refFields in test/sweeps/resources.ts)`,
          );
        else {
          await a.id(kind);
          await b.id(kind);
        }
      }
    }
    expect(unknownRefs).toEqual([]);
    const aIds = [a.tenant.company.id, a.tenant.user.id, ...a.created.map((c) => c.id)];
    const before = await snapshot(t, { companyIds: [a.tenant.company.id], tenantOnly: true });
    const failures: string[] = [];
    let probes = 0;

    const check = (what: string, res: LightMyRequestResponse, allowed: number[] | 'any-but-leak') => {
      probes++;
      if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      if (ok) {
        const leaked = aIds.filter((id) => res.body.includes(id));
        if (leaked.length > 0)
          failures.push(`${what}: ${res.statusCode} answer contains company A's ids ${leaked.join(', ')}`);
      }
      if (allowed !== 'any-but-leak' && !allowed.includes(res.statusCode)) {
        failures.push(
          `${what}: expected ${allowed.join(' or ')}, got ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
      }
      if (!ok && res.statusCode !== 204 && errorShapeProblem(res))
        failures.push(`${what}: ${errorShapeProblem(res)}`);
    };

    for (const r of routes) {
      // B's session may have been closed by a previous probe (logout): sign in again.
      if (
        (await send(t.app, { method: 'GET', url: '/api/auth/me', headers: bAuth.auth })).statusCode === 401
      ) {
        bAuth = await login(t.app, bAuth.user.email, bAuth.password);
      }
      const headers = await b.headersFor(r.endpoint, bAuth.auth);
      const u = unique();
      const ref = await b.refsFor([r.endpoint.body, r.endpoint.query]);
      const body = r.endpoint.body
        ? validSample(r.endpoint.body as z.ZodType, { unique: u, ref }, r.name)
        : undefined;
      const query = r.endpoint.query
        ? validSample(r.endpoint.query as z.ZodType, { unique: u, ref, asText: true }, r.name)
        : undefined;
      const bPath: Record<string, string> = {};
      const aPath: Record<string, string> = {};
      for (const p of r.params) {
        const kind = kindForPath(r.url, p);
        bPath[p] = await b.id(kind);
        aPath[p] = await a.id(kind);
      }

      // 1. A's ids in the path: unknown to B.
      if (r.params.length > 0) {
        const res = await send(t.app, {
          method: r.method,
          url: fillPath(r.url, aPath),
          headers,
          body,
          query,
        });
        check(`${r.name} with A's id in the path`, res, [404]);
      }
      // 2. A's ids in the body's references: refused as unknown.
      for (const field of referenceFields(r.endpoint.body)) {
        const kind = kindForField(field);
        if (!kind || typeof body !== 'object' || body === null) continue;
        const res = await send(t.app, {
          method: r.method,
          url: fillPath(r.url, bPath),
          headers,
          body: { ...(body as Record<string, unknown>), [field]: await a.id(kind) },
          query,
        });
        check(`${r.name} with A's ${kind.name} in body.${field}`, res, [404, 422]);
      }
      // 3. A's ids in the query's references: refused, or an answer without A's data.
      for (const field of referenceFields(r.endpoint.query)) {
        const kind = kindForField(field);
        if (!kind) continue;
        const res = await send(t.app, {
          method: r.method,
          url: fillPath(r.url, bPath),
          headers,
          body,
          query: { ...((query as Record<string, string>) ?? {}), [field]: await a.id(kind) },
        });
        check(`${r.name} with A's ${kind.name} in query.${field}`, res, 'any-but-leak');
        if (
          res.statusCode < 300 &&
          String(res.headers['content-type']).startsWith('application/json') &&
          Array.isArray(res.json()) &&
          res.json().length > 0 &&
          r.method === 'GET'
        ) {
          failures.push(`${r.name}?${field}=<A's ${kind.name}> answered B with ${res.json().length} rows`);
        }
      }
      // 4. B's own call (lists above all): nothing of A in it.
      const res = await send(t.app, { method: r.method, url: fillPath(r.url, bPath), headers, body, query });
      check(`${r.name} as B`, res, 'any-but-leak');
      if (r.method === 'GET' && r.params.length === 0 && r.endpoint.query) {
        const all = await send(t.app, { method: 'GET', url: r.url, headers, query: { limit: '500' } });
        check(`${r.name}?limit=500 as B`, all, 'any-but-leak');
      }
    }

    const after = await snapshot(t, { companyIds: [a.tenant.company.id], tenantOnly: true });
    console.info(
      `isolation sweep (${engine}): ${probes} probes over ${routes.length} routes: ${routes.map((r) => r.name).join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
    expect(probes).toBeGreaterThanOrEqual(routes.length);
    // A still sees its own data through the API.
    for (const { kind, id } of a.created) {
      const r = routes.find((x) => x.method === 'GET' && x.params.length === 0 && x.url === kindPrefix(kind));
      if (!r) continue;
      const list = await send(t.app, {
        method: 'GET',
        url: r.url,
        headers: a.tenant.auth,
        query: { limit: '500' },
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(id);
    }
    // Every route of the contract (over 200) with every other company's id: a minute on a quiet
    // machine, more under CI's load.
  }, 240_000);

  it("refuses on every list a forged cursor, another company's and another list's with a 422", async () => {
    // Lists are the GET routes whose query takes a `cursor`. Cursors are minted here with the
    // server's own signing function, so each list gets a cursor of every sort-key shape in use; the
    // one B's list accepts proves the refusals below come from the binding, not from the shape.
    const lists = routes.filter(
      (r) =>
        r.method === 'GET' &&
        r.endpoint.query !== undefined &&
        'cursor' in ((r.endpoint.query as unknown as z.ZodObject).shape ?? {}),
    );
    expect(lists.length).toBeGreaterThanOrEqual(20);
    const at = new Date().toISOString();
    const id = '00000000-0000-4000-8000-000000000000';
    const shapes: (string | number)[][] = [[at, id], ['zzzz', id], [1000000], [at, 1], [1, 'zzzz', id]];
    const failures: string[] = [];
    const secrets = t.app.secrets;
    const bCompany = bAuth.company.id;
    for (const r of lists) {
      if (
        (await send(t.app, { method: 'GET', url: '/api/auth/me', headers: bAuth.auth })).statusCode === 401
      ) {
        bAuth = await login(t.app, bAuth.user.email, bAuth.password);
      }
      const headers = await b.headersFor(r.endpoint, bAuth.auth);
      const ref = await b.refsFor([r.endpoint.query]);
      const query = validSample(
        r.endpoint.query as z.ZodType,
        { unique: unique(), ref, asText: true },
        r.name,
      ) as Record<string, unknown> | undefined;
      const path: Record<string, string> = {};
      for (const p of r.params) path[p] = await b.id(kindForPath(r.url, p));
      const call = (cursor: string) =>
        send(t.app, { method: 'GET', url: fillPath(r.url, path), headers, query: { ...query, cursor } });
      const other = lists.find((x) => x.endpoint.path !== r.endpoint.path)?.endpoint.path ?? '/api/other';
      const refused = async (what: string, cursor: string) => {
        const res = await call(cursor);
        const detail = res.statusCode === 422 ? res.json().detail : undefined;
        if (
          res.statusCode !== 422 ||
          !Array.isArray(detail) ||
          detail[0]?.msg !== 'Curseur de pagination invalide'
        )
          failures.push(`${r.name} with ${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      };
      const accepted: number[] = [];
      for (const values of shapes) {
        const own = signCursor(secrets, bCompany, r.endpoint.path, values);
        const res = await call(own);
        if (res.statusCode >= 500)
          failures.push(`${r.name} with its own cursor: ${res.statusCode} ${res.body}`);
        accepted.push(res.statusCode);
        const [payload, mac] = own.split('.') as [string, string];
        await refused(
          "company A's cursor",
          signCursor(secrets, a.tenant.company.id, r.endpoint.path, values),
        );
        await refused(`a cursor of ${other}`, signCursor(secrets, bCompany, other, values));
        await refused('an unsigned cursor', payload);
        await refused(
          'a tampered cursor',
          `${Buffer.from(JSON.stringify([...values, 1])).toString('base64url')}.${mac}`,
        );
        await refused('a cursor signed with another key', `${payload}.${'A'.repeat(mac.length)}`);
      }
      // Any answer but the cursor's 422 (a role's 403 comes after the cursor check) shows it passed.
      if (!accepted.some((s) => s !== 422 && s < 500))
        failures.push(`${r.name}: none of B's own cursors was accepted (${accepted.join(', ')})`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps every tenant table under forced row-level security, and the app role cannot bypass it', async () => {
    const tables = rowsOf<{ name: string; rls: boolean; forced: boolean; owner: string; policies: number }>(
      await t.db.direct.execute(sql`
        select c.relname::text as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
               pg_get_userbyid(c.relowner)::text as owner,
               (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and (c.relname = 'companies' or exists (
                select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped))
         order by 1`),
    );
    expect(tables.map((x) => x.name)).toEqual(
      expect.arrayContaining(['companies', 'users', 'sessions', 'audit_log']),
    );
    for (const table of tables) {
      expect({
        table: table.name,
        rls: table.rls,
        forced: table.forced,
        hasPolicy: table.policies > 0,
      }).toEqual({
        table: table.name,
        rls: true,
        forced: true,
        hasPolicy: true,
      });
    }
    const who = await t.db.whoami();
    expect(who).toMatchObject({ role: 'vigie_app', superuser: false, bypassRls: false });
    for (const table of tables) expect(table.owner).not.toBe(who.role);
    // Without a company set, the app role sees no tenant row at all.
    for (const table of tables) {
      const n = rowsOf<{ n: number }>(
        await t.db.direct.execute(sql.raw(`select count(*)::int as n from "${table.name}"`)),
      )[0];
      expect({ table: table.name, rows: n?.n }).toEqual({ table: table.name, rows: 0 });
    }
  });
});

const kindPrefix = (name: string) => kinds.find((k) => k.name === name)?.prefix;
