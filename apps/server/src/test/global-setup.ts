// Vitest globalSetup of the API tiers: the migrations run once per test run (once per change of
// the migrations, in fact), not once per test file. It prepares
// - a migrated PGlite data directory, dumped to a tarball in the system's temporary folder, that
//   each file's in-memory PGlite loads (harness.ts);
// - when TEST_DATABASE_URL is set, a migrated PostgreSQL database `vigie_template_<hash>` that each
//   file's database is created from (CREATE DATABASE … TEMPLATE). It refuses connections, so that
//   nothing holds it open while files copy it concurrently.
// Both are named after a hash of the migrations (and of the PGlite and Drizzle versions), kept
// between runs, and built under a scratch name then renamed, so concurrent runs never see half of one.
// Without this setup (a bench calling createTestApp) the harness migrates as the app does.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/client';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** The migrations' files (names and contents) and the engine versions the image depends on. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(join(dir, e.name), `${rel}${e.name}/`);
      else
        h.update(`${rel}${e.name}\0`)
          .update(readFileSync(join(dir, e.name)))
          .update('\0');
    }
  };
  walk(migrationsFolder, '');
  const require = createRequire(import.meta.url);
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    // The package's own package.json, found up from its entry (its exports may not list the file).
    let dir = dirname(require.resolve(pkg));
    while (
      !existsSync(join(dir, 'package.json')) ||
      !readFileSync(join(dir, 'package.json'), 'utf8').includes(`"name": "${pkg}"`)
    )
      dir = dirname(dir);
    h.update(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version);
  }
  return h.digest('hex').slice(0, 16);
}

/** A tarball of a migrated PGlite data directory; built when missing. */
async function pgliteImage(hash: string): Promise<string> {
  const dir = join(tmpdir(), 'vigie-test-pglite');
  const file = join(dir, `${hash}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ dataDir: 'memory://' });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    const scratch = `${file}.${randomUUID()}`;
    writeFileSync(scratch, Buffer.from(await dump.arrayBuffer()));
    renameSync(scratch, file);
  } finally {
    await client.close();
  }
  return file;
}

async function admin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A migrated PostgreSQL template database; built when missing. */
async function postgresTemplate(base: string, hash: string): Promise<string> {
  const name = `vigie_template_${hash}`;
  const exists = async (c: pg.Client) =>
    (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (await admin(base, exists)) return name;
  const scratch = `vigie_build_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await admin(base, (c) => c.query(`CREATE DATABASE ${scratch}`));
  try {
    const url = new URL(base);
    url.pathname = `/${scratch}`;
    // The app's own open: migrations as the owner, then a pool as vigie_app (whose grants live in
    // the database's catalog, so they are copied with it).
    const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await db.close();
    await admin(base, async (c) => {
      // No connection may stay on a template while files copy it: refuse them from now on.
      await c.query(`ALTER DATABASE ${scratch} WITH ALLOW_CONNECTIONS false`);
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [scratch]);
      try {
        await c.query(`ALTER DATABASE ${scratch} RENAME TO ${name}`);
      } catch (err) {
        // Another run published the same template meanwhile: use theirs.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    });
  } finally {
    await admin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`));
  }
  return name;
}

export default async function setup() {
  const hash = migrationsHash();
  const base = process.env.TEST_DATABASE_URL;
  const [image, template] = await Promise.all([
    pgliteImage(hash),
    base ? postgresTemplate(base, hash) : undefined,
  ]);
  // Read by harness.ts in the test processes, which inherit this environment.
  process.env.VIGIE_TEST_PGLITE_IMAGE = image;
  if (template) process.env.VIGIE_TEST_PG_TEMPLATE = template;
}
