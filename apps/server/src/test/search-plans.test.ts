// Query plans of every list and search statement on seeded data, on both engines, as the application
// role with the company set (docs/decisions/0005, 0014): a plan must never read a large table
// sequentially, and every index it reads must be entered by company_id — otherwise it reads other
// companies' rows (row-level security would hide them, after paying for them). Plans only: no timing.
//
// The seed: two companies using the same words, each with 2,000 sites, 20,000 cameras, 15,000
// alarms, 15,000 access log lines, 10,000 radio communications, 10,000 main courante entries of one
// site and 15,000 audit entries (more than the journal's counting bound). Tables are analysed as the owner (on PGlite the
// single session leaves the app role for the seed and returns to it).
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../db/client';
import { bulkSitesAndCameras } from '../db/seeds/bulk';
import { literal } from '../db/tenant-read';
import { listLogsSql } from '../modules/access/logs.repository';
import { listAlarmsSql } from '../modules/alarms/alarms.repository';
import { listJournalPage } from '../modules/audit/audit.repository';
import { listCamerasPage } from '../modules/cameras/cameras.repository';
import { listEntries } from '../modules/logbook/logbook.service';
import { listPage as listCommunicationsPage } from '../modules/radio/communications.repository';
import { listSitesPage } from '../modules/sites/sites.repository';
import type { AuthContext } from '../plugins/auth';
import { createTestApp, engines, registerCompany, type TestApp } from './harness';

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

/** Owner SQL: the rows a big company and a small one hold (same words in both). */
function seed(big: string, small: string, bigUser: string) {
  const rows = (company: string, n: number) => `
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
    select ${lit(company)}::uuid, ${company === big ? `${lit(bigUser)}::uuid` : 'null'},
           (array['alarm.create', 'site.update', 'camera.update', 'user.login'])[1 + i % 4], 'alarm', i::text,
           jsonb_build_object('title', 'Portail nord ' || i), now() - make_interval(secs => i * 17)
      from generate_series(1, ${n}) i;`;
  // The other company is as large: a plan that leaves the company's index then reads as many rows
  // of another company as of its own, and the planner sees it.
  return `${bulkSitesAndCameras(big)}
    ${bulkSitesAndCameras(small)}
    ${rows(big, 15_000)}
    ${rows(small, 15_000)}`;
}

