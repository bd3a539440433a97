// Query plans of every list and search statement on seeded data, on both engines, as the application
// role with the company set (docs/decisions/0005, 0014): a plan must never read a large table
// sequentially, and every index it reads must be entered by company_id — otherwise it reads other
// companies' rows (row-level security would hide them, after paying for them). Plans only: no timing.
//
// The seed comes in two steps, every company using the same words. A big company: 2,000 sites,
// 20,000 cameras, 15,000 alarms, 15,000 access log lines, 10,000 radio communications, 10,000 main
// courante entries of one site and 15,000 audit entries (more than the journal's counting bound).
// First, beside it, a small company with a tenth of each (200 sites, 2,000 cameras…): the big one
// holds 91 % of every table, as on the benchmark's data, where a company of 20,000 cameras beside 50
// small ones (89 % of the cameras) had its camera search planned as a hash join over a sequential
// scan of the whole cameras table; with companies of equal size the planner never prefers that (the
// search of 3ff8295^ passed this test then, and fails it now). The big company's plans and the small
// one's are checked: the small one's must keep to its index beside the big one's rows. Then a
// company as large as the big one joins them and the big one's plans are checked again: a plan that
// leaves the company's index now reads as many rows of another company as of its own, and the
// planner sees it. Tables are analysed as the owner after each step (on PGlite the single session
// leaves the app role for the seed and returns to it). The first step found faults in the big
// company's searches, since fixed: the site search (now from its tokens, as the camera search), the
// audit search (matches from its tokens when they are few) and the access log search (the purge's
// index on `at` alone, dropped by migration 0034); OPEN_BIG would list a fault left open.
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../db/client';
import { bulkSitesAndCameras } from '../db/seeds/bulk';
import { listLogsSql } from '../modules/access/logs.repository';
import { listAlarmsPage, listAlarmsSql } from '../modules/alarms/alarm-list.repository';
import { listJournalPage } from '../modules/audit/audit.repository';
import { listCamerasPage } from '../modules/cameras/cameras.repository';
import { listEntries } from '../modules/logbook/logbook.service';
import { listPage as listCommunicationsPage } from '../modules/radio/communications/communications.repository';
import { listSitesPage } from '../modules/sites/sites.repository';
import type { AuthContext } from '../plugins/auth';
import { createTestApp, engines, registerCompany, type TestApp } from './harness';
import { literal } from './sql-literal';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** Tables that grow with a company: never read sequentially. */
const LARGE = new Set([
  'sites',
  'cameras',
  'alarms',
  'alarm_events',
  'access_logs',
  'audit_log',
  'radio_communications',
  'logbook_entries',
  'alarm_search_tokens',
  'camera_search_tokens',
  'site_search_tokens',
  'access_log_search_tokens',
  'audit_search_tokens',
]);

const lit = (v: string) => `'${v}'`;

type Open = Partial<Record<'sitesAndCameras' | 'alarms' | 'journals', string[]>>;

/**
 * Faults of the big company's plans beside the small one still open (not accepted plans): found
 * when the seed gained a company holding nine rows in ten; beside a company of its size, the same
 * statements are planned on their indexes. Whether the planner picks such a plan depends on the
 * sampled statistics (the access log search's walk of the purge's index came and went between two
 * runs, before migration 0034 removed that index), so an open fault may or may not be seen; any
 * other fault fails the test. Take a fault off when its statement is fixed.
 */
const OPEN_BIG: Open = {};

/** A check's problems less the open faults it may meet. */
function unexpected(problems: string[], open: string[] = []): string[] {
  const fault = (p: string) => p.split(' — ')[0] ?? p;
  return problems.filter((p) => !open.includes(fault(p)));
}

/** A company whose plans are checked: the site its access log and main courante are on, its owner. */
interface Company {
  id: string;
  userId: string;
  siteId: string;
}

/**
 * Owner SQL: the rows of one company, the same words in every company — `sites` sites of 10 cameras,
 * `n` alarms, access log lines and audit entries (its owner's), two thirds of `n` radio
 * communications and main courante entries.
 */
