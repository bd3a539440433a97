// The agents' positions on duty (kind 'duty' of agent_positions), sent by the agent space while the
// agent is clocked in and consents, for the interventions module (through duty-positions.service.ts).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

const date = (v: Date | string) => new Date(v);

/** The agent's service in progress (clocked in, not out), the latest if several. */
export async function shiftInProgressOf(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ id: string; site_id: string }>(
    await tx.execute(sql`select s.id, s.site_id from shifts s
      where s.company_id = ${companyId} and s.agent_id = ${agentId} and s.status = 'En cours'
        and s.clock_in_at is not null and s.clock_out_at is null
      order by s.starts_at desc limit 1`),
  );
  return row ? { id: row.id, siteId: row.site_id } : undefined;
}

/** When the agent's last position of this kind was recorded (the send rate's floor). */
export async function lastPositionAt(tx: Tx, companyId: string, agentId: string, kind: 'duty') {
  const [row] = rowsOf<{ at: Date | string }>(
    await tx.execute(sql`select p.recorded_at as at from agent_positions p
      where p.company_id = ${companyId} and p.agent_id = ${agentId} and p.kind = ${kind}
      order by p.recorded_at desc limit 1`),
  );
  return row ? date(row.at) : null;
}

/** The agent's latest position of any kind (phone), or null. */
export async function lastPositionOf(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ lat: number; lng: number; accuracy: number; at: Date | string }>(
    await tx.execute(sql`select p.latitude as lat, p.longitude as lng, p.accuracy_m as accuracy,
        p.recorded_at as at from agent_positions p
      where p.company_id = ${companyId} and p.agent_id = ${agentId}
      order by p.recorded_at desc limit 1`),
  );
  return row
    ? { lat: Number(row.lat), lng: Number(row.lng), accuracy: Number(row.accuracy), at: date(row.at) }
    : null;
}

/** The agent's positions between two times, oldest first (at most `limit`, the latest kept). */
export async function trackOf(
  tx: Tx,
  companyId: string,
  agentId: string,
  from: Date,
  to: Date | null,
  limit = 2000,
) {
  const rows = rowsOf<{ lat: number; lng: number; at: Date | string }>(
    await tx.execute(sql`select * from (
        select p.latitude as lat, p.longitude as lng, p.recorded_at as at from agent_positions p
         where p.company_id = ${companyId} and p.agent_id = ${agentId}
           and p.recorded_at >= ${from.toISOString()}::timestamptz
           ${to ? sql`and p.recorded_at <= ${to.toISOString()}::timestamptz` : sql``}
         order by p.recorded_at desc limit ${limit}) t
      order by t.at`),
  );
  return rows.map((r) => ({ lat: Number(r.lat), lng: Number(r.lng), at: date(r.at) }));
}
