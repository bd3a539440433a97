// The events table: written in the transaction of the change it announces, read back by the SSE
// streams to replay what a client missed.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifyEventsOf } from './events.sql';

export interface NewEvent {
  type: string;
  payload: Record<string, unknown>;
}

export interface StoredEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  at: string;
}

/** Inserts the events and notifies, in one statement. */
export async function insertEvents(tx: Tx, companyId: string, events: NewEvent[]) {
  if (events.length === 0) return;
  const values = sql.join(
    events.map((e) => sql`(${companyId}::uuid, ${e.type}, ${JSON.stringify(e.payload)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(sql`
    with ins as (insert into events (company_id, type, payload) values ${values}
                 returning company_id, id, type, payload, created_at)
    ${notifyEventsOf(sql`ins`)}`);
}

/** Events after `afterId` within the replay window, oldest first. */
export async function eventsAfter(tx: Tx, companyId: string, afterId: number, since: Date, limit: number) {
  const res = await tx.execute(sql`
    select id::float8 as id, type, payload, created_at as at from events
     where company_id = ${companyId} and id > ${afterId} and created_at >= ${since.toISOString()}::timestamptz
     order by id limit ${limit}`);
  return rowsOf<StoredEvent>(res).map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() }));
}

export async function findEvent(tx: Tx, companyId: string, id: number) {
  const res = await tx.execute(sql`
    select id::float8 as id, type, payload, created_at as at from events
     where company_id = ${companyId} and id = ${id}`);
  const row = rowsOf<StoredEvent>(res)[0];
  return row ? { ...row, id: Number(row.id), at: new Date(row.at).toISOString() } : undefined;
}

/** The newest event id of a company (0 without any): where a fresh stream starts. */
export async function lastEventId(tx: Tx, companyId: string) {
  const res = await tx.execute(
    sql`select coalesce(max(id), 0)::float8 as id from events where company_id = ${companyId}`,
  );
  return Number(rowsOf<{ id: number }>(res)[0]?.id ?? 0);
}

export async function purgeEvents(db: Database, before: Date) {
  await db.direct.execute(sql`select events_purge(${before.toISOString()}::timestamptz)`);
}
