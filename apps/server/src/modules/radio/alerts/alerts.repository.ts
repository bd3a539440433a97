import { NEAREST_POSITION_MAX_AGE_MS } from '@vigie/contract/radio-traffic.contract';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { radioAlerts } from '../../../db/schema';
import { nearestSiteIdOf, siteNameOf } from '../../sites/sites.sql';
import type { Candidate } from './nearest-agents';

export type AlertRow = typeof radioAlerts.$inferSelect;
export type NewAlert = typeof radioAlerts.$inferInsert;
export type AlertWithSite = AlertRow & { siteName: string | null };

const withSite = {
  ...getTableColumns(radioAlerts),
  siteName: siteNameOf(radioAlerts.companyId, radioAlerts.siteId),
};

export async function listAlertsPage(
  tx: Tx,
  companyId: string,
  f: { status?: AlertRow['status'] | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const where = and(
    eq(radioAlerts.companyId, companyId),
    f.status ? eq(radioAlerts.status, f.status) : undefined,
  );
  const after = page.after
    ? sql`(${radioAlerts.createdAt}, ${radioAlerts.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withSite)
    .from(radioAlerts)
    .where(and(where, after))
    .orderBy(desc(radioAlerts.createdAt), desc(radioAlerts.id))
    .limit(page.limit + 1)) as AlertWithSite[];
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(radioAlerts).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findAlert(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withSite)
    .from(radioAlerts)
    .where(and(eq(radioAlerts.companyId, companyId), eq(radioAlerts.id, id)));
  return row as AlertWithSite | undefined;
}

export async function insertAlert(tx: Tx, values: NewAlert) {
  const [row] = await tx.insert(radioAlerts).values(values).returning({ id: radioAlerts.id });
  if (!row) throw new Error('radio alert insert returned nothing');
  return row.id;
}

export async function updateAlert(tx: Tx, companyId: string, id: string, values: Partial<NewAlert>) {
  await tx
    .update(radioAlerts)
    .set(values)
    .where(and(eq(radioAlerts.companyId, companyId), eq(radioAlerts.id, id)));
}

export async function countOpenAlerts(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(radioAlerts)
    .where(and(eq(radioAlerts.companyId, companyId), eq(radioAlerts.status, 'active')));
  return row?.n ?? 0;
}

/** Mean minutes from an alert to its first handling (acknowledgement or dispatch) since `since`. */
export async function averageResponseMinutes(tx: Tx, companyId: string, since: Date) {
  const [row] = rowsOf<{ minutes: number | string | null }>(
    await tx.execute(sql`
      select avg(extract(epoch from (least(coalesce(acknowledged_at, dispatched_at), coalesce(dispatched_at, acknowledged_at)) - created_at))) / 60 as minutes
        from radio_alerts
       where company_id = ${companyId} and created_at >= ${since.toISOString()}::timestamptz
         and (acknowledged_at is not null or dispatched_at is not null)`),
  );
  return row?.minutes === null || row?.minutes === undefined ? null : Number(row.minutes);
}

/**
 * The site an alert belongs to: the agent's service under way, else the agent's assigned site, else
 * the site nearest to the position; null when none of these is known.
 */
export async function siteOfAlert(
  tx: Tx,
  companyId: string,
  agentId: string | null,
  at: { lat: number; lng: number } | null,
) {
  const [row] = rowsOf<{ site_id: string | null }>(
    await tx.execute(sql`
      select coalesce(
        (select s.site_id from shifts s
          where s.company_id = ${companyId} and s.agent_id = ${agentId}::uuid and s.status = 'En cours'
            and s.clock_in_at is not null and s.clock_out_at is null
          order by s.starts_at desc limit 1),
        (select a.assigned_site_id from agents a where a.company_id = ${companyId} and a.id = ${agentId}::uuid),
        ${nearestSiteIdOf(companyId, at)}
      ) as site_id`),
  );
  return row?.site_id ?? null;
}

/** Whether the agent is clocked in on a service under way. */
export async function isOnDuty(tx: Tx, companyId: string, agentId: string) {
  const rows = rowsOf<{ ok: number }>(
    await tx.execute(sql`select 1 as ok from shifts s where s.company_id = ${companyId} and s.agent_id = ${agentId}
        and s.status = 'En cours' and s.clock_in_at is not null and s.clock_out_at is null limit 1`),
  );
  return rows.length > 0;
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
      select d.agent_id, a.name, ${siteNameOf(sql`${companyId}`, sql`d.site_id`)} as site_name,
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
