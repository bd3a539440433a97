// The demo's seeding time (issue 17: ≤ 20 s on the embedded database), on a fresh database.
//
//   npx tsx bench/demo-seed.ts --engine pglite|postgres [--runs 1] [--readme false]
//
// Each run: a fresh PGlite data folder (files on disk, as `npm run demo` uses) or a fresh PostgreSQL
// database; the app built as server.ts builds it (migrations applied when the database opens), then
// `seedDemo` timed with each of its steps (their own log lines), then `seedDemo` again: the
// idempotent second start, which must add nothing. The simulator is not started (it runs after the
// seed, see server.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seeds/demo';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const opts = flags({ engine: 'pglite', runs: '1', readme: 'false' });

async function once() {
  let dir: string | undefined;
  let pg: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    SECRETS_KEY: 'vigie-bench-secrets-key-not-for-production-use',
  };
  delete env.DATABASE_URL;
  if (opts.engine === 'postgres') {
    pg = await throwawayDatabase('demo');
    env.DATABASE_URL = pg.url;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'vigie-demo-bench-'));
    env.DATA_DIR = dir;
  }
  const config = loadConfig(env);
  const opened = Date.now();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const app = await buildApp({ config, db, logger: { level: 'warn' } });
  const ready = Date.now() - opened;
  const steps: string[] = [];
  const load = loadavg()[0] ?? 0;
  const started = Date.now();
  const created = await seedDemo(db, app.secrets, { log: (line) => steps.push(line.replace('démo : ', '')) });
  const seeded = Date.now() - started;
  const again = Date.now();
  const createdAgain = await seedDemo(db, app.secrets);
  const second = Date.now() - again;
  if (!created || createdAgain) throw new Error(`seedDemo answered ${created}, then ${createdAgain}`);
  // The generated report is rendered by a job of the app: closing waits for it (bounded).
  await Promise.race([
    (async () => {
      await app.close();
      await db.close();
    })(),
    new Promise((r) => setTimeout(r, 15_000)),
  ]);
  if (dir) rmSync(dir, { recursive: true, force: true });
  await pg?.drop().catch(() => undefined);
  return { ready, seeded, second, steps, load };
}

const results: Awaited<ReturnType<typeof once>>[] = [];
for (let i = 0; i < Number(opts.runs); i++) {
  const r = await once();
  console.log(
    `run ${i + 1}: open + migrations + app ${r.ready} ms; seedDemo ${r.seeded} ms (${r.steps.join(', ')}); ` +
      `second seedDemo ${r.second} ms; load average ${r.load.toFixed(2)}`,
  );
  results.push(r);
}
const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — demo seeding, ${opts.engine}`,
  '',
  `Command: \`npx tsx bench/demo-seed.ts --engine ${opts.engine} --runs ${opts.runs}\` on ${machine()}.`,
  '',
  ...results.map(
    (r, i) =>
      `- run ${i + 1} (load average ${r.load.toFixed(2)}): seedDemo ${(r.seeded / 1000).toFixed(1)} s — ${r.steps.join(', ')}; ` +
      `the second start ${r.second} ms (nothing added); database open, migrations and app ${r.ready} ms before it.`,
  ),
].join('\n');
console.log(`\n${section}\n`);
if (opts.readme === 'true') appendToReadme(section);
process.exit(0);
