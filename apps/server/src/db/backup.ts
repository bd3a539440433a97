// Backup and restore of the embedded database (PGlite is not power-loss safe: back it up).
//   npm run backup -- save  ./vigie-backup.tar.gz    (server stopped)
//   npm run backup -- restore ./vigie-backup.tar.gz  (server stopped; DATA_DIR must be empty or absent)
// On PostgreSQL use pg_dump / pg_restore instead.
//
// PGlite's data folder is DATA_DIR itself, which also holds the scheduled backups (DATA_DIR/backups)
// and the key sealing stored credentials (DATA_DIR/secrets.key, kept apart from backups on purpose,
// decision 0009), and the Web Push private key (DATA_DIR/vapid.json, kept apart likewise: whoever
// holds it can push to every subscribed browser; issue 29). A backup is therefore made from a copy of the folder without them: the copy is
// opened by PGlite (which recovers it as after a crash, so a copy taken between two statements of a
// running server is consistent) and dumped with PGlite's own archive format, which restore loads.
// The running server makes its scheduled backups with the same functions (modules/settings/backups).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';

/**
 * What a copy of the data folder leaves out: backups, the secrets key, the Web Push key pair, the
 * server's lock files.
 */
export const notCopied = new Set([
  'backups',
  'secrets.key',
  'vapid.json',
  'postmaster.pid',
  'postmaster.opts',
]);

/** Copies the database files of `dataDir` into `staging` (created). */
export async function copyDataDir(dataDir: string, staging: string) {
  await mkdir(staging, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(dataDir)) {
    if (notCopied.has(entry)) continue;
    await cp(join(dataDir, entry), join(staging, entry), { recursive: true, preserveTimestamps: true });
  }
}

/**
 * Archives a database folder that no process has open (a copy, or DATA_DIR of a stopped server) into
 * `file` (gzip), written under a temporary name then renamed, so that a file of that name is complete.
 */
export async function archiveDataDir(dir: string, file: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: dir });
  try {
    const dump = await db.dumpDataDir('gzip');
    const part = `${file}.part`;
    await writeFile(part, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    await rename(part, file);
  } finally {
    await db.close();
  }
}

/** Backup of the data folder of a stopped server (the CLI). */
export async function saveBackup(dataDir: string, file: string) {
  const staging = join(dataDir, 'backups', `.staging-${process.pid}-${Date.now()}`);
  try {
    await copyDataDir(dataDir, staging);
    await archiveDataDir(staging, file);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Loads an archive into `dataDir`, which must be empty or absent. */
export async function restoreBackup(file: string, dataDir: string) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`Le dossier ${dataDir} n'est pas vide : déplacez-le avant de restaurer.`);
  }
  const archive = new Blob([readFileSync(file)], { type: 'application/x-gzip' });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir, loadDataDir: archive });
  await db.query('select 1');
  await db.close();
}

async function cli() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL est défini : sauvegardez PostgreSQL avec pg_dump et restaurez avec pg_restore.',
    );
    process.exit(1);
  }
  if (!file || (command !== 'save' && command !== 'restore')) {
    console.error('Usage : npm run backup -- save|restore <fichier.tar.gz>');
    process.exit(1);
  }
  if (command === 'save') {
    await saveBackup(config.dataDir, resolve(file));
    console.log(`Sauvegarde écrite : ${file}`);
  } else {
    try {
      await restoreBackup(resolve(file), config.dataDir);
    } catch (err) {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    }
    console.log(`Base restaurée dans ${config.dataDir}`);
    console.log(
      'Remettez la clé des secrets (SECRETS_KEY, ou secrets.key dans ce dossier) : elle ne fait pas partie des sauvegardes.',
    );
    console.log(
      'Remettez aussi les clés Web Push (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, ou vapid.json dans ce dossier) : sans elles, de nouvelles clés sont créées et les navigateurs doivent se réabonner aux notifications.',
    );
  }
}

// Run as a script (npm run backup), not when imported by the server.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await cli();
