// Shared by the benchmark and the soak: command-line flags, the server on the chosen engine with
// a seeded dataset, and the README writer.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  http,
  registerAndLogin,
  type ServerProcess,
  startServer,
} from '../apps/server/src/test/server-process';
import type { BenchContext } from './scenarios';
import type { SqlSeed } from './seeds';

export function flags(defaults: Record<string, string>): Record<string, string> {
  const out = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
    out[k] = v ?? argv[++i] ?? '';
  }
  if (out.engine !== 'pglite' && out.engine !== 'postgres') throw new Error('--engine pglite|postgres');
  return out;
}

export interface Seeded {
  server: ServerProcess;
  ctx: BenchContext;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl?: string | undefined;
  /** Stops the server and drops the database, unless `keep` (to examine plans afterwards). */
  close(keep?: boolean): Promise<void>;
}

/**
 * Starts the real server on a fresh database of the chosen engine and seeds one company with 50
 * users through the API, then applies the bulk SQL `seeds` as the database owner (PostgreSQL: an
 * owner connection; PGlite: the data folder opened by this process while the server is stopped),
 * and starts the server again on the seeded data.
 */
/**
 * Node flags for the benched server, from BENCH_SERVER_NODE_ARGS (space-separated): a CPU profile of
 * the server alone, e.g. `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`.
 */
const serverNodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

export async function startSeeded(
  engine: string,
  seeds: SqlSeed[] = [],
  env: Record<string, string> = {},
): Promise<Seeded> {
  // BENCH_REUSE_DB: a database a run kept (`--keep-db true`), started as it is, without seeding —
  // to try a change against the same data in minutes rather than the seeding's five.
  const reuse = process.env.BENCH_REUSE_DB;
  if (engine === 'postgres' && reuse) return reuseSeeded(reuse, env);
  let dropDb: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  let dbUrl: string | undefined;
  let server: ServerProcess;
  if (engine === 'postgres') {
    const base =
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `vigie_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    dbUrl = url.toString();
    server = await startServer({ databaseUrl: dbUrl, env, nodeArgs: serverNodeArgs() });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'vigie-bench-'));
    server = await startServer({ dataDir: dir, env, nodeArgs: serverNodeArgs() });
  }
  const owner = await registerAndLogin(server.url, `bench${Date.now().toString(36)}`);
  const userIds = [owner.userId];
  for (let i = 1; i < 50; i++) {
    const r = await http(server.url, 'POST', '/api/users', {
      token: owner.token,
      body: {
        name: `Agent ${i}`,
        email: `bench-${i}-${Date.now().toString(36)}@exemple.fr`,
        password: 'essai-vigie-1',
        role: 'agent',
        city: 'Paris',
      },
    });
    if (r.status !== 201) throw new Error(`seed failed: ${r.status} ${r.text}`);
    userIds.push((r.body as { id: string }).id);
  }
  if (seeds.length > 0) {
    const script = seeds.map((s) => s.sql(owner.companyId)).join(';\n');
    // VACUUM as autovacuum would soon do on a live database: statistics for the planner and the
    // visibility map for index-only scans (outside the seeding transaction, hence apart).
    const vacuum = 'vacuum analyze';
    const started = Date.now();
    if (dbUrl) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      await c.query(script);
      await c.query(vacuum);
      await c.end();
      // Started again on the seeded data, as on PGlite: background jobs' timers start afresh.
      await server.stop();
      // A loaded machine, or a migration that backfills from the seeded rows, may take minutes.
      server = await startServer({ databaseUrl: dbUrl, env, readyTimeoutMs: 600_000 });
    } else if (dir) {
      // PGlite is single-process: stop the server, write as the (superuser) owner, start again.
      await server.stop();
      const db = await PGlite.create({ dataDir: dir });
      await db.exec(script);
      await db.exec(vacuum);
      await db.close();
      server = await startServer({ dataDir: dir, env, nodeArgs: serverNodeArgs() });
    }
    console.log(`seeded ${seeds.map((s) => s.id).join(', ')} in ${Date.now() - started} ms`);
  }
  return {
    server,
    ctx: {
      token: owner.token,
      email: owner.email,
      password: owner.password,
      companyId: owner.companyId,
      userIds,
    },
    databaseUrl: dbUrl,
    async close(keep = false) {
      await server.stop();
      if (keep) return;
      await dropDb?.();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server on a kept bench database, signed in as its largest company's owner. */
async function reuseSeeded(dbUrl: string, env: Record<string, string>): Promise<Seeded> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const { rows } = await c.query<{ email: string; company_id: string }>(
    `select u.email, u.company_id from users u
      where u.role = 'admin' and u.email like 'owner-bench%'
      order by (select count(*) from sites s where s.company_id = u.company_id) desc limit 1`,
  );
  const owner = rows[0];
  if (!owner) throw new Error(`no bench owner in ${dbUrl}`);
  const users = await c.query<{ id: string }>(
    'select id from users where company_id = $1 order by created_at, id',
    [owner.company_id],
  );
  await c.end();
  const server = await startServer({
    databaseUrl: dbUrl,
    env,
    readyTimeoutMs: 600_000,
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
  const password = 'essai-vigie-1';
  const login = await http(server.url, 'POST', '/api/auth/login', { body: { email: owner.email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const token = (login.body as { access_token: string }).access_token;
  return {
    server,
    ctx: {
      token,
      email: owner.email,
      password,
      companyId: owner.company_id,
      userIds: users.rows.map((u) => u.id),
    },
    databaseUrl: dbUrl,
    close: () => server.stop(),
  };
}

/** Resident memory of a process, in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`;

const readme = new URL('./README.md', import.meta.url);
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** Appends a section to bench/README.md (created with its header the first time). */
export function appendToReadme(section: string) {
  if (!existsSync(readme)) {
    writeFileSync(
      readme,
      '# Benchmarks\n\nFigures appended by `npm run bench` and `npm run soak` (newest last). ' +
        'The bare route is a Fastify route serving the same 50 rows from memory: the ceiling for any ' +
        'endpoint on the machine; "ratio" is an endpoint\'s throughput divided by it.\n',
    );
  }
  appendFileSync(readme, `\n${section.trim()}\n`);
  // Keep the file as the linter wants it (Biome formats Markdown tables), so `npm run lint` stays green.
  try {
    execFileSync(process.execPath, [biome, 'format', '--write', fileURLToPath(readme)], { stdio: 'ignore' });
  } catch {
    // formatting is a courtesy; the figures are written either way
  }
}

/**
 * A PostgreSQL database of its own for one bench run (on BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * the local server): its URL, and `drop()` for the end of the run.
 */
export async function throwawayDatabase(tag: string) {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vigie_bench_${tag}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** ANALYZE: the planner's statistics of a database in steady state. */
    async analyze() {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query('ANALYZE');
      await c.end();
    },
    async drop() {
      // BENCH_KEEP_DATABASE=1 keeps it to read the plans afterwards (EXPLAIN ANALYZE on real volumes).
      if (process.env.BENCH_KEEP_DATABASE) {
        console.log(`database kept: ${url.toString()}`);
        return;
      }
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
