import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { cataloguePlugin } from './apps/web/catalogue-plugin.ts';

// Three tiers, as Vitest projects (`npm run test:unit`, `test:api`, `test:slow`; `npm test` and a
// plain `npx vitest run` run all three):
// - slow: the plan tests that seed tens of thousands of rows (`*-plan(s).test.ts`), the demo seed,
//   the simulator, crash and outage, and any `*.slow.test.ts`;
// - api: the server's other tests that open a database (the test harness, db/client, a server
//   process): the app on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set;
// - unit: everything else (no database).
const slow = [
  'apps/**/*.slow.test.ts',
  'apps/server/src/**/*-plan.test.ts',
  'apps/server/src/**/*-plans.test.ts',
  'apps/server/src/db/seeds/demo/demo.test.ts',
  'apps/server/src/demo/simulator.test.ts',
  'apps/server/src/test/sweeps/crash.test.ts',
  'apps/server/src/test/sweeps/outage.test.ts',
];
const serverSrc = 'apps/server/src';
const opensDatabase = /from '[^']*\/(harness|client|server-process)'/;
const api = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `${serverSrc}/${f.replaceAll('\\', '/')}`)
  .filter((f) => opensDatabase.test(readFileSync(f, 'utf8')));
const exclude = ['**/node_modules/**', '**/dist/**'];
// Migrates once per run (a PGlite data directory, a PostgreSQL template) for the tiers on a database.
const globalSetup = ['apps/server/src/test/global-setup.ts'];

export default defineConfig({
  // The web app's message catalogues (virtual:vigie-catalogue/<locale>) for its component tests.
  plugins: [cataloguePlugin()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: two test files at a time, across the three tiers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Component tests (*.test.tsx) run in happy-dom, chosen per file with a @vitest-environment comment.
          include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
          exclude: [...exclude, ...slow, ...api],
        },
      },
      { extends: true, test: { name: 'api', include: api, exclude: [...exclude, ...slow], globalSetup } },
      { extends: true, test: { name: 'slow', include: slow, exclude, globalSetup } },
    ],
  },
});
