// The SQL of the system entries' copier: its progress (the last event copied, one row per copier),
// the events still to copy (logbook_pending_events, an owner-run function reading every company's
// events with their site: migrations 0022 and 0026), and whether an event already has its entry.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { logbookEntries } from '../../db/schema';

export interface PendingEvent {
  event_id: string | number;
  company_id: string;
  site_id: string | null;
  at: Date | string;
  kind: string | null;
  label: string | null;
}

/** The id of the last event the copier `name` copied (0 before its first pass). */
export async function copierProgress(db: Database, name: string) {
  const res = await db.direct.execute(
    sql`select last_event_id::float8 as last from logbook_copier_state where name = ${name}`,
  );
  return Number(rowsOf<{ last: number }>(res)[0]?.last ?? 0);
}

/** Records the copier's progress; it never goes back (another instance may have gone further). */
export async function saveCopierProgress(db: Database, name: string, lastEventId: number) {
  await db.direct.execute(sql`
    insert into logbook_copier_state (name, last_event_id) values (${name}, ${lastEventId})
    on conflict (name) do update set last_event_id = greatest(logbook_copier_state.last_event_id, excluded.last_event_id)`);
}

/** Up to `batch` events of every company after the event `after` and older than `before`, in id order. */
export async function pendingEvents(db: Database, after: number, before: Date, batch: number) {
  const res = await db.direct.execute(
    sql`select event_id::float8 as event_id, company_id::text as company_id, site_id::text as site_id, at, kind, label
          from logbook_pending_events(${after}, ${before.toISOString()}::timestamptz, ${batch})`,
  );
  return rowsOf<PendingEvent>(res);
}

/** Whether the event already has its system entry. */
export async function isCopied(tx: Tx, companyId: string, eventId: number) {
  const [done] = await tx
    .select({ id: logbookEntries.id })
    .from(logbookEntries)
    .where(and(eq(logbookEntries.companyId, companyId), eq(logbookEntries.sourceEventId, eventId)));
  return done !== undefined;
}
