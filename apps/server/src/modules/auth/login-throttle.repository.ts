// The sign-in throttle's counts in the table login_throttle (migration 0039), keyed by the HMAC of
// a key: no e-mail or address in clear. Timestamps are epoch milliseconds, sent as ISO text.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

const at = (ms: number) => new Date(ms).toISOString();

/** The rows of these hashed keys whose window or lock still runs at `now`. */
export async function readThrottleRows(db: Db, hashedKeys: string[], now: number) {
  return rowsOf<{ key: string; failures: number; locked_until: Date | string | null }>(
    await db.execute(sql`
      select key, failures, locked_until from login_throttle
       where key in (${sql.join(
         hashedKeys.map((k) => sql`${k}`),
         sql`, `,
       )})
         and (window_ends_at > ${at(now)}::timestamptz or locked_until > ${at(now)}::timestamptz)`),
  );
}

export interface ThrottleFailure {
  hashedKey: string;
  /** Failures that lock the key. */
  max: number;
  lockMs: number;
  windowMs: number;
}

/**
 * Counts one failure for each key, in one statement: a fresh window for a new or expired row, else
 * one more failure; the lock is set when the count reaches the row's maximum, never extended while on.
 */
export async function recordThrottleFailures(db: Db, entries: ThrottleFailure[], now: number) {
  const t = sql`${at(now)}::timestamptz`;
  const values = entries.map(
    (e) =>
      sql`(${e.hashedKey}, 1, ${e.max}::integer, ${Math.round(e.lockMs / 1000)}::integer,
           ${at(now + e.windowMs)}::timestamptz,
           case when ${e.max}::integer <= 1 then ${at(now + e.lockMs)}::timestamptz end)`,
  );
  const failures = sql`case when t.window_ends_at > ${t} then t.failures + 1 else 1 end`;
  await db.execute(sql`
    insert into login_throttle as t (key, failures, max_failures, lock_seconds, window_ends_at, locked_until)
    values ${sql.join(values, sql`, `)}
    on conflict (key) do update set
      failures = ${failures},
      window_ends_at = case when t.window_ends_at > ${t} then t.window_ends_at else excluded.window_ends_at end,
      locked_until = case
        when t.locked_until > ${t} then t.locked_until
        when ${failures} >= excluded.max_failures
          then ${t} + make_interval(secs => excluded.lock_seconds)
        else null end,
      max_failures = excluded.max_failures,
      lock_seconds = excluded.lock_seconds`);
}

export async function deleteThrottleRows(db: Db, hashedKeys: string[]) {
  await db.execute(
    sql`delete from login_throttle where key in (${sql.join(
      hashedKeys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/** Deletes the rows whose window and lock are both over at `now`; answers how many. */
export async function purgeThrottleRows(db: Db, now: number) {
  const r = await db.execute(sql`
    delete from login_throttle
     where window_ends_at <= ${at(now)}::timestamptz
       and (locked_until is null or locked_until <= ${at(now)}::timestamptz)`);
  return (
    (r as { rowCount?: number; affectedRows?: number }).rowCount ??
    (r as { affectedRows?: number }).affectedRows ??
    0
  );
}