function seed(company: string, user: string, sites: number, n: number) {
  return `${bulkSitesAndCameras(company, sites)}
    insert into alarms (company_id, site_id, camera_id, type, severity, status, title, description, location, source, triggered_at)
    select ${lit(company)}::uuid, s.ids[1 + i % cardinality(s.ids)], null,
           (array['intrusion', 'fire', 'access_denied', 'technical'])[1 + i % 4],
           (array['low', 'medium', 'high', 'critical'])[1 + (i * 7) % 4],
           case when i % 50 = 0 then 'active' when i % 50 = 1 then 'acknowledged' else 'resolved' end,
           'Alarme ' || i, 'Détecteur ' || (i % 97) || ' déclenché', 'Portail nord ' || (i % 13), 'device',
           now() - make_interval(secs => i * 5)
      from generate_series(1, ${n}) i,
           (select array_agg(id order by name) as ids from (select id, name from sites where company_id = ${lit(company)}::uuid order by name limit 20) x) s;
    insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
    select company_id, id, 'created', 'Centrale', triggered_at from alarms where company_id = ${lit(company)}::uuid;
    insert into access_logs (company_id, at, point_name, site_id, site_name, badge_number, person_name, department, access_type, status)
    select ${lit(company)}::uuid, now() - make_interval(secs => i * 7), 'Porte ' || (i % 9), s.id, s.name,
           'B-' || lpad((i % 3000)::text, 5, '0'), (array['Dupont', 'Martin', 'Durand', 'Lefèvre'])[1 + i % 4] || ' ' || i,
           'Logistique', 'qrcode', case when i % 10 = 0 then 'Refusé' else 'Autorisé' end
      from generate_series(1, ${n}) i,
           (select id, name from sites where company_id = ${lit(company)}::uuid order by name limit 1) s;
    insert into radio_communications (company_id, channel_id, channel_name, from_name, source, at, transcript, emergency_detected)
    select ${lit(company)}::uuid, null, 'Canal 1',
           'Agent ' || (i % 50), 'device', now() - make_interval(secs => i * 11), 'Ronde terminée', i % 100 = 0
      from generate_series(1, ${Math.round((n * 2) / 3)}) i;
    insert into logbook_entries (company_id, id, site_id, site_name, number, occurred_at, category, text, author_name, source, prev_hash, hash)
    select ${lit(company)}::uuid, gen_random_uuid(), s.id, s.name, i, now() - make_interval(secs => (${n} - i) * 13), 'ronde',
           'Ronde ' || i, 'Agent', 'user', 'x', 'y'
      from generate_series(1, ${Math.round((n * 2) / 3)}) i,
           (select id, name from sites where company_id = ${lit(company)}::uuid order by name limit 1) s;
    insert into logbook_counters (company_id, site_id, last, last_hash)
    select ${lit(company)}::uuid, s.id, ${Math.round((n * 2) / 3)}, 'y'
      from (select id from sites where company_id = ${lit(company)}::uuid order by name limit 1) s;
    insert into audit_log (company_id, actor_user_id, action, entity, entity_id, details, created_at)
    select ${lit(company)}::uuid, ${lit(user)}::uuid,
           (array['alarm.create', 'site.update', 'camera.update', 'user.login'])[1 + i % 4], 'alarm', i::text,
           jsonb_build_object('title', 'Portail nord ' || i), now() - make_interval(secs => i * 17)
      from generate_series(1, ${n}) i;`;
}

