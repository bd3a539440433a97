// `npm test`: everything, in the order a failure is cheapest to find — types, lint and migration
// drift (side by side: `npm run check`), build, size budgets, the unit, API and slow tiers
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end tests in Chromium.
// Ends with one summary line of test counts.
// `--split-engines` (CI, with TEST_DATABASE_URL): the slow tier and the API tier on PostgreSQL run
// under the machine's Node; the unit tier and the API tier on PGlite under Node 24
// (scripts/other-node.mjs, or the machine's Node when the registry has no Node 24) — each test once
// per engine, instead of both engines under the machine's Node and PGlite again under 24.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTasks, runParallel } from './parallel.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, 'e2e/.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const skipE2e = process.argv.includes('--skip-e2e');
const splitEngines = process.argv.includes('--split-engines') && Boolean(process.env.TEST_DATABASE_URL);

const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${label} a échoué (code ${r.status})`);
    console.log(`\ntests: 0 passed, 1 failed`);
    process.exit(r.status || 1);
  }
};

/** Debian's French language pack: native date and time fields then read 25/11/2026 and 14:00. */
const hasFrenchPack = () => existsSync('/usr/lib/chromium/locales/fr.pak');

function ensureChromium() {
  if (existsSync('/usr/bin/chromium') && hasFrenchPack()) return;
  if (existsSync('/usr/bin/chromium') && process.getuid?.() !== 0) {
    console.warn(
      "Le pack de langue française de Chromium (chromium-l10n) manque : les champs de date s'afficheront en anglais. Installez-le : sudo apt-get install -y chromium-l10n.",
    );
    return;
  }
  if (process.getuid?.() !== 0) {
    console.error(
      'Chromium est introuvable (/usr/bin/chromium). Installez-le : sudo apt-get install -y chromium, puis relancez npm test.',
    );
    process.exit(1);
  }
  run('installation de Chromium (Debian)', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-l10n',
  ]);
}

/**
 * Debian's ffmpeg: the live video tests stream from a test camera through it. Installed where the
 * test command can (as root), else the video tests say they were skipped and why.
 */
function ensureFfmpeg() {
  const found = spawnSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-version'], { stdio: 'ignore' });
  if (found.status === 0) return;
  if (process.getuid?.() !== 0) {
    console.warn(
      'ffmpeg est introuvable : les tests vidéo seront ignorés. Installez-le : sudo apt-get install -y ffmpeg, puis relancez npm test.',
    );
    return;
  }
  run('installation de ffmpeg (Debian)', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg',
  ]);
}

if (!skipE2e) ensureChromium();
ensureFfmpeg();
console.log('\n▶ types, lint et migrations (côte à côte)');
const failed = await runParallel(checkTasks, { cwd: root });
if (failed.length) {
  console.error(`\n✖ ${failed.join(', ')} a échoué`);
  console.log(`\ntests: 0 passed, 1 failed`);
  process.exit(1);
}
run("construction de l'interface", 'npm', ['run', 'build']);
if (existsSync(join(root, 'bench/size-budget.mjs')))
  run('budgets de taille', 'node', ['bench/size-budget.mjs']);

const counts = { passed: 0, failed: 0, skipped: 0 };
const addCounts = (file) => {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
};
const vitest = (label, config, out, { projects = [], env = {} } = {}) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...(config ? ['--config', config] : []),
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  addCounts(out);
  return r.status === 0;
};

let ok;
if (splitEngines) {
  // The unit tier opens no database and runs once, under Node 24 below (issue 31: CI time).
  ok = vitest('tests lents (PGlite + PostgreSQL)', undefined, join(tmp, 'slow.json'), {
    projects: ['slow'],
  });
  ok =
    vitest('tests API (PostgreSQL)', undefined, join(tmp, 'api.json'), {
      projects: ['api'],
      env: { VIGIE_TEST_ENGINES: 'postgres' },
    }) && ok;
  console.log('\n▶ tests unitaires et API sous Node 24 (PGlite)');
  const node24 = spawnSync(
    process.execPath,
    [
      join(root, 'scripts/other-node.mjs'),
      '24',
      '--pglite-only',
      '--or-here',
      `--json=${join(tmp, 'node24.json')}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  addCounts(join(tmp, 'node24.json'));
  ok = node24.status === 0 && ok;
} else {
  ok = vitest(
    `tests unitaires, API et lents (PGlite${process.env.TEST_DATABASE_URL ? ' + PostgreSQL' : ''})`,
    undefined,
    join(tmp, 'unit.json'),
  );
}
if (!skipE2e)
  ok = vitest('tests de bout en bout (Chromium)', 'e2e/vitest.config.ts', join(tmp, 'e2e.json')) && ok;

console.log(
  `\ntests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
);
process.exit(ok && counts.failed === 0 ? 0 : 1);
