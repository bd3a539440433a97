// Test harness: the real app on a fresh real database (PGlite in memory, or a throwaway
// PostgreSQL database when TEST_DATABASE_URL is set), driven over `inject` (the full HTTP stack).
// Under Vitest both start migrated: copies of what test/global-setup.ts migrated once for the run.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

export type Engine = 'pglite' | 'postgres';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. `VIGIE_TEST_ENGINES=postgres` (or
 * `pglite`) runs one of them only: CI runs the API tier on PostgreSQL under the machine's Node and
 * on PGlite under Node 24 (scripts/test.mjs --split-engines), rather than both engines twice.
 */
export const engines: Engine[] = enginesOf(process.env);

function enginesOf(env: NodeJS.ProcessEnv): Engine[] {
  const all: Engine[] = env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = env.VIGIE_TEST_ENGINES?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!only?.length) return all;
  for (const e of only)
    if (!all.includes(e as Engine))
      throw new Error(
        `VIGIE_TEST_ENGINES=${env.VIGIE_TEST_ENGINES}: ${e} is not available (TEST_DATABASE_URL for postgres)`,
      );
  return all.filter((e) => only.includes(e));
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  engine: Engine;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * Creates a PostgreSQL database for one test file; returns its URL and a dropper. It is a copy of
 * the run's migrated template when there is one (`migrated`), else empty; `empty` asks for an empty one.
 */
export async function createPostgresDatabase(
  opts: { empty?: boolean } = {},
): Promise<{ url: string; migrated: boolean; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `vigie_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = opts.empty ? undefined : process.env.VIGIE_TEST_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    migrated: template !== undefined,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let pgliteImage: Promise<Blob> | undefined;
/** The run's migrated PGlite data directory (a tarball), read once per test file. */
function migratedPglite(): Promise<Blob> | undefined {
  const file = process.env.VIGIE_TEST_PGLITE_IMAGE;
  if (!file) return undefined;
  pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteImage;
}

export async function createTestApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const pgdb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    // The camera monitor would write between a test's reads; tests run it on demand (probeAllCameras).
    CAMERA_PROBE_INTERVAL_MS: '0',
    // Likewise the alarm escalation pass: tests call escalateDueAlarms with their own clock.
    ALARM_ESCALATION_INTERVAL_MS: '0',
    // Likewise the kept counts' fold (db/kept-counts.ts): the sweeps' pictures of the tables must
    // not move between two reads; tests fold on demand (foldKeptCounts).
    KEPT_COUNTS_FOLD_INTERVAL_MS: '0',
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    // Test files run side by side: the alarm receiver's tests open it on a free port (0) themselves.
    ALARM_RECEIVER_PORT: 'off',
    // Likewise the panels' supervision pass: tests call runSupervisionPass with their own clock.
    PANEL_SUPERVISION_INTERVAL_MS: '0',
    DAILY_JOBS_INTERVAL_MS: '0',
    // Test files register many companies from one address; the registration limit's own test sets it.
    REGISTER_LIMIT_PER_HOUR: '100000',
    // One key for every test instance, as instances sharing a database must have.
    SECRETS_KEY: 'vigie-test-secrets-key-not-for-production-use',
    // The fake cameras listen on this machine: the tests open loopback the way an operator opens
    // a network (CAMERA_ALLOWED_NETWORKS), never through an exception in the code. A test of the
    // refusals passes CAMERA_ALLOWED_NETWORKS: ''.
    CAMERA_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
    ...env,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  config.dataDir = 'memory://';
  const image = pgdb ? undefined : await migratedPglite();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // Five connections per test file (files run side by side) unless the test sets the pool's size.
    poolSize: env.DATABASE_POOL_SIZE ? config.databasePoolSize : 5,
    poolWaitMs: config.databasePoolWaitMs,
    poolMaxWaiting: config.databasePoolMaxWaiting,
    ...(image ? { pgliteLoadDataDir: image } : {}),
    skipMigrations: pgdb ? pgdb.migrated : image !== undefined,
  });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    engine,
    databaseUrl: pgdb?.url,
    async close() {
      await app.close();
      await db.close();
      await pgdb?.drop();
    },
  };
}

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Tenant {
  token: string;
  user: { id: string; email: string; name: string };
  company: { id: string; name: string; reference: string };
  password: string;
  auth: { authorization: string };
}

/** Registers a company with its owner and logs in. */
export async function registerCompany(
  app: FastifyInstance,
  opts: { name?: string; subscription?: 'basic' | 'pro' | 'enterprise' } = {},
): Promise<Tenant> {
  const id = unique();
  const password = 'essai-vigie-1';
  const email = `owner-${id}@exemple.fr`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      company: {
        name: opts.name ?? `Société ${id}`,
        email: `contact-${id}@exemple.fr`,
        subscription: opts.subscription ?? 'basic',
      },
      admin: { name: `Admin ${id}`, email, password, confirmPassword: password },
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  return login(app, email, password);
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<Tenant> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    token: body.access_token,
    user: body.user,
    company: body.company,
    password,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

/** Adds a user of the given role to the tenant's company and logs in as them. */
export async function addUser(app: FastifyInstance, owner: Tenant, role: 'admin' | 'operator' | 'agent') {
  const email = `${role}-${unique()}@exemple.fr`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: owner.auth,
    payload: { name: `${role} ${unique()}`, email, password: 'essai-vigie-1', role },
  });
  if (res.statusCode !== 201) throw new Error(`add user failed: ${res.statusCode} ${res.body}`);
  return login(app, email, 'essai-vigie-1');
}

export const call = (app: FastifyInstance, opts: InjectOptions) => app.inject(opts);

/**
 * Runs a statement as the database owner, which row-level security and the append-only triggers do
 * not hold (tests that set up or alter rows behind the app's back). PGlite: its one user is the
 * superuser, back from the app role for one transaction. PostgreSQL: the app's own login cannot
 * become the owner (decision 0021), so a short connection of the owner's URL.
 */
export async function asOwner(t: TestApp, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  if (t.engine === 'pglite' || !t.databaseUrl) {
    return t.db.withoutTenant(async (tx) => {
      await tx.execute(sql`set local role none`);
      return (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    });
  }
  const built = new PgDialect().sqlToQuery(query);
  const c = new pg.Client({ connectionString: t.databaseUrl });
  await c.connect();
  try {
    return await c.query(built.sql, built.params as unknown[]);
  } finally {
    await c.end();
  }
}
