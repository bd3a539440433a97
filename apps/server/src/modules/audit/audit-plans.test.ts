// Query plans of the audit journal on a large company (60,000 entries, analysed): a page walks the
// (company_id, created_at) index from the newest entry or the cursor and stops after `limit` rows;
// it never sorts the company's entries (only entries of one instant, by id: an incremental sort).
// PostgreSQL only, for the reason given in test/list-plans.test.ts (PGlite has no owner connection
// to analyse the seeded table).
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal } from '../../db/tenant-read';
import { createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { journalPageSql } from './audit.repository';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'audit journal query plans on 60,000 entries (postgres)',
  () => {
    let t: TestApp;
    let owner: pg.Client;
    let companyId: string;

    beforeAll(async () => {
      t = await createTestApp('postgres');
      companyId = (await registerCompany(t.app)).company.id;
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
    });
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
    const expectWalk = (p: PlanNode[], bound: number) => {
      const walk = p.filter((n) => n['Index Name'] === 'audit_log_company_created_idx');
      expect(walk.length, JSON.stringify(p.map((n) => [n['Node Type'], n['Index Name']]))).toBeGreaterThan(0);
      const read = p.filter((n) => n['Relation Name'] === 'audit_log').map((n) => n['Actual Rows'] ?? 0);
      expect(Math.max(...read)).toBeGreaterThan(0);
      expect(Math.max(...read)).toBeLessThan(bound);
    };

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
