// Query plans of the audit journal on a large company (60,000 entries, analysed): a page walks the
// (company_id, created_at) index from the newest entry or the cursor and stops after `limit` rows;
// it never sorts the company's entries (only entries of one instant, by id: an incremental sort).
// The list's statement, which carries the bounded total, is checked as the application prepares it,
// custom and generic plans: a generic plan knows no filter value, and with the action prefix a
// parameter it sorted every entry of the prefix, so a prefix is read planned with its value
// (audit.repository.ts, decision 0021).
// PostgreSQL only, for the reason given in test/list-plans.test.ts (PGlite has no owner connection
// to analyse the seeded table).
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompanyLiteral } from '../../db/tenant-read';
import { createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { literal } from '../../test/sql-literal';
import { COUNT_BOUND, journalListSql, journalPageSql } from './audit.repository';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
/** The nodes of the statement itself, and those of its uncorrelated sub-selects (InitPlans). */
const split = (root: PlanNode) => {
  const main: PlanNode[] = [];
  const init: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    main.push(n);
    for (const child of n.Plans ?? []) {
      if (child['Parent Relationship'] === 'InitPlan') init.push(...nodes(child));
      else walk(child);
    }
  };
  walk(root);
  return { main, init };
};

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'audit journal query plans on 60,000 entries (postgres)',
  () => {
    let t: TestApp;
    let owner: pg.Client;
    let companyId: string;
    let ownerId: string;

    beforeAll(async () => {
      t = await createTestApp('postgres');
      const tenant = await registerCompany(t.app);
      companyId = tenant.company.id;
      ownerId = tenant.user.id;
      owner = new pg.Client({ connectionString: t.databaseUrl });
      await owner.connect();
      // Two years of entries, several per instant now and then (a job's batch).
      await owner.query(
        `insert into audit_log (company_id, actor_user_id, action, entity, entity_id, details, created_at)
       select $1, null, case when i % 3 = 0 then 'alarm.created' else 'site.updated' end, 'alarm', i::text,
              jsonb_build_object('n', i), now() - make_interval(mins => (i / 4) * 17)
         from generate_series(1, 60000) i`,
        [companyId],
      );
      await owner.query('vacuum analyze audit_log');
      // 60,000 entries and their search tokens: minutes on a loaded 2-core machine.
    }, 600_000);
    afterAll(async () => {
      await owner?.end();
      await t?.close();
    });

    /** The executed plan of the page, as the app role with the company set. */
    async function plan(f: Parameters<typeof journalPageSql>[1], before?: [string, number]) {
      const { sql: text, params } = new PgDialect().sqlToQuery(
        journalPageSql(companyId, f, { limit: 50, before }),
      );
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      await owner.query('begin');
      try {
        await owner.query('set local role vigie_app');
        await owner.query(`select set_config('app.company_id', $1, true)`, [companyId]);
        const r = await owner.query(`explain (analyze, format json) ${inlined}`);
        return nodes((r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan as PlanNode);
      } finally {
        await owner.query('rollback');
      }
    }

    /** The walk reads at most `bound` entries: a page (and the rest of one instant), or one window. */
    const expectWalk = (p: PlanNode[], bound: number, index = 'audit_log_company_created_idx') => {
      const walk = p.filter((n) => n['Index Name'] === index);
      expect(walk.length, JSON.stringify(p.map((n) => [n['Node Type'], n['Index Name']]))).toBeGreaterThan(0);
      const read = p.filter((n) => n['Relation Name'] === 'audit_log').map((n) => n['Actual Rows'] ?? 0);
      expect(Math.max(...read)).toBeGreaterThan(0);
      expect(Math.max(...read)).toBeLessThan(bound);
    };

    /**
     * The executed plans of the list's statement (the page and its bounded total), as the
     * application prepares it (company id and limits written in): the custom plan and the generic
     * plan a prepared statement settles on.
     */
    async function listPlans(f: Parameters<typeof journalListSql>[1], before?: [string, number]) {
      const built = new PgDialect().sqlToQuery(journalListSql(companyId, f, { limit: 50, before }));
      const { text, params } = withCompanyLiteral(built.sql, built.params, companyId);
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      const root = (r: pg.QueryResult) =>
        (r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan as PlanNode;
      await owner.query('begin');
      try {
        await owner.query('set local role vigie_app');
        await owner.query(`select set_config('app.company_id', $1, true)`, [companyId]);
        const custom = root(await owner.query(`explain (analyze, format json) ${inlined}`));
        // A filtered prefix is read by the unnamed statement, planned with its values (decision
        // 0021): it never runs on a generic plan.
        if (f.actionPrefix) return [custom].map(split);
        await owner.query(`prepare list_check as ${text}`);
        await owner.query('set local plan_cache_mode = force_generic_plan');
        const generic = root(await owner.query(`explain (analyze, format json) execute list_check${args}`));
        return [custom, generic].map(split);
      } finally {
        await owner.query('rollback');
        await owner.query('deallocate all');
      }
    }

    it('lists with the bounded total: the page walks as above, the count stops at the bound', async () => {
      const cursor = new Date(Date.now() - 100 * 86_400_000).toISOString();
      const from = new Date(Date.now() - 150 * 86_400_000);
      for (const [f, before, bound] of [
        [{}, undefined, 500],
        [{}, [cursor, 30_000], 500],
        [{ actionPrefix: 'alarm.' }, undefined, 500],
        [{ actionPrefix: 'site.updated' }, [cursor, 30_000], 500],
        [{ entity: 'alarm' }, undefined, 500],
        [{ userId: ownerId }, undefined, 500],
        [{ from, to: new Date(from.getTime() + 7 * 86_400_000) }, undefined, 3_000],
      ] as const) {
        for (const { main, init } of await listPlans(f, before as [string, number] | undefined)) {
          expectWalk(main, bound, 'userId' in f ? 'audit_log_company_actor_created_idx' : undefined);
          const counted = init.filter((n) => n['Relation Name'] === 'audit_log');
          expect(counted.length, JSON.stringify(init.map((n) => n['Node Type']))).toBeGreaterThan(0);
          expect(Math.max(...counted.map((n) => n['Actual Rows'] ?? 0))).toBeLessThanOrEqual(COUNT_BOUND + 1);
          expect(init.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
        }
      }
    });

    it('pages from the newest entry, after a cursor, by action, and within days', async () => {
      const page = 500;
      expectWalk(await plan({}), page);
      const cursor = new Date(Date.now() - 100 * 86_400_000).toISOString();
      expectWalk(await plan({}, [cursor, 30_000]), page);
      expectWalk(await plan({ actionPrefix: 'alarm.' }), page);
      // A week 150 days ago holds some 2,400 entries: those are read (and at most they are sorted).
      const from = new Date(Date.now() - 150 * 86_400_000);
      expectWalk(await plan({ from, to: new Date(from.getTime() + 7 * 86_400_000) }), 3_000);
    });
  },
);
