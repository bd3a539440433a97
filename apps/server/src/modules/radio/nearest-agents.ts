// Who can go: agents on duty now (clocked in, not out) whose position — from their radio or their
// phone — is at most 15 minutes old, by straight-line distance from the alert.
import { NEAREST_POSITION_MAX_AGE_MS, type NearestAgent } from '@vigie/contract/radio-traffic.contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { distanceMetres } from '../planning/clock.service';

export interface Candidate {
  agentId: string;
  name: string;
  siteName: string | null;
  lat: number;
  lng: number;
  at: Date;
  source: 'radio' | 'phone';
}

/** The pure choice: fresh positions only, the alert's own agent left out, nearest first. */
export function chooseNearest(
  candidates: Candidate[],
  from: { lat: number; lng: number },
  opts: { now: Date; excludeAgentId?: string | null; limit?: number },
): NearestAgent[] {
  const oldest = opts.now.getTime() - NEAREST_POSITION_MAX_AGE_MS;
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    if (c.agentId === opts.excludeAgentId || c.at.getTime() < oldest) continue;
    const known = best.get(c.agentId);
    if (!known || known.at < c.at) best.set(c.agentId, c);
  }
  return [...best.values()]
    .map((c) => ({
      agentId: c.agentId,
      name: c.name,
      distanceM: Math.round(distanceMetres(from, c)),
      positionAt: c.at.toISOString(),
      positionSource: c.source,
      siteName: c.siteName,
    }))
    .sort((a, b) => a.distanceM - b.distanceM || a.name.localeCompare(b.name, 'fr'))
    .slice(0, opts.limit ?? 5);
}

/** Positions of the agents on duty now, taken within the window (radio reports and clock-ins). */
export async function dutyCandidates(tx: Tx, companyId: string, now: Date): Promise<Candidate[]> {
  const since = new Date(now.getTime() - NEAREST_POSITION_MAX_AGE_MS).toISOString();
  const rows = rowsOf<{
    agent_id: string;
    name: string;
    site_name: string | null;
    lat: number;
    lng: number;
    at: Date | string;
    source: 'radio' | 'phone';
  }>(
    await tx.execute(sql`
      with duty as (
        select distinct on (s.agent_id) s.agent_id, s.site_id from shifts s
         where s.company_id = ${companyId} and s.clock_in_at is not null and s.clock_out_at is null
           and s.status = 'En cours'
         order by s.agent_id, s.starts_at desc
      ), pos as (
        select r.agent_id, r.last_lat as lat, r.last_lng as lng, r.last_position_at as at, 'radio' as source
          from radios r
         where r.company_id = ${companyId} and r.agent_id is not null and r.last_position_at >= ${since}::timestamptz
           and r.last_lat is not null and r.last_lng is not null
        union all
        select p.agent_id, p.latitude, p.longitude, p.recorded_at, 'phone'
          from agent_positions p
         where p.company_id = ${companyId} and p.recorded_at >= ${since}::timestamptz
      )
      select d.agent_id, a.name,
             (select st.name from sites st where st.company_id = ${companyId} and st.id = d.site_id) as site_name,
             pos.lat, pos.lng, pos.at, pos.source
        from duty d
        join agents a on a.company_id = ${companyId} and a.id = d.agent_id
        join pos on pos.agent_id = d.agent_id`),
  );
  return rows.map((r) => ({
    agentId: r.agent_id,
    name: r.name,
    siteName: r.site_name,
    lat: Number(r.lat),
    lng: Number(r.lng),
    at: new Date(r.at),
    source: r.source,
  }));
}

export async function nearestAgents(
  tx: Tx,
  companyId: string,
  from: { lat: number; lng: number } | null,
  excludeAgentId: string | null,
  now = new Date(),
) {
  if (!from) return [];
  return chooseNearest(await dutyCandidates(tx, companyId, now), from, { now, excludeAgentId });
}
