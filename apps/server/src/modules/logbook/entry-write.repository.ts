// An entry written by a person (an agent's phone, the control room), in one statement and one round
// trip (db.writeTenant: the company setting travels with it). The statement checks the rules of the
// moment — the site, the author's shift on it, the corrected entry, an earlier send of the same
// reference — and numbers, seals and writes the entry, its photos and its event only when they pass;
// its answer says which rule stopped it. 200 agents writing at once paid four round trips an entry
// (BEGIN and setting, the duty check, the append, COMMIT), the counter row's lock held across the
// last two (bench/logbook.ts, issue 16).
import { randomUUID } from 'node:crypto';
import type { LogbookCategory } from '@vigie/contract/logbook.contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insertFilesSql } from '../files/files.sql';
import { siteNamesOf } from '../sites/sites.sql';
import { appendCtes } from './chain.repository';
import type { StoredEntry } from './logbook.models';

/** How long after clocking out an entry written during the shift may still arrive (offline phone). */
const LATE_ARRIVAL = '24 hours';

export const PHOTO_KIND = 'logbook_photo';

export interface UserEntry {
  siteId: string;
  occurredAt: Date;
  category: LogbookCategory;
  text: string;
  /** Normalised images (webp), stored as files in the entry's statement. */
  images: Buffer[];
  authorUserId: string;
  authorName: string;
  /** Agents write only where they are on duty; the control room anywhere in the company. */
  mustBeOnDuty: boolean;
  correctsId: string | null;
  clientRef: string | null;
}

export type WriteOutcome =
  | { kind: 'written'; entry: StoredEntry }
  | { kind: 'replay'; earlierId: string; earlierAuthor: string | null }
  | { kind: 'site_not_found' | 'not_on_duty' | 'corrected_not_found' };

interface OutcomeRow {
  site_name: string | null;
  site_found: boolean;
  shift_id: string | null;
  earlier_id: string | null;
  earlier_author: string | null;
  corrected_found: boolean;
  number: number | string | null;
  prev_hash: string | null;
  hash: string | null;
  created_at: Date | string | null;
  notified: number | string | null;
}

/**
 * The site, and the author's shift on it for an event at `at` (columns site_name, shift_id; no row
 * for an unknown or foreign site): the shift in progress (clocked in), else one ended less than a day
 * ago whose clock-in and clock-out frame `at` — an entry written on the phone while offline reaches
 * the server after the agent clocked out.
 */
const dutyOf = (companyId: string, userId: string, siteId: string, at: Date) => sql`
  select st.name as site_name,
         (select s.id from shifts s join agents a on a.company_id = s.company_id and a.id = s.agent_id
           where s.company_id = ${companyId} and s.site_id = st.id and a.user_id = ${userId}
             and (s.status = 'En cours'
                  or (s.status = 'Terminé' and s.clock_in_at <= ${at.toISOString()}::timestamptz
                      and s.clock_out_at >= ${at.toISOString()}::timestamptz
                      and s.clock_out_at > now() - ${LATE_ARRIVAL}::interval))
           order by (s.status = 'En cours') desc, s.starts_at desc limit 1) as shift_id
    from ${siteNamesOf(companyId)} st where st.id = ${siteId}`;

export async function writeUserEntry(db: Database, companyId: string, e: UserEntry): Promise<WriteOutcome> {
  const id = randomUUID();
  // The photos' ids are chosen here: the hash seals them with the entry.
  const photoIds = e.images.map(() => randomUUID());
  // What the entry is made of: sealed by the statement, and answered as stored.
  const values = {
    id,
    siteId: e.siteId,
    occurredAt: e.occurredAt,
    category: e.category,
    text: e.text,
    photoIds,
    authorUserId: e.authorUserId,
    authorName: e.authorName,
    correctsId: e.correctsId,
    source: 'user' as const,
    sourceEventId: null,
    clientRef: e.clientRef,
  };
  const photos =
    e.images.length === 0
      ? sql``
      : sql`, files_in as (${insertFilesSql(
          companyId,
          { kind: PHOTO_KIND, contentType: 'image/webp' },
          e.images.map((data, i) => ({ id: photoIds[i] as string, data })),
          sql`ok`,
        )})`;
  const [row] = await db.writeTenant<OutcomeRow>(
    companyId,
    sql`with duty as (${dutyOf(companyId, e.authorUserId, e.siteId, e.occurredAt)}),
    earlier as (
      select r.id, r.author_user_id from logbook_entries r
       where r.company_id = ${companyId} and r.client_ref = ${e.clientRef}::uuid
    ),
    corrected as (
      select 1 from logbook_entries r
       where r.company_id = ${companyId} and r.id = ${e.correctsId}::uuid and r.site_id = ${e.siteId}
    ),
    -- A replay answers the first write before any rule of the moment (the shift may be over):
    -- nothing is numbered, stored or pushed again.
    ok as (
      select d.site_name, d.shift_id from duty d
       where not exists (select 1 from earlier)
         and (not ${e.mustBeOnDuty}::boolean or d.shift_id is not null)
         and (${e.correctsId}::uuid is null or exists (select 1 from corrected))
    )${photos},
    ${appendCtes(companyId, values, sql`ok`)}
    select d.site_name, d.site_name is not null as site_found, d.shift_id,
           (select x.id from earlier x) as earlier_id, (select x.author_user_id from earlier x) as earlier_author,
           exists (select 1 from corrected) as corrected_found,
           i.number, i.prev_hash, i.hash, i.created_at, (select count(*) from n) as notified
      from (select 1) as one
      left join duty d on true
      left join ins i on true`,
  );
  if (!row) throw new Error('logbook write returned nothing');
  if (row.earlier_id) return { kind: 'replay', earlierId: row.earlier_id, earlierAuthor: row.earlier_author };
  if (!row.site_found) return { kind: 'site_not_found' };
  if (row.number === null) {
    if (e.mustBeOnDuty && !row.shift_id) return { kind: 'not_on_duty' };
    if (e.correctsId && !row.corrected_found) return { kind: 'corrected_not_found' };
    throw new Error('logbook write wrote nothing and said no reason');
  }
  return {
    kind: 'written',
    entry: {
      ...values,
      companyId,
      siteName: row.site_name as string,
      number: Number(row.number),
      shiftId: row.shift_id,
      prevHash: row.prev_hash as string,
      hash: row.hash as string,
      createdAt: new Date(row.created_at as string),
    },
  };
}
