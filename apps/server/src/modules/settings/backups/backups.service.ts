// Backups of the whole database, kept in DATA_DIR/backups: of the embedded database (PGlite) on the
// companies' schedule, or on PostgreSQL with pg_dump when BACKUP_PG_DUMP=1 (otherwise PostgreSQL is
// backed up by its own tools). A backup holds every company of the database: it is listed to and
// downloaded by an administrator only when their company is the only one; a database shared by
// several companies keeps its backups for whoever runs the server.
import type { Backup, Backups } from '@vigie/contract/settings.contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { acquireLease } from '../../../db/leases';
import type { AuthContext } from '../../../plugins/auth';
import { recordAudit } from '../../audit/audit.service';
import { requireAdmin } from '../settings.access';
import { settingsErrors } from '../settings.errors';
import { backupDue } from '../settings.models';
import { backupPath, backupsDirOf, listBackupFiles, pruneBackups } from './backup-files';
import { backupEmbedded, backupPostgres } from './make-backup';
import { backupOverview, embeddedClient } from './owner-read';

export interface BackupHost {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

const postgresMessage =
  'Les sauvegardes relèvent des outils de la base de données (pg_dump, sauvegardes continues) : voyez-les avec l’exploitant du serveur.';
const pgDumpMessage =
  'Les sauvegardes relèvent des outils de la base de données (pg_dump, sauvegardes continues) ; ce serveur exécute aussi pg_dump selon la fréquence choisie, et garde les fichiers ci-dessous.';
const memoryMessage = 'Base de données en mémoire : aucune sauvegarde n’est possible.';
const unseenMessage =
  'Les sauvegardes de ce serveur sont indisponibles : son rôle de base de données ne voit pas les sociétés (voyez l’exploitant du serveur).';
const sharedMessage =
  'Cette base de données est partagée par plusieurs sociétés : ses sauvegardes contiennent les données de toutes et restent réservées à l’exploitant du serveur.';

/** How this server makes backups, if it does. */
function methodOf(host: BackupHost) {
  const { db, config } = host;
  const client = embeddedClient(db);
  const onDisk = !config.dataDir.startsWith('memory://');
  if (client) {
    return onDisk
      ? ({ kind: 'embedded', client } as const)
      : ({ kind: 'none', message: memoryMessage } as const);
  }
  // The dumps go to DATA_DIR/backups: none without a data folder.
  return config.backupPgDump && config.databaseUrl && onDisk
    ? ({ kind: 'pg_dump', url: config.databaseUrl } as const)
    : ({ kind: 'none', message: postgresMessage } as const);
}

const dirOf = (host: BackupHost) => backupsDirOf(host.config.dataDir);

/** Why this administrator may not have the backups, or null when they may. */
async function refusal(host: BackupHost): Promise<string | null> {
  const method = methodOf(host);
  if (method.kind === 'none') return method.message;
  const overview = await backupOverview(host.db, host.config.databaseUrl);
  // None seen: a role subject to row-level security, which pg_dump could not use either.
  if (overview.companies === 0) return unseenMessage;
  return overview.companies === 1 ? null : sharedMessage;
}

export async function listBackups(host: BackupHost, auth: AuthContext): Promise<Backups> {
  requireAdmin(auth);
  const engine = host.db.engine;
  const why = await refusal(host);
  if (why) return { engine, available: false, message: why, backups: [] };
  const backups = await listBackupFiles(dirOf(host));
  return {
    engine,
    available: true,
    message: engine === 'postgres' ? pgDumpMessage : null,
    backups: backups.map(({ name, size, createdAt }) => ({ name, size, createdAt })),
  };
}

/** One backup at a time per process: a scheduled one and a manual one never overlap. */
const running = new WeakMap<Database, Promise<unknown>>();

async function makeBackup(host: BackupHost, now: Date) {
  const method = methodOf(host);
  if (method.kind === 'none') throw settingsErrors.backupsUnavailable(method.message);
  if (running.has(host.db)) throw settingsErrors.backupRunning();
  const dir = dirOf(host);
  const work =
    method.kind === 'embedded'
      ? backupEmbedded(method.client, host.config.dataDir, dir, now)
      : backupPostgres(method.url, dir, now);
  running.set(host.db, work);
  try {
    const made = await work;
    host.log.info({ backup: made.name, size: made.size }, 'backup written');
    return made;
  } finally {
    running.delete(host.db);
  }
}

/** POST /api/settings/backups: a backup now, answered once written; audited. */
export async function runBackupNow(host: BackupHost, auth: AuthContext): Promise<Backup> {
  requireAdmin(auth);
  const why = await refusal(host);
  if (why) throw settingsErrors.backupsUnavailable(why);
  const made = await makeBackup(host, new Date());
  await host.db.withTenant(auth.companyId, (tx) =>
    recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'settings.backup_created',
      entity: 'backup',
      entityId: made.name,
      details: { size: made.size },
    }),
  );
  return { name: made.name, size: made.size, createdAt: made.at.toISOString() };
}

/** A backup's file for download (a copy of every personal record of the company: audited). */
export async function backupForDownload(host: BackupHost, auth: AuthContext, name: string) {
  requireAdmin(auth);
  // Backups this administrator cannot list are unknown to them.
  if (await refusal(host)) throw settingsErrors.backupNotFound();
  const file = await backupPath(dirOf(host), name);
  if (!file) throw settingsErrors.backupNotFound();
  await host.db.withTenant(auth.companyId, (tx) =>
    recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'settings.backup_downloaded',
      entity: 'backup',
      entityId: name,
      details: { size: file.size },
    }),
  );
  return file;
}

/**
 * One pass of the backup job: a backup when the most frequent schedule of the companies with
 * automatic backups says one is due (judged from the newest file of the folder), then the backups
 * past the longest retention are removed. On PostgreSQL one instance at a time runs it (a lease).
 * Answers the backup made, if any.
 */
export async function runScheduledBackups(host: BackupHost, now: Date, checkMs: number) {
  const method = methodOf(host);
  if (method.kind === 'none') return null;
  if (
    method.kind === 'pg_dump' &&
    !(await acquireLease(host.db, 'settings.backups', Math.max(checkMs * 3, 60_000)))
  )
    return null;
  if (running.has(host.db)) return null;
  const overview = await backupOverview(host.db, host.config.databaseUrl);
  if (overview.companies === 0) return null;
  const dir = dirOf(host);
  const newest = (await listBackupFiles(dir))[0];
  const due = overview.frequency !== null && backupDue(overview.frequency, newest?.at, now, checkMs);
  // A manual backup may have started meanwhile: it counts as this one.
  const made = due && !running.has(host.db) ? await makeBackup(host, now) : null;
  const removed = await pruneBackups(dir, overview.retentionDays, now);
  if (removed.length > 0) host.log.info({ removed }, 'old backups removed');
  return made;
}
