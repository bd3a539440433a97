// The health monitor's SQL: one owner-run look-up of every company's probe targets, then the
// results written per company under RLS, one statement per batch.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export interface ProbeTarget {
  companyId: string;
  cameraId: string;
  host: string;
  port: number;
}

export interface ProbeResult {
  cameraId: string;
  ok: boolean;
  latencyMs: number | null;
  at: Date;
}

export async function probeTargets(db: Database): Promise<ProbeTarget[]> {
  const res = await db.direct.execute(
    sql`select company_id as "companyId", camera_id as "cameraId", host, port from camera_probe_targets()`,
  );
  return rowsOf<ProbeTarget>(res);
}

/** One camera's probe target, read under the tenant's RLS; null without a host and port. */
export async function probeTargetOf(tx: Tx, companyId: string, cameraId: string) {
  const res = await tx.execute(
    sql`select probe_host as host, probe_port as port from cameras
         where company_id = ${companyId} and id = ${cameraId} and probe_host is not null and probe_port is not null`,
  );
  return rowsOf<{ host: string; port: number }>(res)[0] ?? null;
}

/**
 * Records one batch of one company: status and last successful ping, the hourly history per camera
 * and per company, and a camera_event per transition, which it returns. Cameras deleted since the
 * look-up are skipped (`old` only holds cameras that still exist).
 */
export async function recordProbeResults(tx: Tx, companyId: string, results: ProbeResult[]) {
  const values = sql.join(
    results.map(
      (r) =>
        sql`(${r.cameraId}::uuid, ${r.ok}::boolean, ${r.latencyMs}::int, ${r.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const res = await tx.execute(sql`
    with v(camera_id, ok, latency, at) as (values ${values}),
    old as (
      select c.id, c.status, case when v.ok then 'En ligne' else 'Hors ligne' end as new_status, v.ok, v.latency, v.at
        from cameras c join v on v.camera_id = c.id
       where c.company_id = ${companyId}
    ),
    upd as (
      update cameras c
         set status = old.new_status,
             last_ping = case when old.ok then old.at else c.last_ping end
        from old
       where c.company_id = ${companyId} and c.id = old.id
    ),
    hist as (
      insert into camera_probes as p
             (company_id, camera_id, bucket, probes, ok_probes, latency_ms_sum, last_probed_at, last_ok, last_latency_ms)
      select ${companyId}::uuid, old.id, date_trunc('hour', old.at), 1, old.ok::int, coalesce(old.latency, 0), old.at,
             old.ok, old.latency
        from old
      on conflict (company_id, camera_id, bucket) do update
         set probes = p.probes + 1,
             ok_probes = p.ok_probes + excluded.ok_probes,
             latency_ms_sum = p.latency_ms_sum + excluded.latency_ms_sum,
             last_probed_at = excluded.last_probed_at,
             last_ok = excluded.last_ok,
             last_latency_ms = excluded.last_latency_ms
    ),
    tot as (
      insert into camera_probe_totals as t (company_id, bucket, probes, ok_probes)
      select ${companyId}::uuid, date_trunc('hour', old.at), count(*), count(*) filter (where old.ok)
        from old
       group by date_trunc('hour', old.at)
      on conflict (company_id, bucket) do update
         set probes = t.probes + excluded.probes, ok_probes = t.ok_probes + excluded.ok_probes
    )
    insert into camera_events (company_id, camera_id, from_status, to_status, occurred_at)
    select ${companyId}::uuid, old.id, old.status, old.new_status, old.at
      from old
     where old.status <> old.new_status
    returning camera_id as "cameraId", to_status as "status"`);
  return rowsOf<{ cameraId: string; status: 'En ligne' | 'Hors ligne' }>(res);
}

/** Drops the hourly probe history older than `before`, for every company. */
export async function purgeProbes(db: Database, before: Date) {
  await db.direct.execute(sql`select camera_probes_purge(${before.toISOString()}::timestamptz)`);
}
