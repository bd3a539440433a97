// The alarm's file in SQL: the alarm's row held while an entry is written (so that a resolution and
// an entry are ordered), numbering and sealing an entry in its insert's statement (the per-alarm
// counter row, as the main courante does), and the reads of a file.
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { GENESIS_HASH } from '../../../lib/hash-chain';
import { sealSql } from '../../../lib/hash-chain.sql';
import { entryParts, type FileAlarmRow, type FileEntryRow, type NewFileEntry } from './alarm-file.models';

const alarmColumns = sql`a.id, a.site_id, a.type, a.status, a.triggered_at, a.acknowledged_at, a.acknowledged_by,
  a.resolved_at, a.resolved_by`;

/**
 * The alarm, its row share-locked until commit: a resolution (which updates the row) waits for an
 * entry being written, and an entry written after a resolution sees it resolved.
 */
export async function lockAlarm(tx: Tx, companyId: string, alarmId: string) {
  return rowsOf<FileAlarmRow>(
    await tx.execute(
      sql`select ${alarmColumns} from alarms a where a.company_id = ${companyId} and a.id = ${alarmId} for share`,
    ),
  )[0];
}

/** The alarm, its row locked until commit: two signatures of one file are written one after the other. */
export async function lockAlarmForUpdate(tx: Tx, companyId: string, alarmId: string) {
  return rowsOf<FileAlarmRow & { title: string }>(
    await tx.execute(
      sql`select ${alarmColumns}, a.title from alarms a
           where a.company_id = ${companyId} and a.id = ${alarmId} for update`,
    ),
  )[0];
}

export async function findAlarm(tx: Tx, companyId: string, alarmId: string) {
  return rowsOf<FileAlarmRow>(
    await tx.execute(
      sql`select ${alarmColumns} from alarms a where a.company_id = ${companyId} and a.id = ${alarmId}`,
    ),
  )[0];
}

/**
 * Numbers, seals and inserts one entry in one statement: the counter row is taken (locked until
 * commit: it orders the chain), moved on and sealed with the new hash, which the database computes
 * from the canonical text around the number and the previous hash (alarm-file.models.ts).
 * `onlyIf` is a condition of the same statement (nothing is written when false).
 */
export async function insertEntry(tx: Tx, companyId: string, e: NewFileEntry, onlyIf: SQL = sql`true`) {
  const { before, after } = entryParts(companyId, e);
  const seal = (number: SQL, prev: SQL) => sealSql(sql`${before}::text`, number, sql`${after}::text`, prev);
  const res = await tx.execute(sql`
    with ok as (select 1 where ${onlyIf}),
    counter as (
      insert into alarm_file_counters as k (company_id, alarm_id, last, prev_hash, last_hash)
      select ${companyId}, ${e.alarmId}, 1, ${GENESIS_HASH}, ${seal(sql`1`, sql`${GENESIS_HASH}::text`)} from ok
      on conflict (company_id, alarm_id) do update
        set last = k.last + 1, prev_hash = k.last_hash, last_hash = ${seal(sql`k.last + 1`, sql`k.last_hash`)}
      returning last, prev_hash, last_hash
    )
    insert into alarm_file_entries (company_id, id, alarm_id, number, kind, data, actor_user_id, actor_name,
                                    amends_id, prev_hash, hash, created_at)
    select ${companyId}, ${e.id}, ${e.alarmId}, c.last, ${e.kind}, ${e.data}, ${e.actorUserId}::uuid,
           ${e.actorName}, ${e.amendsId}::uuid, c.prev_hash, c.last_hash, ${e.at.toISOString()}::timestamptz
      from counter c
    returning id, alarm_id, number, kind, data, actor_user_id, actor_name, amends_id, prev_hash, hash, created_at`);
  return rowsOf<FileEntryRow>(res)[0];
}

/** No entry of this kind in the file yet (a condition for insertEntry: the first `shown` only). */
export const noEntryOfKind = (companyId: string, alarmId: string, kind: string) =>
  sql`not exists (select 1 from alarm_file_entries x
                   where x.company_id = ${companyId} and x.alarm_id = ${alarmId} and x.kind = ${kind})`;

/** The kinds the file holds, each once (what a resolution checks). */
export async function kindsInFile(tx: Tx, companyId: string, alarmId: string) {
  const rows = rowsOf<{ kind: string }>(
    await tx.execute(sql`select distinct kind from alarm_file_entries
                          where company_id = ${companyId} and alarm_id = ${alarmId}`),
  );
  return new Set(rows.map((r) => r.kind));
}

export async function entryOfAlarm(tx: Tx, companyId: string, alarmId: string, id: string) {
  return rowsOf<{ id: string; kind: string }>(
    await tx.execute(sql`select id, kind from alarm_file_entries
                          where company_id = ${companyId} and alarm_id = ${alarmId} and id = ${id}`),
  )[0];
}

/** The whole file in number order (an alarm's file holds tens of entries, not thousands). */
export async function entriesOf(tx: Tx, companyId: string, alarmId: string) {
  return rowsOf<FileEntryRow>(
    await tx.execute(sql`
      select id, alarm_id, number, kind, data, actor_user_id, actor_name, amends_id, prev_hash, hash, created_at
        from alarm_file_entries
       where company_id = ${companyId} and alarm_id = ${alarmId}
       order by number`),
  ).map((r) => ({ ...r, number: Number(r.number) }));
}

export async function counterOf(tx: Tx, companyId: string, alarmId: string) {
  const row = rowsOf<{ last: number; last_hash: string }>(
    await tx.execute(sql`select last, last_hash from alarm_file_counters
                          where company_id = ${companyId} and alarm_id = ${alarmId}`),
  )[0];
  return row ? { last: Number(row.last), lastHash: row.last_hash } : undefined;
}

/** The company of the caller's tenant transaction (another module calling in with only its transaction). */
export async function tenantOf(tx: Tx) {
  return rowsOf<{ id: string | null }>(await tx.execute(sql`select app_company_id() as id`))[0]?.id ?? null;
}

/** A printed fingerprint looked up in every company (an owner-run function answering no content). */
export async function verifyFingerprint(db: Database, fingerprint: string) {
  return rowsOf<{
    company_name: string;
    site_name: string | null;
    alarm_title: string;
    triggered_at: Date | string;
    resolved_at: Date | string | null;
    number: number;
    at: Date | string;
    entries: number | null;
    signed_at: Date | string | null;
  }>(
    await db.direct.execute(
      sql`select company_name, site_name, alarm_title, triggered_at, resolved_at, number, at, entries, signed_at
            from alarm_file_verify(${fingerprint})`,
    ),
  )[0];
}
