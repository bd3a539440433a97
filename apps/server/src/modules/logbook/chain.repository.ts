// The main courante's chain in SQL: numbering and sealing an entry as it is written (the per-site
// counter row, updated in the insert's statement: no gap, no duplicate, and the chain's order), and
// the reads of a site's register that the chain check walks (chain.service.ts).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { logbookCounters, logbookEntries } from '../../db/schema';
import { sealSql } from '../../lib/hash-chain.sql';
import { eventRowsOf, notifyEventsOf } from '../events/events.sql';
import {
  canonicalFrame,
  type EntryValues,
  GENESIS_HASH,
  type NewEntry,
  type StoredEntry,
} from './logbook.models';

/**
 * The CTEs that number, seal, insert and push one entry (`counter`, `ins`, `pub`, `n`), for a
 * statement that selects from `ins` and counts `n` (its NOTIFY runs only when read). `from` is a
 * relation of the statement with columns site_name and shift_id, of one row — or none, and then
 * nothing is written. The counter row is taken (locked until commit: it orders the chain), moved on
 * and sealed with the new hash, which the database computes from the canonical frame
 * (logbook.models.ts), the site's name and shift and the previous hash; the entry and its event
 * (with its NOTIFY) are written from it. The lock is thus held for this statement and the commit
 * only, and a write costs no round trip for its number.
 */
export function appendCtes(companyId: string, e: EntryValues, from: SQL) {
  const { head, mid, tail } = canonicalFrame({ ...e, companyId });
  const seal = (number: SQL, prev: SQL) =>
    sealSql(sql`(select p.before from p)`, number, sql`(select p.after from p)`, prev);
  const payload = sql`jsonb_build_object('id', r.id, 'siteId', r.site_id, 'number', r.number, 'category', r.category,
                                         'source', r.source, 'correctsId', r.corrects_id)`;
  return sql`
    p as (
      select f.site_name, f.shift_id,
             ${head}::text || to_json(f.site_name::text)::text || ',' as before,
             ${mid}::text || coalesce(to_json(f.shift_id::text)::text, 'null') || ${tail}::text as after
        from ${from} f
    ),
    counter as (
      insert into ${logbookCounters} as k (company_id, site_id, last, prev_hash, last_hash)
      select ${companyId}, ${e.siteId}, 1, ${GENESIS_HASH}, ${seal(sql`1`, sql`${GENESIS_HASH}::text`)} from p
      on conflict (company_id, site_id) do update
        set last = k.last + 1, prev_hash = k.last_hash, last_hash = ${seal(sql`k.last + 1`, sql`k.last_hash`)}
      returning last, prev_hash, last_hash
    ),
    ins as (
      insert into ${logbookEntries} (company_id, id, site_id, site_name, number, occurred_at, category, text,
                                     photo_ids, author_user_id, author_name, shift_id, corrects_id, source,
                                     source_event_id, client_ref, prev_hash, hash)
      select ${companyId}, ${e.id}, ${e.siteId}, p.site_name, c.last, ${e.occurredAt.toISOString()}::timestamptz,
             ${e.category}, ${e.text}, ${JSON.stringify(e.photoIds)}::jsonb, ${e.authorUserId}, ${e.authorName},
             p.shift_id, ${e.correctsId}, ${e.source}, ${e.sourceEventId}, ${e.clientRef ?? null}, c.prev_hash, c.last_hash
        from counter c cross join p
      returning company_id, id, site_id, number, category, source, corrects_id, prev_hash, hash, created_at
    ),
    pub as (${eventRowsOf(sql`ins`, 'logbook.created', payload)}),
    n as (${notifyEventsOf(sql`pub`)})`;
}

/** Appends one entry in the caller's transaction (system entries): one statement (appendCtes). */
export async function appendEntry(tx: Tx, companyId: string, e: NewEntry): Promise<StoredEntry> {
  const { clientRef = null, siteName, shiftId, ...content } = e;
  const id = randomUUID();
  const res = await tx.execute(sql`
    with f as (select ${siteName}::text as site_name, ${shiftId}::uuid as shift_id),
    ${appendCtes(companyId, { ...content, id, clientRef }, sql`f`)}
    select number, prev_hash, hash, created_at, (select count(*) from n) as notified from ins`);
  const [row] = rowsOf<{ number: number; prev_hash: string; hash: string; created_at: Date | string }>(res);
  if (!row) throw new Error('logbook insert returned nothing');
  return {
    ...e,
    id,
    companyId,
    clientRef,
    number: Number(row.number),
    prevHash: row.prev_hash,
    hash: row.hash,
    createdAt: new Date(row.created_at),
  };
}

/** The site's counter row: its last number and hash (undefined before its first entry). */
export async function findCounter(tx: Tx, companyId: string, siteId: string) {
  const [counter] = await tx
    .select({ last: logbookCounters.last, lastHash: logbookCounters.lastHash })
    .from(logbookCounters)
    .where(and(eq(logbookCounters.companyId, companyId), eq(logbookCounters.siteId, siteId)));
  return counter;
}

/** Up to `limit` entries of the site numbered after `afterNumber`, in number order. */
export async function entriesAfter(
  tx: Tx,
  companyId: string,
  siteId: string,
  afterNumber: number,
  limit: number,
) {
  return tx
    .select()
    .from(logbookEntries)
    .where(
      and(
        eq(logbookEntries.companyId, companyId),
        eq(logbookEntries.siteId, siteId),
        gt(logbookEntries.number, afterNumber),
      ),
    )
    .orderBy(asc(logbookEntries.number))
    .limit(limit);
}
