// The one data-access module: PGlite in-process when DATABASE_URL is unset, PostgreSQL through a
// node-postgres pool when it is set. Both run the same migrations and the same Drizzle queries, and
// both run the application as the non-owner role `vigie_app` so that row-level security applies.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { notificationConnection } from './notifications';
import { collectPglite, PgPipeline, pipelineBytes, type Step, type TypeParser } from './pipeline';
import { limitedPool } from './pool';
import { rowsOf } from './rows';
import * as schema from './schema';
import { newPreparedState, type PreparedState, type TenantReadOptions, tenantPipeline } from './tenant-read';
import { poolTypes } from './timestamp-parser';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
// biome-ignore lint/suspicious/noExplicitAny: the relational config type parameter differs per driver.
export type Tx = PgTransaction<PgQueryResultHKT, Schema, any>;

export const APP_ROLE = 'vigie_app';
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  engine: 'pglite' | 'postgres';
  /** Single statements outside a transaction (autocommit): the auth functions, public tables. */
  direct: Db;
  /** Runs `fn` in one transaction scoped to `companyId` (RLS setting + explicit filters). */
  withTenant<T>(companyId: string, fn: (tx: Tx) => Promise<T>, opts?: TenantOptions): Promise<T>;
  /**
   * One read-only statement for the company in a single round trip (company setting and statement
   * in one message, one implicit transaction): what list endpoints use. Rows come as the driver
   * parses them (timestamps as Date): alias columns to the wanted keys, cast counts to int.
   */
  readTenant<T>(companyId: string, query: SQL, opts?: TenantReadOptions): Promise<T[]>;
  /**
   * Statements for the company in one round trip and one transaction (the message's implicit one:
   * all of them commit, or none), with cached plans: for writes at device rates. Answers the rows
   * of the first statement; the others are side writes.
   */
  writeTenant<T>(companyId: string, query: SQL, also?: SQL[]): Promise<T[]>;
  /** Runs `fn` in one transaction with no company: only public tables and auth functions answer. */
  withoutTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel (delivered at commit): PGlite in-process, PostgreSQL through the
   * instance's one LISTEN connection, which reconnects by itself. `onLost` says notifications may be
   * missed from now on; `onReconnect` lets the caller catch up on what was sent while it was away.
   * Resolves to the unsubscribe function.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /** Who the application runs as; readiness fails if it could bypass RLS. */
  whoami(): Promise<{ role: string; superuser: boolean; bypassRls: boolean }>;
  /** The PostgreSQL pool's connections (open, idle) and waiting requests; null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface TenantOptions {
  /**
   * Takes this transaction-scoped advisory lock with the company setting, in the same statement
   * (one round trip less for writes that serialise on a key, such as one agent's plan).
   */
  lockKey?: string;
}

export interface OpenOptions {
  /** The owner's URL: migrations run with it. */
  databaseUrl?: string | undefined;
  /** The application's own login (vigie_app); default: databaseUrl with the user vigie_app. */
  appDatabaseUrl?: string | undefined;
  dataDir?: string;
  /**
   * PGlite only: starts from this dump of a data directory (`dumpDataDir`) instead of an empty one.
   * The test harness loads a migrated one (test/global-setup.ts).
   */
  pgliteLoadDataDir?: Blob;
  /**
   * Skips the migrations at open, for a database known to be migrated: only the test harness, whose
   * databases are copies of one migrated when the run started (saves the migrator's check).
   */
  skipMigrations?: boolean;
  poolSize?: number;
  /** Wait for a connection before a 503 (ms). */
  poolWaitMs?: number;
  /** Requests allowed to wait for a connection at once; past it a 503 at once (0: no bound). */
  poolMaxWaiting?: number;
  /** Called when the pool reports an idle-client error (database restart); never crashes. */
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir ?? './data', opts);
}

const SET_COMPANY = "select set_config('app.company_id', $1, true)";
const SET_COMPANY_AND_LOCK =
  "select set_config('app.company_id', $1, true), pg_advisory_xact_lock(hashtextextended($2, 0))";

