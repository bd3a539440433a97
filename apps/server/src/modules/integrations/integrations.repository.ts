import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

export type KeyScope =
  | { scope: 'alarms' }
  | { scope: 'radio' }
  | { scope: 'access_point'; accessPointId: string };

export async function insertKey(
  tx: Tx,
  k: { companyId: string; name: string; keyHash: string; prefix: string; createdByUserId: string },
  scope: KeyScope,
) {
  const pointId = scope.scope === 'access_point' ? scope.accessPointId : null;
  const res = await tx.execute(sql`
    insert into integration_keys (company_id, name, key_hash, prefix, created_by_user_id, scope, access_point_id)
    values (${k.companyId}, ${k.name}, ${k.keyHash}, ${k.prefix}, ${k.createdByUserId}, ${scope.scope}, ${pointId})
    returning id`);
  const row = rowsOf<{ id: string }>(res)[0];
  if (!row) throw new Error('integration key insert returned nothing');
  return row.id;
}

const scopeWhere = (scope: KeyScope) =>
  scope.scope === 'access_point'
    ? sql`scope = 'access_point' and access_point_id = ${scope.accessPointId}`
    : sql`scope = ${scope.scope}`;

/** Live keys of a scope, newest first (a company holds a handful). */
export async function listKeys(tx: Tx, companyId: string, scope: KeyScope) {
  const res = await tx.execute(sql`
    select id, name, prefix, created_at, last_used_at from integration_keys
     where company_id = ${companyId} and revoked_at is null and ${scopeWhere(scope)}
     order by created_at desc, id desc limit 500`);
  return rowsOf<KeyRow>(res);
}

export async function revokeKey(tx: Tx, companyId: string, id: string, scope: KeyScope) {
  const res = await tx.execute(sql`
    update integration_keys set revoked_at = now()
     where company_id = ${companyId} and id = ${id} and revoked_at is null and ${scopeWhere(scope)}
     returning name`);
  return rowsOf<{ name: string }>(res)[0];
}

/** Revokes every live key of an access point (the point is being deleted). */
export async function revokePointKeys(tx: Tx, companyId: string, accessPointId: string) {
  await tx.execute(sql`
    update integration_keys set revoked_at = now()
     where company_id = ${companyId} and access_point_id = ${accessPointId} and revoked_at is null`);
}

/** The live key with this hash, whatever its company (owner-run look-up, migration 0006). */
export async function resolveKey(db: Database, keyHash: string) {
  const res = await db.direct.execute(
    sql`select company_id, key_id, name, scope, access_point_id from integration_key_resolve(${keyHash})`,
  );
  return rowsOf<{
    company_id: string;
    key_id: string;
    name: string;
    scope: 'alarms' | 'access_point' | 'radio';
    access_point_id: string | null;
  }>(res)[0];
}

/** Records a key's use (at most once a minute): a statement run with the alarm's creation. */
export const touchKeySql = (companyId: string, id: string) => sql`
    update integration_keys set last_used_at = now()
     where company_id = ${companyId} and id = ${id}
       and (last_used_at is null or last_used_at < now() - interval '1 minute')`;

/**
 * Records a panel's heartbeat in its five-minute slot of the ring (migration 0027): written only
 * when the slot still holds an older bucket, so a panel beating every 30 s changes one row every
 * five minutes (and wakes the caches that often, not at every beat).
 */
export async function recordHeartbeat(tx: Tx, companyId: string, keyId: string) {
  await tx.execute(sql`
    insert into alarm_panel_heartbeats (company_id, key_id, slot, bucket)
    select ${companyId}, ${keyId},
           (extract(epoch from b.bucket)::bigint / 300 % 288)::int, b.bucket
      from (select date_bin('5 minutes', now(), timestamptz '2000-01-01') as bucket) b
    on conflict (company_id, key_id, slot) do update set bucket = excluded.bucket
     where alarm_panel_heartbeats.bucket <> excluded.bucket`);
}
