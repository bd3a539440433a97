// Bad-input sweep: for every route with a body, a query or path parameters, fast-check generates
// inputs the contract rejects (derived from its zod schemas) plus malformed JSON and wrong content
// types. Every answer is a 4xx with a French `detail`, never a 5xx, and the database is unchanged.
// Then "valid but nasty" text (SQL, HTML, control characters, forged cursors) must never yield a 5xx.
import { parse as parseQuery } from 'node:querystring';
import { idSchema } from '@vigie/contract/common';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signCursor } from '../../plugins/pagination';
import { createTestApp, engines, registerCompany, type TestApp } from '../harness';
import { type DiscoveredRoute, discoverRoutes } from './discover';
import { Fixture } from './fixture';
import {
  invalidObject,
  invalidValue,
  junk,
  nastyStrings,
  rejectedBy,
  setPath,
  shapePaths,
} from './invalid-inputs';
import { unique } from './kind';
import { errorShapeProblem, queryString, send } from './probe';
import { fillPath, kindForPath } from './resources';
import { validSample } from './schema-walk';
import { snapshot } from './snapshot';

const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? '1') || 1;
const RUNS = 100 * factor;
const NASTY_RUNS = 30 * factor;

// Discovered once at collection time so that each route gets its own named test.
const discovered = await (async () => {
  const t = await createTestApp('pglite');
  try {
    return discoverRoutes(t.app);
  } finally {
    await t.close();
  }
})();
const fuzzable = discovered.filter((r) => r.endpoint.body || r.endpoint.query || r.params.length > 0);

type Case =
  | { part: 'body'; body: unknown }
  | { part: 'query'; query: Record<string, unknown> }
  | { part: 'path'; params: Record<string, string>; raw: boolean }
  | { part: 'raw'; raw: string | Buffer; contentType: string };

/** What the server will see once a value has travelled as JSON. */
const overJson = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? undefined : JSON.parse(s);
};
/** What the server will see once a query object has travelled in the URL. */
const overUrl = (q: unknown) => ({ ...parseQuery(queryString(q).slice(1)) });

