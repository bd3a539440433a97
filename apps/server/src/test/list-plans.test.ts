// Query plans of the list endpoints on a large tenant (2,000 sites, 20,000 cameras, analysed with
// their search tokens): a page must walk the `(company_id, name, id)` keyset index and stop after
// `limit` rows, never sort the company's rows, and a search never reads the cameras whole. Both the
// custom plan (first executions) and the generic plan (what a prepared statement settles on, see
// db/tenant-read.ts) are checked. Plans only: no timing here. The tenant is the only company: it
// holds every row, the share at which the planner likeliest reads a table whole rather than through
// the company's index (search-plans.test.ts checks a big company beside a small one and beside its
// equal, every list and search, on both engines, custom plans only).
//
// PostgreSQL only. On PGlite the application has no owner connection (it drops to the app role for
// good at start), so the seeded tables could not be analysed and the planner would judge them on
// default statistics: a plan check there would test the absence of statistics, not our queries.
// PGlite runs the same planner code on the same statements.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { bulkSitesAndCameras } from '../db/seeds/bulk';
import { withCompanyLiteral } from '../db/tenant-read';
import { listCamerasPage } from '../modules/cameras/cameras.repository';
import { listSitesPage } from '../modules/sites/sites.repository';
import { createTestApp, registerCompany, type TestApp } from './harness';
import { literal } from './sql-literal';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Filter?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The statement a repository function sends (its first read), without running it. */
async function statementOf(run: (db: Database) => Promise<unknown>): Promise<SQL> {
  let first: SQL | undefined;
  const capture = {
    async readTenant(_companyId: string, query: SQL) {
      first ??= query;
      return [];
    },
  } as unknown as Database;
  await run(capture);
  if (!first) throw new Error('no statement');
  return first;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('list query plans on 20,000 cameras (postgres)', () => {
  let t: TestApp;
  let owner: pg.Client;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    companyId = (await registerCompany(t.app, { subscription: 'enterprise' })).company.id;
    owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    await owner.query(bulkSitesAndCameras(companyId));
    // The token tables too: unanalysed, the planner guessed a search's matches few and probed the
    // cameras by key, whatever the statement (the search of 3ff8295^ passed here that way).
    await owner.query('vacuum analyze sites');
    await owner.query('vacuum analyze cameras');
    await owner.query('vacuum analyze site_search_tokens');
    await owner.query('vacuum analyze camera_search_tokens');
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  /** Custom and generic plans of the statement, as the app role with the company set. */
  async function plans(query: SQL): Promise<PlanNode[][]> {
    const built = new PgDialect().sqlToQuery(query);
    const { text: prepared, params: preparedParams } = withCompanyLiteral(built.sql, built.params, companyId);
    const { sql: text, params } = built;
    // The generic plan of the statement as the application prepares it (company id written in).
    const args = preparedParams.map(literal).join(', ');
    await owner.query('begin');
    try {
      await owner.query('set local role vigie_app');
      await owner.query(`select set_config('app.company_id', $1, true)`, [companyId]);
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      const custom = await owner.query(`explain (format json) ${inlined}`);
      await owner.query(`prepare plan_check as ${prepared}`);
      await owner.query('set local plan_cache_mode = force_generic_plan');
      const generic = await owner.query(`explain (format json) execute plan_check${args ? `(${args})` : ''}`);
      await owner.query('deallocate plan_check');
      return [custom, generic].map((r) =>
        nodes((r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan as PlanNode),
      );
    } finally {
      await owner.query('rollback');
    }
  }

  function expectKeysetWalk(plan: PlanNode[], index: string) {
    const walked = plan.filter((n) => n['Node Type'].startsWith('Index') && n['Index Name'] === index);
    expect(walked.length, JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]))).toBeGreaterThan(
      0,
    );
    expect(plan.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')).toEqual(
      [],
    );
  }

  it('pages sites along (company_id, name, id), first page and after a cursor', async () => {
    for (const after of [
      undefined,
      ['Mairie 0500', '00000000-0000-4000-8000-000000000000'] as [string, string],
    ]) {
      const q = await statementOf((db) => listSitesPage(db, companyId, {}, { limit: 50, after }));
      for (const plan of await plans(q)) expectKeysetWalk(plan, 'sites_company_name_idx');
    }
  });

  const cursor = ['CAM-10000', '00000000-0000-4000-8000-000000000000'] as [string, string];

  it('pages cameras along (company_id, name, id), filtered by status and after a cursor', async () => {
    for (const f of [{}, { status: 'En ligne' as const }]) {
      for (const after of [undefined, cursor]) {
        const q = await statementOf((db) => listCamerasPage(db, companyId, f, { limit: 50, after }));
        for (const plan of await plans(q)) expectKeysetWalk(plan, 'cameras_company_name_idx');
      }
    }
  });

  // A search finds its matches through the camera tokens (migration 0029) and its total visits every
  // match anyway: only the matches are sorted (top `limit`), never the company's 20,000 rows — a sort
  // over cameras always has the token table below it. Nor is the table read whole: the search of
  // 3ff8295^ (cameras joined to their tokens) is planned here, once the tokens are analysed, as a hash
  // join over a sequential scan of the cameras, the tokens below its sort. Generic plans too (the
  // search is prepared; search-plans.test.ts checks custom plans).
  it('never sorts nor reads whole the cameras for a search', async () => {
    for (const after of [undefined, cursor]) {
      const q = await statementOf((db) =>
        listCamerasPage(db, companyId, { search: 'parking' }, { limit: 50, after }),
      );
      for (const plan of await plans(q)) {
        expect(plan.filter((n) => n['Relation Name'] === 'camera_search_tokens').length).toBeGreaterThan(0);
        expect(
          plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
          `tables read whole: ${plan.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''}`).join(' / ')}`,
        ).toEqual([]);
        for (const sort of plan.filter((n) => n['Node Type'].includes('Sort'))) {
          const below = nodes(sort);
          if (below.some((n) => n['Relation Name'] === 'cameras'))
            expect(below.some((n) => n['Relation Name'] === 'camera_search_tokens')).toBe(true);
        }
      }
    }
  });

  // What a prepared statement is for: PostgreSQL plans its first five executions with their values,
  // then keeps the generic plan when it costs about as much. With the page's LIMIT a parameter the
  // generic plan was costed for an unknown limit and never chosen, so every EXECUTE planned the
  // statement again. The statement as the application prepares it must settle on its cached plan.
  it('runs each prepared list on its cached (generic) plan from the sixth execution', async () => {
    const { rows } = await owner.query<{ id: string }>('select id from sites where company_id = $1 limit 1', [
      companyId,
    ]);
    const siteId = rows[0]?.id as string;
    const statements = await Promise.all([
      statementOf((db) => listSitesPage(db, companyId, {}, { limit: 50 })),
      statementOf((db) => listSitesPage(db, companyId, {}, { limit: 50, after: ['Mairie 0500', siteId] })),
      statementOf((db) => listCamerasPage(db, companyId, {}, { limit: 50 })),
      statementOf((db) => listCamerasPage(db, companyId, { siteId }, { limit: 20, after: cursor })),
      statementOf((db) => listCamerasPage(db, companyId, { search: 'parking' }, { limit: 50 })),
    ]);
    for (const [i, query] of statements.entries()) {
      const built = new PgDialect().sqlToQuery(query);
      const { text, params } = withCompanyLiteral(built.sql, built.params, companyId);
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      await owner.query('begin');
      try {
        await owner.query('set local role vigie_app');
        await owner.query(`select set_config('app.company_id', $1, true)`, [companyId]);
        await owner.query(`prepare cached_check as ${text}`);
        for (let run = 0; run < 8; run++) await owner.query(`execute cached_check${args}`);
        // A statement without parameters runs its generic plan from the first execution.
        const plans = await owner.query<{ generic: number }>(
          `select generic_plans::int as generic from pg_prepared_statements where name = 'cached_check'`,
        );
        expect(plans.rows[0]?.generic, `statement ${i}: ${text}`).toBeGreaterThanOrEqual(3);
      } finally {
        await owner.query('rollback');
        await owner.query('deallocate all');
      }
    }
  });

  it("pages one site's cameras along (company_id, site_id, name, id)", async () => {
    const { rows } = await owner.query<{ id: string }>('select id from sites where company_id = $1 limit 1', [
      companyId,
    ]);
    const siteId = rows[0]?.id as string;
    const q = await statementOf((db) => listCamerasPage(db, companyId, { siteId }, { limit: 50 }));
    for (const plan of await plans(q)) expectKeysetWalk(plan, 'cameras_company_site_name_idx');
  });
});
