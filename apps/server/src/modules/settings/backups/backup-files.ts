// The backups folder (DATA_DIR/backups): names, listing, pruning. A backup's name carries its
// creation instant (UTC), so that listing and pruning do not depend on file times, which a copy
// of the folder would change.
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Backup, backupNamePattern } from '@vigie/contract/settings.contract';

export const backupsDirOf = (dataDir: string) => join(dataDir, 'backups');

export async function ensureBackupsDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `vigie-20260512-140500-123.tar.gz`: the instant, to the millisecond, in UTC. */
export function backupName(at: Date, kind: 'tar.gz' | 'dump') {
  const d = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const t = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `vigie-${d}-${t}-${pad(at.getUTCMilliseconds(), 3)}.${kind}`;
}

/** The instant in a backup's name, or null if the name is not a backup's. */
export function createdAtOf(name: string): Date | null {
  if (!backupNamePattern.test(name)) return null;
  const m = /^vigie-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)-(\d{3})\./.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as number[];
  const at = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s, ms));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The backups of the folder, newest first (nothing when the folder does not exist yet). */
export async function listBackupFiles(dir: string): Promise<(Backup & { at: Date })[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: (Backup & { at: Date })[] = [];
  for (const name of names) {
    const at = createdAtOf(name);
    if (!at) continue;
    try {
      const s = await stat(join(dir, name));
      if (s.isFile()) out.push({ name, size: s.size, createdAt: at.toISOString(), at });
    } catch {
      // removed meanwhile (a prune on another request)
    }
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.name < b.name ? 1 : -1));
}

/** The path of a backup of the folder, or null: the name is checked again here, never joined blindly. */
export async function backupPath(dir: string, name: string) {
  if (!createdAtOf(name) || name.includes('/') || name.includes('\\')) return null;
  const path = join(dir, name);
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size } : null;
  } catch {
    return null;
  }
}

const DAY = 86_400_000;

/**
 * Removes the backups older than `retentionDays`, always keeping the newest one (an old backup is
 * better than none), and what an interrupted backup left (partial files, copies) after a day.
 */
export async function pruneBackups(dir: string, retentionDays: number, now: Date) {
  const backups = await listBackupFiles(dir);
  const cutoff = now.getTime() - retentionDays * DAY;
  const removed: string[] = [];
  for (const b of backups.slice(1)) {
    if (b.at.getTime() >= cutoff) continue;
    await unlink(join(dir, b.name)).catch(() => {});
    removed.push(b.name);
  }
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.endsWith('.part') && !name.startsWith('.staging-')) continue;
    const s = await stat(join(dir, name)).catch(() => null);
    if (s && s.mtimeMs < now.getTime() - DAY) await rm(join(dir, name), { recursive: true, force: true });
  }
  return removed;
}