describe.each(engines)('list and search plans on seeded data (%s)', (engine) => {
  let t: TestApp;
  let owner: pg.Client | undefined;
  let companyId: string;
  let userId: string;
  let siteId: string;
  /** SQL as the owner (PGlite: its one session leaves the app role for the time of it). */
  let asOwner: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  /** A drizzle instance on the owner's session that records every statement it runs. */
  let recorder: (log: { query: string; params: unknown[] }[]) => Tx;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    companyId = tenant.company.id;
    userId = tenant.user.id;
    const small = (await registerCompany(t.app, { subscription: 'enterprise' })).company.id;
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
    await asOwner(seed(companyId, small, userId));
    // Statistics from every row, not a random sample: the token tables hold more rows than a sample
    // reads, and a sample's estimates flipped the audit search's plan from one run to the next.
    await asOwner('set default_statistics_target = 10000');
    await asOwner('vacuum analyze');
    const { rows } = await asOwner(
      `select id from sites where company_id = '${companyId}' order by name limit 1`,
    );
    siteId = rows[0]?.id as string;
  }, 600_000);
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  /** The plan of one statement, as the app role with the company set. */
  async function planOf(query: string, params: unknown[]): Promise<PlanNode[]> {
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

  async function check(name: string, statements: { query: string; params: unknown[] }[]) {
    expect(statements.length, name).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const s of statements) {
      const plan = await planOf(s.query, s.params);
      const shape = plan.map(
        (n) =>
          `${n['Node Type']}${n['Relation Name'] ? ` ${n['Relation Name']}` : ''}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`,
      );
      for (const f of faults(plan)) problems.push(`${name}: ${f} — ${shape.join(' / ')}`);
    }
    return problems;
  }

  /** Statements a repository function sends through a recording session, in a rolled-back transaction. */
  async function recorded(run: (tx: Tx) => Promise<unknown>) {
    const log: { query: string; params: unknown[] }[] = [];
    const tx = recorder(log);
    await asOwnerTx(async () => run(tx));
    return log;
  }
  async function asOwnerTx(fn: () => Promise<unknown>) {
    const begin = `begin; set local role vigie_app; select set_config('app.company_id', '${companyId}', true)`;
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
  async function readStatements(run: (db: Database) => Promise<unknown>) {
    const out: { query: string; params: unknown[] }[] = [];
    const dialect = new PgDialect();
    const db = {
      async readTenant(_c: string, q: SQL) {
        const { sql: query, params } = dialect.sqlToQuery(q);
        out.push({ query, params });
        return [];
      },
      async withTenant(_c: string, fn: (tx: Tx) => Promise<unknown>) {
        out.push(...(await recorded(fn)));
      },
    } as unknown as Database;
    await run(db);
    return out;
  }

  const sql = (q: SQL) => {
    const { sql: query, params } = new PgDialect().sqlToQuery(q);
    return [{ query, params }];
  };

  it('reads sites and cameras by company, searched or not', async () => {
    const problems: string[] = [];
    for (const f of [{}, { status: 'active' as const }, { search: 'resid' }, { search: 'republique lyon' }]) {
      problems.push(
        ...(await check(
          `sites ${JSON.stringify(f)}`,
          await readStatements((db) => listSitesPage(db, companyId, f, { limit: 50 })),
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
          `cameras ${JSON.stringify(f)}`,
          await readStatements((db) => listCamerasPage(db, companyId, f, { limit: 50 })),
        )),
      );
    }
    expect(problems).toEqual([]);
  });

  it('reads alarms by company with each filter and search', async () => {
    const problems: string[] = [];
    const filters = [
      {},
      { status: 'active' as const },
      { severity: 'critical' as const },
      { status: 'resolved' as const, severity: 'low' as const },
      { siteId },
      { type: 'fire' },
      { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() },
      { search: 'alarme 12345' },
      { search: 'detecteur' },
      { search: 'portail nord' },
      { search: 'portail', status: 'active' as const },
      { search: 'zzz' },
    ];
    for (const f of filters) {
      for (const after of [
        undefined,
        [new Date().toISOString(), '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        problems.push(
          ...(await check(
            `alarms ${JSON.stringify(f)}${after ? ' after a cursor' : ''}`,
            sql(listAlarmsSql(companyId, f, { limit: 50, after: after as [string, string] | undefined })),
          )),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads access logs, radio communications, the main courante and the audit journal by company', async () => {
    const problems: string[] = [];
    for (const f of [
      {},
      { status: 'Refusé' as const },
      { siteId },
      { from: new Date(Date.now() - 3_600_000 * 3.5), to: new Date() },
      { search: 'dupont' },
      { search: 'b-00042' },
    ]) {
      problems.push(
        ...(await check(`access logs ${JSON.stringify(f)}`, sql(listLogsSql(companyId, f, { limit: 50 })))),
      );
    }
    for (const f of [{}, { channelId: '00000000-0000-4000-8000-000000000001' }, { emergency: true }]) {
      problems.push(
        ...(await check(
          `radio communications ${JSON.stringify(f)}`,
          await recorded((tx) => listCommunicationsPage(tx, companyId, f, { limit: 50 })),
        )),
      );
    }
    const auth = { companyId, userId, role: 'admin' } as AuthContext;
    for (const q of [
      { siteId, limit: 50 },
      {
        siteId,
        limit: 50,
        from: new Date(Date.now() - 86_400_000).toISOString(),
        to: new Date().toISOString(),
      },
    ]) {
      problems.push(
        ...(await check(
          `main courante ${JSON.stringify(q)}`,
          await readStatements((db) => listEntries(db, auth, q as Parameters<typeof listEntries>[2])),
        )),
      );
    }
    for (const f of [
      {},
      { userId },
      { actionPrefix: 'alarm' },
      { entity: 'alarm' },
      { search: 'portail 123' },
    ]) {
      problems.push(
        ...(await check(
          `audit ${JSON.stringify(f)}`,
          await recorded((tx) => listJournalPage(tx, companyId, f, { limit: 50 })),
        )),
      );
    }
    expect(problems).toEqual([]);
  });
});