/** BEGIN, then the company setting (and the optional advisory lock), values bound. */
function beginSteps(companyId: string, o: TenantOptions): Step[] {
  return [
    { text: 'begin', values: [], parse: true },
    o.lockKey === undefined
      ? { text: SET_COMPANY, values: [companyId], parse: true }
      : { text: SET_COMPANY_AND_LOCK, values: [companyId, o.lockKey], parse: true },
  ];
}

/** PGlite's answers parsed as the PostgreSQL pool's are, so that both engines give the same rows. */
const pgliteParser: TypeParser = (oid) => poolTypes.getTypeParser(oid, 'text') as (text: string) => unknown;

function tenantRunner(db: Db) {
  return {
    direct: db,
    withTenant<T>(companyId: string, fn: (tx: Tx) => Promise<T>, opts: TenantOptions = {}) {
      return db.transaction(async (tx) => {
        await tx.execute(
          opts.lockKey === undefined
            ? sql`select set_config('app.company_id', ${companyId}, true)`
            : sql`select set_config('app.company_id', ${companyId}, true),
                         pg_advisory_xact_lock(hashtextextended(${opts.lockKey}, 0))`,
        );
        return fn(tx as Tx);
      });
    },
    withoutTenant<T>(fn: (tx: Tx) => Promise<T>) {
      return db.transaction(async (tx) => fn(tx as Tx));
    },
    async whoami() {
      const r = await db.execute<{ role: string; superuser: boolean; bypass: boolean }>(
        sql`select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass
              from pg_roles r where r.rolname = current_user`,
      );
      const row = rowsOf<{ role: string; superuser: boolean; bypass: boolean }>(r)[0];
      if (!row) throw new Error('current role not found');
      return { role: row.role, superuser: row.superuser, bypassRls: row.bypass };
    },
  };
}

/** `dataDir` 'memory://' keeps the database in memory (tests). */
async function openPglite(dataDir: string, opts: OpenOptions = {}): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Loaded only for the embedded engine: PGlite's module alone is ~40 MB of a PostgreSQL server's
  // resident memory, which it would carry without ever using it.
  const [{ PGlite: PGliteEngine }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  const client: PGlite = await PGliteEngine.create({
    dataDir,
    ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  // PGlite is single-user and superuser: migrate as owner, then drop to the app role for good.
  if (!opts.skipMigrations) await migratePglite(db, { migrationsFolder });
  await client.exec(`SET ROLE ${APP_ROLE}`);
  const pgliteState = newPreparedState();
  /** The rows of the first of `queries`, run as one pipeline (readTenant, writeTenant). */
  const runPglite = <T>(companyId: string, queries: SQL[], opts?: TenantReadOptions): Promise<T[]> =>
    // The instance's mutexes, as its own query() takes them: never inside another's transaction.
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const p = tenantPipeline(companyId, queries, pgliteState, opts);
        try {
          const { messages } = await client.execProtocol(pipelineBytes(p.steps, p.close));
          p.commit();
          return (collectPglite(messages, pgliteParser)[p.results[0] as number]?.rows ?? []) as T[];
        } catch (err) {
          p.fail();
          throw err;
        }
      }),
    );
  return {
    engine: 'pglite',
    ...tenantRunner(db as unknown as Db),
    async readTenant<T>(companyId: string, query: SQL, opts?: TenantReadOptions) {
      return runPglite<T>(companyId, [query], opts);
    },
    async writeTenant<T>(companyId: string, query: SQL, also: SQL[] = []) {
      return runPglite<T>(companyId, [query, ...also]);
    },
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      return async () => unlisten();
    },
    poolStats: () => null,
    async close() {
      await client.close();
    },
  };
}

/**
 * The URL the application connects with: its own login role, never the owner (docs/decisions/0021):
 * `DATABASE_APP_URL` when given, else the owner's URL with the user vigie_app and no password (trust
 * or peer authentication, a ~/.pgpass entry or PGPASSWORD give it one).
 */