describe.each(engines)('list and search plans on seeded data (%s)', (engine) => {
  let t: TestApp;
  let owner: pg.Client | undefined;
  /** Nine rows in ten of every table in the first step, half of them in the second. */
  let big: Company;
  /** A tenth of the big company's rows. */
  let small: Company;
  /** Seeded in the second step, as large as the big company (its plans are not checked). */
  let peer: { id: string; userId: string };
  /** SQL as the owner (PGlite: its one session leaves the app role for the time of it). */
  let asOwner: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  /** A drizzle instance on the owner's session that records every statement it runs. */
  let recorder: (log: { query: string; params: unknown[] }[]) => Tx;

  /** Statistics of the seeded rows, as the owner. */
  async function analyse() {
    // Statistics from every row, not a random sample: the token tables hold more rows than a sample
    // reads, and a sample's estimates flipped the audit search's plan from one run to the next.
    await asOwner('set default_statistics_target = 10000');
    await asOwner('vacuum analyze');
  }

  async function registered() {
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    return { id: tenant.company.id, userId: tenant.user.id };
  }
  /** The company's first site by name: the one its access log and main courante are on. */
  async function withSite(c: { id: string; userId: string }): Promise<Company> {
    const { rows } = await asOwner(`select id from sites where company_id = '${c.id}' order by name limit 1`);
    return { ...c, siteId: rows[0]?.id as string };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const registeredBig = await registered();
    const registeredSmall = await registered();
    peer = await registered();
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      owner = client;
      asOwner = (text) => client.query(text);
      recorder = (log) =>
        drizzlePg(client, {
          logger: { logQuery: (query, params) => log.push({ query, params }) },
        }) as unknown as Tx;
    } else {
      const client = (t.db.direct as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      asOwner = async (text) => {
        await client.exec('reset role');
        try {
          const results = await client.exec(text);
          return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
        } finally {
          await client.exec('set role vigie_app');
        }
      };
      recorder = (log) =>
        drizzlePglite({
          client,
          logger: { logQuery: (query, params) => log.push({ query, params }) },
        }) as unknown as Tx;
    }
    await asOwner(seed(registeredBig.id, registeredBig.userId, 2_000, 15_000));
    await asOwner(seed(registeredSmall.id, registeredSmall.userId, 200, 1_500));
    await analyse();
    big = await withSite(registeredBig);
    small = await withSite(registeredSmall);
  }, 600_000);
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  /** The plan of one statement, as the app role with the company set. */
  async function planOf(companyId: string, query: string, params: unknown[]): Promise<PlanNode[]> {
    const inlined = query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const script = `begin; set local role vigie_app; select set_config('app.company_id', '${companyId}', true);
      explain (format json) ${inlined}; rollback;`;
    let plan: unknown;
    if (owner) {
      const results = (await owner.query(script)) as unknown as pg.QueryResult[];
      plan = results[3]?.rows[0]?.['QUERY PLAN'];
    } else {
      const client = (t.db.direct as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      const results = await client.exec(script);
      plan = (results[3]?.rows[0] as Record<string, unknown>)?.['QUERY PLAN'];
    }
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    return nodes(root[0]?.Plan as PlanNode);
  }

  /** Problems of a plan: sequential scans of large tables, index reads not entered by company. */
  function faults(plan: PlanNode[]): string[] {
    const out: string[] = [];
    for (const n of plan) {
      if (n['Node Type'] === 'Seq Scan' && LARGE.has(n['Relation Name'] ?? ''))
        out.push(`Seq Scan on ${n['Relation Name']}`);
      if (n['Node Type'].includes('Index') && n['Node Type'] !== 'Bitmap Heap Scan') {
        if (!(n['Index Cond'] ?? '').includes('company_id'))
          out.push(
            `${n['Node Type']} on ${n['Index Name']} without company_id: ${n['Index Cond'] ?? '(none)'}`,
          );
      }
    }
    return out;
  }

  async function check(c: Company, name: string, statements: { query: string; params: unknown[] }[]) {
    expect(statements.length, name).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const s of statements) {
      const plan = await planOf(c.id, s.query, s.params);
      const shape = plan.map(
        (n) =>
          `${n['Node Type']}${n['Relation Name'] ? ` ${n['Relation Name']}` : ''}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`,
      );
      for (const f of faults(plan)) problems.push(`${name}: ${f} — ${shape.join(' / ')}`);
    }
    return problems;
  }

  /** Statements a repository function sends through a recording session, in a rolled-back transaction. */
  async function recorded(c: Company, run: (tx: Tx) => Promise<unknown>) {
    const log: { query: string; params: unknown[] }[] = [];
    const tx = recorder(log);
    await asOwnerTx(c, async () => run(tx));
    return log;
  }
  async function asOwnerTx(c: Company, fn: () => Promise<unknown>) {
    const begin = `begin; set local role vigie_app; select set_config('app.company_id', '${c.id}', true)`;
    if (owner) {
      await owner.query(begin);
      try {
        await fn();
      } finally {
        await owner.query('rollback');
      }
    } else {
      const client = (t.db.direct as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      await client.exec(begin);
      try {
        await fn();
      } finally {
        await client.exec('rollback');
      }
    }
  }

  /** Statements of a function reading through `db.readTenant` / `db.withTenant`. */
  async function readStatements(c: Company, run: (db: Database) => Promise<unknown>) {
    const out: { query: string; params: unknown[] }[] = [];
    const dialect = new PgDialect();
    const db = {
      async readTenant(_c: string, q: SQL) {
        const { sql: query, params } = dialect.sqlToQuery(q);
        out.push({ query, params });
        return [];
      },
      async withTenant(_c: string, fn: (tx: Tx) => Promise<unknown>) {
        out.push(...(await recorded(c, fn)));
      },
    } as unknown as Database;
    await run(db);
    return out;
  }

  /**
   * Statements of a function reading through `db.readTenant`, each run (as the app role with the
   * company set, rolled back) so that the function takes the path its answers lead it to: the
   * audit search reads its matches' count before it chooses, the main courante reads again only
   * after an empty page.
   */
  async function ranStatements(c: Company, run: (db: Database) => Promise<unknown>) {
    const out: { query: string; params: unknown[] }[] = [];
    const dialect = new PgDialect();
    const db = {
      async readTenant(_c: string, q: SQL) {
        const { sql: query, params } = dialect.sqlToQuery(q);
        out.push({ query, params });
        let rows: unknown[] = [];
        await asOwnerTx(c, async () => {
          if (owner) {
            rows = (await owner.query(query, params)).rows;
          } else {
            const client = (t.db.direct as unknown as { $client: import('@electric-sql/pglite').PGlite })
              .$client;
            rows = (await client.query(query, params)).rows;
          }
        });
        return rows;
      },
    } as unknown as Database;
    await run(db);
    return out;
  }

  const sql = (q: SQL) => {
    const { sql: query, params } = new PgDialect().sqlToQuery(q);
    return [{ query, params }];
  };

  async function sitesAndCameras(c: Company) {
    const problems: string[] = [];
    for (const f of [{}, { status: 'active' as const }, { search: 'resid' }, { search: 'republique lyon' }]) {
      problems.push(
        ...(await check(
          c,
          `sites ${JSON.stringify(f)}`,
          await readStatements(c, (db) => listSitesPage(db, c.id, f, { limit: 50 })),
        )),
      );
    }
    for (const f of [
      {},
      { status: 'En ligne' as const },
      { siteId: '00000000-0000-4000-8000-000000000000' },
      { search: 'parking' },
      { search: 'cam-0001' },
      { search: 'portail' },
    ]) {
      problems.push(
        ...(await check(
          c,
          `cameras ${JSON.stringify(f)}`,
          await readStatements(c, (db) => listCamerasPage(db, c.id, f, { limit: 50 })),
        )),
      );
    }
    return problems;
  }

  async function alarms(c: Company) {
    const problems: string[] = [];
    const filters = [
      {},
      { status: 'active' as const },
      { severity: 'critical' as const },
      { status: 'resolved' as const, severity: 'low' as const },
      { siteId: c.siteId },
      { type: 'fire' },
      { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() },
      { search: 'alarme 12345' },
      { search: 'detecteur' },
      { search: 'portail nord' },
      { search: 'portail', status: 'active' as const },
      { search: 'portail', siteId: c.siteId },
      { search: 'zzz' },
    ];
    for (const f of filters) {
      for (const after of [
        undefined,
        [new Date().toISOString(), '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const page = { limit: 50, after: after as [string, string] | undefined };
        problems.push(
          ...(await check(
            c,
            `alarms ${JSON.stringify(f)}${after ? ' after a cursor' : ''}`,
            // A search reads its words' token rows before it chooses between its matches by key and a
            // walk of the list's order (issue 30): run, so that each takes the path its words lead to.
            f.search
              ? await ranStatements(c, (db) => listAlarmsPage(db, c.id, f, page))
              : sql(listAlarmsSql(c.id, f, page)),
          )),
        );
      }
    }
    return problems;
  }

  async function journals(c: Company) {
    const problems: string[] = [];
    for (const f of [
      {},
      { status: 'Refusé' as const },
      { siteId: c.siteId },
      { from: new Date(Date.now() - 3_600_000 * 3.5), to: new Date() },
      { search: 'dupont' },
      { search: 'b-00042' },
    ]) {
      problems.push(
        ...(await check(c, `access logs ${JSON.stringify(f)}`, sql(listLogsSql(c.id, f, { limit: 50 })))),
      );
    }
    for (const f of [{}, { channelId: '00000000-0000-4000-8000-000000000001' }, { emergency: true }]) {
      problems.push(
        ...(await check(
          c,
          `radio communications ${JSON.stringify(f)}`,
          await readStatements(c, (db) => listCommunicationsPage(db, c.id, f, { limit: 50 })),
        )),
      );
    }
    const auth = { companyId: c.id, userId: c.userId, role: 'admin' } as AuthContext;
    for (const q of [
      { siteId: c.siteId, limit: 50 },
      {
        siteId: c.siteId,
        limit: 50,
        from: new Date(Date.now() - 86_400_000).toISOString(),
        to: new Date().toISOString(),
      },
    ]) {
      problems.push(
        ...(await check(
          c,
          `main courante ${JSON.stringify(q)}`,
          await ranStatements(c, (db) => listEntries(db, auth, q as Parameters<typeof listEntries>[2])),
        )),
      );
    }
    for (const f of [
      {},
      { userId: c.userId },
      { actionPrefix: 'alarm' },
      { entity: 'alarm' },
      { search: 'portail 123' },
    ]) {
      problems.push(
        ...(await check(
          c,
          `audit ${JSON.stringify(f)}`,
          await ranStatements(c, (db) => listJournalPage(db, c.id, f, { limit: 50 })),
        )),
      );
    }
    return problems;
  }

  /** The checks of every list, for the company `company()` names once the seed is in. */
  function checksOf(label: string, company: () => Company, open: Open = {}) {
    it(`reads sites and cameras by company, searched or not (${label})`, async () => {
      expect(unexpected(await sitesAndCameras(company()), open.sitesAndCameras)).toEqual([]);
    });
    it(`reads alarms by company with each filter and search (${label})`, async () => {
      expect(unexpected(await alarms(company()), open.alarms)).toEqual([]);
    });
    it(`reads access logs, radio communications, the main courante and the audit journal by company (${label})`, async () => {
      expect(unexpected(await journals(company()), open.journals)).toEqual([]);
    });
  }

  // The planner judges a statement by the company's share of each table: the plans of a company
  // holding nearly every row are the ones to read a table whole or leave its index (the other
  // companies' rows cost it little); a small company's must keep to its index beside the big one's.
  describe('a big company holding nine rows in ten beside a small one', () => {
    checksOf('big company', () => big, OPEN_BIG);
    checksOf('small company', () => small);
  });

  describe('then a company of the same size beside the big one', () => {
    beforeAll(async () => {
      await asOwner(seed(peer.id, peer.userId, 2_000, 15_000));
      await analyse();
    }, 600_000);
    checksOf('big company beside its equal', () => big);
  });
});
