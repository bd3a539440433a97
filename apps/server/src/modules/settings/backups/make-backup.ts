// Making one backup into the backups folder: of the embedded database while the server runs, or of
// PostgreSQL with pg_dump (BACKUP_PG_DUMP=1).
import { execFile } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { archiveDataDir, copyDataDir } from '../../../db/backup';
import { backupName, ensureBackupsDir } from './backup-files';

const run = promisify(execFile);

/**
 * The running embedded database: its folder is copied while PGlite runs nothing (no statement and no
 * transaction in progress: both of its locks are held, for the time of a file copy), then the copy is
 * archived with the backup command's own code, away from the server's locks.
 */
export async function backupEmbedded(client: PGlite, dataDir: string, dir: string, now = new Date()) {
  await ensureBackupsDir(dir);
  const name = backupName(now, 'tar.gz');
  const staging = join(dir, `.staging-${name}`);
  try {
    await client._runExclusiveTransaction(() => client.runExclusive(() => copyDataDir(dataDir, staging)));
    await archiveDataDir(staging, join(dir, name));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { name, size: (await stat(join(dir, name))).size, at: now };
}

/**
 * pg_dump's custom format (restored with pg_restore). The password travels in the environment, not
 * on the command line where any local user could read it. The role must bypass row-level security
 * (superuser or BYPASSRLS): pg_dump refuses to dump tables it would only partly see.
 */
export async function backupPostgres(databaseUrl: string, dir: string, now = new Date()) {
  await ensureBackupsDir(dir);
  const name = backupName(now, 'dump');
  const part = join(dir, `${name}.part`);
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  try {
    await run('pg_dump', ['--format=custom', `--file=${part}`, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 10 * 1024 * 1024,
    });
    await rename(part, join(dir, name));
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
  return { name, size: (await stat(join(dir, name))).size, at: now };
}
