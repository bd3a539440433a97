// Reads across companies for the backup job, which serves the whole database rather than one company:
// how many companies it holds (a backup holds all of them, so it is handed to a company's
// administrator only when theirs is the only one) and the schedule the companies ask for.
//
// Migration 0018 offers no owner-run function for this (modules write those for their cross-company
// jobs), and this module may not add a migration, so the read runs as the connecting role: on PGlite
// the session's superuser, for one transaction (SET LOCAL ROLE ends with it, and PGlite runs nothing
// else while a transaction holds it); on PostgreSQL a short connection of DATABASE_URL's role, which
// pg_dump needs to bypass row-level security anyway. A role that cannot sees no company: the job then
// does nothing and no backup is handed out. A SECURITY DEFINER function `backup_overview()` in a later
// migration can replace both.
import type { PGlite } from '@electric-sql/pglite';
import type { BackupFrequency } from '@vigie/contract/settings.contract';
import pg from 'pg';
import type { Database } from '../../../db/client';

export interface BackupOverview {
  companies: number;
  /** The most frequent schedule among companies with automatic backups on; null when none is. */
  frequency: BackupFrequency | null;
  /** The longest retention any company asks for (days). */
  retentionDays: number;
}

const overviewSql = `
  select count(*)::int as companies,
         (array_agg(backup_frequency order by case backup_frequency
            when 'hourly' then 1 when 'daily' then 2 when 'weekly' then 3 else 4 end)
            filter (where auto_backup))[1] as frequency,
         coalesce(max(backup_retention_days), 365)::int as retention
    from companies`;

type Row = { companies: number; frequency: BackupFrequency | null; retention: number };

const toOverview = (r: Row | undefined): BackupOverview => ({
  companies: r?.companies ?? 0,
  frequency: r?.frequency ?? null,
  retentionDays: r?.retention ?? 365,
});

/** The embedded engine's client (drizzle keeps it as `$client`), or null on PostgreSQL. */
export function embeddedClient(db: Database): PGlite | null {
  if (db.engine !== 'pglite') return null;
  return (db.direct as unknown as { $client: PGlite }).$client;
}

export async function backupOverview(db: Database, databaseUrl: string | undefined): Promise<BackupOverview> {
  const client = embeddedClient(db);
  if (client) {
    return client.transaction(async (tx) => {
      await tx.exec('set local role none');
      return toOverview((await tx.query<Row>(overviewSql)).rows[0]);
    });
  }
  if (!databaseUrl) return toOverview(undefined);
  const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  // An error of this short connection must not reach the process as an unhandled event.
  c.on('error', () => {});
  await c.connect();
  try {
    return toOverview((await c.query<Row>(overviewSql)).rows[0]);
  } finally {
    await c.end().catch(() => {});
  }
}
