// The pages of the report tables (alarms, attendance, access attempts, cameras), each read in its own
// short transaction of the company. They read the tables of the modules whose activity a report
// states; the sites' names come from the sites module's fragment.
import type {
  alarmActionLabels,
  alarmSeverityLabels,
  alarmStatusLabels,
  alarmTypeLabels,
} from '@vigie/contract/alarms.contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows';
import { alarmsOfCompany, alarmTimelineJson } from '../../alarms/alarms.sql';
import { siteNamesOf } from '../../sites/sites.sql';
import { PAGE_ROWS, type Scope } from './source';

/** ` and <column> = <site>` when the report is about one site, else nothing. */
export const siteFilter = (column: SQL, siteId: string | null) =>
  siteId ? sql` and ${column} = ${siteId}` : sql``;

/** Runs one page's statement in its own transaction of the report's company. */
export async function read<T>(s: Scope, query: SQL) {
  return s.db.withTenant(s.companyId, async (tx) => rowsOf<T>(await tx.execute(query)));
}

export interface AlarmRow {
  id: string;
  triggered_at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  site_name: string | null;
  title: string;
  type: keyof typeof alarmTypeLabels;
  severity: keyof typeof alarmSeverityLabels;
  status: keyof typeof alarmStatusLabels;
  acknowledged_at: Date | string | null;
  resolved_at: Date | string | null;
  timeline: { kind: keyof typeof alarmActionLabels; at: string; by: string }[] | string | null;
}

/** Alarms triggered in the period, after the keyset `after` (triggered_at text, id). */
export function alarmRows(s: Scope, after: unknown[] | null) {
  return read<AlarmRow>(
    s,
    sql`select a.id, a.triggered_at, a.triggered_at::text as key_at, st.name as site_name, a.title, a.type, a.severity, a.status,
               coalesce(a.acknowledged_at, a.resolved_at) as acknowledged_at, a.resolved_at,
               ${alarmTimelineJson(sql`a.company_id`, sql`a.id`)} as timeline
          from ${alarmsOfCompany(s.companyId)} a left join ${siteNamesOf(s.companyId)} st on st.id = a.site_id
         where a.company_id = ${s.companyId} and a.triggered_at >= ${s.period.from.toISOString()}::timestamptz
           and a.triggered_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`a.site_id`, s.siteId)}
           ${after ? sql`and (a.triggered_at, a.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
         order by a.triggered_at, a.id limit ${PAGE_ROWS}`,
  );
}

export interface ShiftRow {
  id: string;
  starts_at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  ends_at: Date | string;
  agent_name: string | null;
  site_name: string | null;
  status: string;
  clock_in_at: Date | string | null;
  clock_out_at: Date | string | null;
}

/** Shifts starting in the period, after the keyset `after` (starts_at text, id). */
export function shiftRows(s: Scope, after: unknown[] | null) {
  return read<ShiftRow>(
    s,
    sql`select sh.id, sh.starts_at, sh.starts_at::text as key_at, sh.ends_at, ag.name as agent_name, st.name as site_name, sh.status,
               sh.clock_in_at, sh.clock_out_at
          from shifts sh
          left join agents ag on ag.company_id = sh.company_id and ag.id = sh.agent_id
          left join ${siteNamesOf(s.companyId)} st on st.id = sh.site_id
         where sh.company_id = ${s.companyId} and sh.starts_at >= ${s.period.from.toISOString()}::timestamptz
           and sh.starts_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`sh.site_id`, s.siteId)}
           ${after ? sql`and (sh.starts_at, sh.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
         order by sh.starts_at, sh.id limit ${PAGE_ROWS}`,
  );
}

export interface LogRow {
  id: number | string;
  at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  person_name: string;
  badge_number: string | null;
  site_name: string;
  point_name: string;
  access_type: 'qrcode' | 'nfc';
  status: string;
  reason: string | null;
}

/** Access attempts of the period (refused ones only, if asked), after the keyset `after` (at text, id). */
export function accessLogRows(s: Scope, refusedOnly: boolean, after: unknown[] | null) {
  return read<LogRow>(
    s,
    sql`select l.id, l.at, l.at::text as key_at, l.person_name, l.badge_number, l.site_name, l.point_name, l.access_type, l.status, l.reason
          from access_logs l
         where l.company_id = ${s.companyId} and l.at >= ${s.period.from.toISOString()}::timestamptz
           and l.at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`l.site_id`, s.siteId)}
           ${refusedOnly ? sql`and l.status = 'Refusé'` : sql``}
           ${after ? sql`and (l.at, l.id) > (${after[0]}::timestamptz, ${after[1]}::bigint)` : sql``}
         order by l.at, l.id limit ${PAGE_ROWS}`,
  );
}

export interface CameraRow {
  id: string;
  name: string;
  site_name: string | null;
  location: string;
  status: string;
  probes: number;
  ok_probes: number;
  latency_sum: number | null;
  last_probed_at: Date | string | null;
}

/** Cameras with their probes summed over the period, after the keyset `after` (id). */
export function cameraRows(s: Scope, after: unknown[] | null) {
  const from = s.period.from.toISOString();
  const to = s.period.to.toISOString();
  return read<CameraRow>(
    s,
    sql`select c.id, c.name, st.name as site_name, c.location, c.status,
               coalesce(p.probes, 0)::int as probes, coalesce(p.ok_probes, 0)::int as ok_probes,
               p.latency_sum::float8 as latency_sum, p.last_probed_at
          from cameras c
          left join ${siteNamesOf(s.companyId)} st on st.id = c.site_id
          left join lateral (
            select sum(cp.probes) as probes, sum(cp.ok_probes) as ok_probes, sum(cp.latency_ms_sum) as latency_sum,
                   max(cp.last_probed_at) as last_probed_at
              from camera_probes cp
             where cp.company_id = c.company_id and cp.camera_id = c.id
               and cp.bucket >= ${from}::timestamptz and cp.bucket < ${to}::timestamptz) p on true
         where c.company_id = ${s.companyId} ${siteFilter(sql`c.site_id`, s.siteId)}
           ${after ? sql`and c.id > ${after[0]}::uuid` : sql``}
         order by c.id limit ${PAGE_ROWS}`,
  );
}