export function appUrlOf(ownerUrl: string, appUrl?: string): string {
  if (appUrl) return appUrl;
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

async function openPostgres(ownerUrl: string, opts: OpenOptions): Promise<Database> {
  if (!opts.skipMigrations) await migratePostgres(ownerUrl);
  const url = appUrlOf(ownerUrl, opts.appDatabaseUrl);
  const pool = limitedPool(
    {
      connectionString: url,
      query_timeout: 10_000,
      idleTimeoutMillis: 30_000,
      // JIT off as a startup parameter: on short OLTP statements LLVM compilation costs far more than
      // it saves (one list over a 500,000-row table took 240 ms with JIT, 0.8 ms without;
      // docs/decisions/0005).
      options: '-c jit=off',
      // Timestamps of raw reads (lists) parsed without regexes (db/timestamp-parser.ts); Drizzle's
      // own queries set their parsers per query.
      types: poolTypes,
    },
    // Size, wait and queue bound measured in bench/README.md (issue 30); the wait also fails fast
    // when the database is down instead of letting requests hang.
    {
      size: opts.poolSize ?? 20,
      waitMs: opts.poolWaitMs ?? 3_000,
      maxWaiting: opts.poolMaxWaiting ?? 0,
    },
  );
  // Without this handler an idle client's error (database restart) would kill the process.
  pool.on('error', (err) => opts.onPoolError?.(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.onPoolError?.(err));
  });
  const db = drizzlePg({ client: pool, schema });
  const notifications = notificationConnection(url, opts);
  // Statements each pooled connection has prepared (readTenant).
  const preparedOn = new WeakMap<pg.PoolClient, PreparedState>();
  const parserOf =
    (client: pg.PoolClient): TypeParser =>
    (oid) =>
      client.getTypeParser(oid, 'text');
  /** The rows of the first of `queries`, run as one pipeline (readTenant, writeTenant). */
  const runPostgres = async <T>(companyId: string, queries: SQL[], opts?: TenantReadOptions) => {
    const client = await pool.connect();
    let state = preparedOn.get(client);
    if (!state) {
      state = newPreparedState();
      preparedOn.set(client, state);
    }
    let broken = false;
    try {
      const p = tenantPipeline(companyId, queries, state, opts);
      try {
        const results = await new PgPipeline(pipelineBytes(p.steps, p.close), parserOf(client)).run(client);
        p.commit();
        return (results[p.results[0] as number]?.rows ?? []) as T[];
      } catch (err) {
        p.fail();
        // A database error is answered up to the pipeline's Sync: the connection stays in step.
        // Anything else (a timeout, a lost socket) leaves it unknown: drop it.
        broken = !(err instanceof pg.DatabaseError);
        throw err;
      }
    } finally {
      client.release(broken);
    }
  };
  /**
   * withTenant with BEGIN and the company setting (and the optional lock) sent as one simple-query
   * message: one round trip less than drizzle's transaction in every tenant transaction, which
   * the 200-agent main courante bench spends five of (issue 16). Savepoints inside `fn` still
   * work: the transaction object is drizzle's own, bound to the checked-out connection.
   */
  const withTenantPg = async <T>(companyId: string, fn: (tx: Tx) => Promise<T>, o: TenantOptions = {}) => {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps its session's dialect and schema untyped here.
    const base = (db as any).session as { dialect: any; schema: any; options: any };
    const client = await pool.connect();
    let broken = false;
    try {
      const session = new NodePgSession(client, base.dialect, base.schema, base.options);
      const tx = new NodePgTransaction(base.dialect, session, base.schema);
      try {
        // BEGIN and the company setting (and the lock) in one pipeline: its Sync leaves the
        // explicit transaction open, with the values bound.
        await new PgPipeline(pipelineBytes(beginSteps(companyId, o)), parserOf(client)).run(client);
        const result = await fn(tx as unknown as Tx);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw err;
      }
    } finally {
      client.release(broken);
    }
  };
  return {
    engine: 'postgres',
    ...tenantRunner(db as unknown as Db),
    withTenant: withTenantPg,
    readTenant: <T>(companyId: string, query: SQL, opts?: TenantReadOptions) =>
      runPostgres<T>(companyId, [query], opts),
    writeTenant: <T>(companyId: string, query: SQL, also: SQL[] = []) =>
      runPostgres<T>(companyId, [query, ...also]),
    listen: (channel, onMessage, onReconnect, onLost) =>
      notifications.listen(channel, { onMessage, onReconnect, onLost }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

/** Applies migrations as the connecting (owner) role, serialised across instances by an advisory lock. */
async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    await client.end();
  }
}
