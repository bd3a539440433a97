// Fails when apps/server/src/db/schema.ts has changes that no committed migration holds:
// drizzle-kit generates into a scratch copy of the migrations folder and must find nothing to do.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const migrations = join(root, 'apps/server/src/db/migrations');
const scratch = mkdtempSync(join(tmpdir(), 'vigie-migrations-'));
cpSync(migrations, join(scratch, 'migrations'), { recursive: true });
const config = join(scratch, 'drizzle.config.mjs');
writeFileSync(
  config,
  `export default ${JSON.stringify({ dialect: 'postgresql', schema: join(root, 'apps/server/src/db/schema.ts'), out: join(scratch, 'migrations') })};\n`,
);
const before = readdirSync(join(scratch, 'migrations')).length;
const r = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift'], {
  cwd: root,
  encoding: 'utf8',
});
const after = readdirSync(join(scratch, 'migrations')).length;
rmSync(scratch, { recursive: true, force: true });
if (r.status !== 0) {
  console.error(r.stdout, r.stderr);
  process.exit(1);
}
if (after !== before) {
  console.error(
    'Le schéma a changé sans migration : lancez `npm run db:generate` et committez la migration.',
  );
  process.exit(1);
}
console.log('Migrations à jour avec le schéma.');
