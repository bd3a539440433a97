// The statistics' queries: counts over the period's instants, per local day in the user's timezone.
// Every query filters on company_id explicitly (RLS is the second lock) and on the site when asked.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alarmsOfCompany } from '../alarms/alarms.sql';
import { activeSitesCountOf, siteNameOf } from '../sites/sites.sql';
import type { Period } from './period';

const siteFilter = (column: SQL, siteId: string | null) => (siteId ? sql` and ${column} = ${siteId}` : sql``);

/** When an alarm was answered: acknowledged, or resolved without an acknowledgement. */
export const answeredAtSql = sql`coalesce(a.acknowledged_at, a.resolved_at)`;

export interface Totals {
  total_incidents: number;
  resolved_incidents: number;
  /** Seconds. */
  avg_response_s: number | null;
  probes: number;
  ok_probes: number;
  access_attempts: number;
  unauthorized_attempts: number;
  active_security: number;
  sites_monitored: number;
}

export async function totals(tx: Tx, companyId: string, p: Period, siteId: string | null) {
  const from = p.from.toISOString();
  const to = p.to.toISOString();
  const [row] = rowsOf<Totals>(
    await tx.execute(sql`
      with a as (
        select a.status, a.triggered_at, ${answeredAtSql} as answered_at from ${alarmsOfCompany(companyId)} a
         where a.company_id = ${companyId} and a.triggered_at >= ${from}::timestamptz
           and a.triggered_at < ${to}::timestamptz ${siteFilter(sql`a.site_id`, siteId)}
      ), probes as (
        select coalesce(sum(cp.probes), 0)::int as probes, coalesce(sum(cp.ok_probes), 0)::int as ok_probes
          from camera_probes cp join cameras c on c.company_id = cp.company_id and c.id = cp.camera_id
         where cp.company_id = ${companyId} and cp.bucket >= ${from}::timestamptz
           and cp.bucket < ${to}::timestamptz ${siteFilter(sql`c.site_id`, siteId)}
      ), logs as (
        select count(*)::int as attempts, count(*) filter (where l.status = 'Refusé')::int as refused
          from access_logs l
         where l.company_id = ${companyId} and l.at >= ${from}::timestamptz and l.at < ${to}::timestamptz
           ${siteFilter(sql`l.site_id`, siteId)}
      )
      select (select count(*)::int from a) as total_incidents,
             (select count(*)::int from a where status = 'resolved') as resolved_incidents,
             (select avg(extract(epoch from answered_at - triggered_at))::float8 from a
               where answered_at is not null) as avg_response_s,
             probes.probes, probes.ok_probes,
             logs.attempts as access_attempts, logs.refused as unauthorized_attempts,
             (select count(distinct s.agent_id)::int from shifts s
               where s.company_id = ${companyId} and s.status = 'En cours' ${siteFilter(sql`s.site_id`, siteId)})
               as active_security,
             ${activeSitesCountOf(companyId, siteId)} as sites_monitored
        from probes, logs`),
  );
  if (!row) throw new Error('statistics query answered nothing');
  return row;
}

export interface AlarmDayRow {
  day: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  n: number;
  answered: number;
  response_s: number | null;
}

/** Alarms per local day and severity, with the sum of their response times. */
export async function alarmsPerDay(tx: Tx, companyId: string, p: Period, siteId: string | null) {
  return rowsOf<AlarmDayRow>(
    await tx.execute(sql`
      select to_char((a.triggered_at at time zone ${p.timezone})::date, 'YYYY-MM-DD') as day, a.severity,
             count(*)::int as n, count(${answeredAtSql})::int as answered,
             sum(extract(epoch from ${answeredAtSql} - a.triggered_at))::float8 as response_s
        from ${alarmsOfCompany(companyId)} a
       where a.company_id = ${companyId} and a.triggered_at >= ${p.from.toISOString()}::timestamptz
         and a.triggered_at < ${p.to.toISOString()}::timestamptz ${siteFilter(sql`a.site_id`, siteId)}
       group by 1, 2`),
  );
}

/** Refused access attempts per local day. */
export async function refusalsPerDay(tx: Tx, companyId: string, p: Period, siteId: string | null) {
  return rowsOf<{ day: string; n: number }>(
    await tx.execute(sql`
      select to_char((l.at at time zone ${p.timezone})::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from access_logs l
       where l.company_id = ${companyId} and l.status = 'Refusé' and l.at >= ${p.from.toISOString()}::timestamptz
         and l.at < ${p.to.toISOString()}::timestamptz ${siteFilter(sql`l.site_id`, siteId)}
       group by 1`),
  );
}

/** The site's name, if it is one of the company's. */
export async function siteName(tx: Tx, companyId: string, siteId: string) {
  const [row] = rowsOf<{ name: string | null }>(
    await tx.execute(sql`select ${siteNameOf(sql`${companyId}`, sql`${siteId}`)} as name`),
  );
  return row?.name ?? undefined;
}
