// The change feed (docs/decisions/0006): triggers on the tenant tables send NOTIFY vigie_changes
// '<table>:<company id>' at every committed write (migration 0009), and each instance records, per
// company, when its data last changed. Caches compare that with when their entry was read.
import type { Database } from './client';

export const CHANGES_CHANNEL = 'vigie_changes';

/**
 * A logical clock of changes per company. `begin()` is taken before reading the database; what was
 * read stays valid while `isCurrent(companyId, begin)` holds: no change to that company since.
 */
export class ChangeClock {
  private clock = 0;
  private changedAt = new Map<string, number>();
  private everythingChangedAt = 0;
  /** False while the LISTEN connection is down: a change could go unseen, so nothing may be kept. */
  live = false;

  /** The point a read starts at; null when nothing read now may be kept. */
  begin(): number | null {
    return this.live ? this.clock : null;
  }

  isCurrent(companyId: string, begin: number | null): boolean {
    if (!this.live || begin === null) return false;
    return (this.changedAt.get(companyId) ?? 0) <= begin && this.everythingChangedAt <= begin;
  }

  changed(companyId: string) {
    this.clock += 1;
    this.changedAt.set(companyId, this.clock);
  }

  everythingChanged() {
    this.clock += 1;
    this.everythingChangedAt = this.clock;
  }
}

const payloadPattern = /^([a-z_]+):([0-9a-f-]{36})$/;

/** The table and company of a change notification; undefined for anything else. */
export function parseChange(payload: string): { table: string; companyId: string } | undefined {
  const m = payloadPattern.exec(payload);
  return m?.[1] && m[2] ? { table: m[1], companyId: m[2] } : undefined;
}

/** The tables a resolved session or device key is read from: who may do what. */
const accessTables = new Set(['users', 'companies', 'sessions', 'integration_keys']);

/** Two clocks: any of a company's data, and only what its sessions are made of. */
export interface ChangeClocks {
  data: ChangeClock;
  access: ChangeClock;
}

/**
 * Keeps the clocks in step with the database: every notification marks its company changed; losing
 * the LISTEN connection stops all caching until it is back, and then everything counts as changed.
 */
export async function followChanges(db: Database, clocks: ChangeClocks): Promise<() => Promise<void>> {
  const both = [clocks.data, clocks.access];
  const unlisten = await db.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (!change) return;
      clocks.data.changed(change.companyId);
      if (accessTables.has(change.table)) clocks.access.changed(change.companyId);
    },
    () => {
      for (const c of both) {
        c.everythingChanged();
        c.live = true;
      }
    },
    () => {
      for (const c of both) {
        c.live = false;
        c.everythingChanged();
      }
    },
  );
  for (const c of both) c.live = true;
  return async () => {
    for (const c of both) c.live = false;
    await unlisten();
  };
}
