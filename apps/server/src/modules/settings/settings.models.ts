// Pure rules of the settings module.
import type { BackupFrequency } from '@vigie/contract/settings.contract';

/** The fields that differ between two versions of a settings object, as { field: { from, to } }. */
export function changesOf<T extends Record<string, unknown>>(before: T, after: T) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from: from ?? null, to: to ?? null };
  }
  return out;
}

const HOUR = 3_600_000;
/** How long after the last backup the next one is due. A month counts 30 days. */
export const backupPeriodMs: Record<BackupFrequency, number> = {
  hourly: HOUR,
  daily: 24 * HOUR,
  weekly: 7 * 24 * HOUR,
  monthly: 30 * 24 * HOUR,
};

/**
 * Whether a backup is due at `now`. Checks come every `checkMs`: a backup a little short of its
 * period (less than half a check) is due, so that a daily backup does not drift by a check a day.
 */
export function backupDue(frequency: BackupFrequency, last: Date | undefined, now: Date, checkMs: number) {
  if (!last) return true;
  return now.getTime() - last.getTime() >= backupPeriodMs[frequency] - checkMs / 2;
}