const encodeSegment = (s: string) => {
  // A segment of dots alone is resolved away by any client (RFC 3986 dot-segments): a literal dot id
  // travels percent-encoded.
  if (/^\.{1,2}$/.test(s)) return s.replace(/\./g, '%2E');
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

describe.each(engines)('bad input on %s', (engine) => {
  let t: TestApp;
  let f: Fixture;
  let routes: DiscoveredRoute[];
  const counts: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    routes = discoverRoutes(t.app);
    f = new Fixture(t.app, await registerCompany(t.app, { subscription: 'enterprise' }), routes);
  });
  afterAll(async () => {
    console.info(`bad-input sweep (${engine}): generated cases per route: ${JSON.stringify(counts)}`);
    await t?.close();
  });

  it('covers every route that takes input', () => {
    expect(fuzzable.map((r) => r.name).sort()).toEqual(
      routes
        .filter((r) => r.endpoint.body || r.endpoint.query || r.params.length > 0)
        .map((r) => r.name)
        .sort(),
    );
    expect(fuzzable.length).toBeGreaterThan(0);
  });

  for (const route of fuzzable) {
    it(`${route.name} answers generated invalid input with a French 4xx and writes nothing`, async () => {
      const r = routes.find((x) => x.name === route.name) as DiscoveredRoute;
      const u = unique();
      const ref = await f.refsFor([r.endpoint.body, r.endpoint.query]);
      const bodySchema = r.endpoint.body as z.ZodType | undefined;
      const querySchema = r.endpoint.query as z.ZodType | undefined;
      const paramsSchema = r.endpoint.params as z.ZodType | undefined;
      const body = bodySchema ? validSample(bodySchema, { unique: u, ref }, r.name) : undefined;
      const query = querySchema
        ? (validSample(querySchema, { unique: u, ref, asText: true }, r.name) as Record<string, unknown>)
        : undefined;
      const params: Record<string, string> = {};
      for (const p of r.params) params[p] = await f.id(kindForPath(r.url, p));
      const headers = await f.headersFor(r.endpoint);

      const arbs: fc.Arbitrary<Case>[] = [];
      if (bodySchema) {
        arbs.push(
          invalidObject(bodySchema, body as Record<string, unknown>)
            .map((b) => overJson(b))
            .filter(rejectedBy(bodySchema))
            .map((b) => ({ part: 'body' as const, body: b })),
        );
        const validJson = JSON.stringify(body);
        arbs.push(
          fc
            .oneof(
              fc.constantFrom(
                '{',
                '{"a":',
                "{'name': 'x'}",
                '[1, 2',
                'undefined',
                '{"a":1}}',
                '\u0000',
                '--',
                '"',
              ),
              fc.string({ maxLength: 50 }).filter((s) => {
                try {
                  JSON.parse(s);
                  return false;
                } catch {
                  return true;
                }
              }),
              fc.constant(`{"x":"${'a'.repeat(1024 * 1024)}"}`),
              fc.constant(`${'['.repeat(5000)}${']'.repeat(5000)}`),
            )
            .map((raw) => ({ part: 'raw' as const, raw, contentType: 'application/json' })),
          // A valid body under another content type is refused too (the API speaks JSON only).
          fc
            .constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/xml',
              'text/html',
              'application/octet-stream',
              'application/jsonx',
            )
            .map((contentType) => ({ part: 'raw' as const, raw: validJson, contentType })),
        );
      }
      if (querySchema) {
        arbs.push(
          invalidObject(querySchema, query, true)
            .filter((q) => rejectedBy(querySchema)(overUrl(q)))
            .map((q) => ({ part: 'query' as const, query: q as Record<string, unknown> })),
        );
      }
      if (paramsSchema && r.params.length > 0) {
        arbs.push(
          fc
            .tuple(
              fc.record(
                Object.fromEntries(
                  r.params.map((p) => [
                    p,
                    invalidValue((paramsSchema as z.ZodObject).shape[p] ?? idSchema, true).map(String),
                  ]),
                ),
              ),
              fc.boolean(),
            )
            .filter(
              ([p]) =>
                rejectedBy(paramsSchema)(p) &&
                // Nor a segment of dots, even percent-encoded: URL parsers (WHATWG, so browsers and
                // this test's injector) resolve `.` and `%2E` away, and /api/radio/radios/%2E is the
                // collection's own address (a 200), not an invalid id.
                Object.values(p).every((v) => v !== '' && !/^\.{1,2}$/.test(v)),
            )
            // Unencoded values only when a client could send them as one segment (no dot-segments,
            // slashes, query or fragment, which a client resolves before sending).
            .map(([p, raw]) => ({
              part: 'path' as const,
              params: p as Record<string, string>,
              // Nor one made only of control characters and spaces, which URL parsing strips to
              // nothing: the path would then name the collection (/api/radio/radios/).
              raw:
                raw &&
                Object.values(p).every(
                  (v) => !/[/?#\\]|^\.{1,2}$/.test(v) && [...v].some((ch) => ch.charCodeAt(0) > 0x20),
                ),
            })),
        );
      }

      const before = await snapshot(t, { companyIds: [f.tenant.company.id], sequences: true });
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof(...arbs), async (c) => {
          cases++;
          const url =
            c.part === 'path'
              ? r.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) =>
                  c.raw ? (c.params[p] ?? '') : encodeSegment(c.params[p] ?? ''),
                )
              : fillPath(r.url, params);
          const res = await send(t.app, {
            method: r.method,
            url,
            headers,
            query: c.part === 'query' ? c.query : query,
            ...(c.part === 'raw'
              ? { raw: c.raw, contentType: c.contentType }
              : { body: c.part === 'body' ? c.body : body }),
          });
          const problem =
            res.statusCode < 400 || res.statusCode >= 500
              ? `status ${res.statusCode}: ${res.body.slice(0, 300)}`
              : errorShapeProblem(res);
          if (problem) throw new Error(`${r.name} ${c.part} case → ${problem}`);
        }),
        { numRuns: RUNS },
      );
      const after = await snapshot(t, { companyIds: [f.tenant.company.id], sequences: true });
      expect(after).toEqual(before);
      counts[r.name] = cases;
      expect(cases).toBeGreaterThanOrEqual(RUNS);

      // Valid but nasty text (and forged pagination cursors) may succeed, never crash.
      const nasty = fc.oneof(
        fc.constantFrom(...nastyStrings),
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
      );
      const forgedCursor = fc
        .oneof(
          junk,
          // The right arity with the wrong types: what a tampered cursor looks like.
          fc.array(
            fc.oneof(
              fc.string({ maxLength: 10 }),
              fc.integer(),
              fc.double(),
              fc.constantFrom(...nastyStrings),
            ),
            {
              minLength: 1,
              maxLength: 3,
            },
          ),
        )
        .map((j) => JSON.parse(JSON.stringify(j) ?? 'null') as unknown)
        .chain((values) => {
          const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
          const key = Array.isArray(values) ? (values as (string | number)[]) : [JSON.stringify(values)];
          // Unsigned, with a made-up signature, signed for another company, or for another list:
          // every one is refused (a 422 « Curseur de pagination invalide »), before any SQL.
          return fc.oneof(
            fc.constant(payload),
            fc.string({ minLength: 1, maxLength: 30 }).map((mac) => `${payload}.${mac}`),
            fc.uuid().map((other) => signCursor(t.app.secrets, other, r.endpoint.path, key)),
            fc.constant(signCursor(t.app.secrets, f.tenant.company.id, `${r.endpoint.path}/other`, key)),
          );
        });
      const targets: { part: 'body' | 'query'; path: string[] }[] = [
        ...shapePaths(bodySchema).map((path) => ({ part: 'body' as const, path })),
        ...shapePaths(querySchema).map((path) => ({ part: 'query' as const, path })),
      ];
      if (targets.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), nasty, forgedCursor, async (target, text, cursor) => {
          const leaf = target.path.at(-1) === 'cursor' ? cursor : text;
          const b = target.part === 'body' ? setPath(body, target.path, leaf) : body;
          const q = target.part === 'query' ? setPath(query, target.path, leaf) : query;
          const res = await send(t.app, {
            method: r.method,
            url: fillPath(r.url, params),
            headers,
            body: b,
            query: q,
          });
          if (res.statusCode >= 500)
            throw new Error(
              `${r.name} with ${target.part}.${target.path.join('.')}=${JSON.stringify(leaf)} → ${res.statusCode} ${res.body}`,
            );
          if (res.statusCode >= 400 && errorShapeProblem(res))
            throw new Error(`${r.name}: ${errorShapeProblem(res)}`);
          if (
            target.part === 'query' &&
            target.path.join('.') === 'cursor' &&
            // (a cursor past the contract's length is refused by the schema, also on `cursor`)
            (res.statusCode !== 422 || res.json().detail?.[0]?.loc?.join('.') !== 'query.cursor')
          )
            throw new Error(
              `${r.name} with a forged cursor ${leaf} → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
        }),
        { numRuns: NASTY_RUNS },
      );
    });
  }
});
