// The alarms' handling times of a period (issue 34): the durations the alarms' files keep — their
// averages (the reports page) and, from reception, their median and 90th percentile (the generated
// reports) — for the whole period, per site and per operator who took them in charge, in one statement.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alarmFileTimesOfCompany } from '../alarms/alarms.sql';
import { siteNameOf } from '../sites/sites.sql';
import type { Period } from './period';

export interface AlarmTimesRow {
  grouping: 'all' | 'site' | 'operator';
  site_id: string | null;
  site_name: string | null;
  taken_by: string | null;
  alarms: number;
  to_shown: number | null;
  to_taken: number | null;
  taken_to_decision: number | null;
  decision_to_closed: number | null;
  to_closed: number | null;
  /** Seconds from reception to each later step; null where no alarm of the group reached it. */
  to_shown_p50: number | null;
  to_shown_p90: number | null;
  to_taken_p50: number | null;
  to_taken_p90: number | null;
  to_decision_p50: number | null;
  to_decision_p90: number | null;
  to_closed_p50: number | null;
  to_closed_p90: number | null;
}

const received = sql`x.triggered_at`;
const shown = sql`x.first_shown_at`;
const taken = sql`x.taken_at`;
const decision = sql`x.decision_at`;
const closed = sql`x.closed_at`;

/** Seconds from `from` to `to`; a step written before the one it follows (clock skew) counts 0. */
const span = (from: SQL, to: SQL) =>
  sql`(case when ${to} >= ${from} then extract(epoch from ${to} - ${from}) else 0 end)::float8`;
const both = (from: SQL, to: SQL) => sql`${from} is not null and ${to} is not null`;
const average = (from: SQL, to: SQL) =>
  sql`round(avg(${span(from, to)}) filter (where ${both(from, to)}))::int`;
// percentile_cont is overloaded (one fraction or an array of them): the parameter is cast to one.
const quantile = (fraction: 0.5 | 0.9, from: SQL, to: SQL) =>
  sql`round(percentile_cont(${fraction}::float8) within group (order by ${span(from, to)}) filter (where ${both(from, to)}))::int`;

export async function alarmTimes(tx: Tx, companyId: string, p: Period, siteId: string | null) {
  return rowsOf<AlarmTimesRow>(
    await tx.execute(sql`
      select case when grouping(x.site_id) = 0 then 'site' when grouping(x.taken_by) = 0 then 'operator' else 'all' end
               as grouping,
             x.site_id, case when grouping(x.site_id) = 0 then ${siteNameOf(sql`${companyId}::uuid`, sql`x.site_id`)} end
               as site_name,
             x.taken_by, count(*)::int as alarms,
             ${average(received, shown)} as to_shown,
             ${average(received, taken)} as to_taken,
             ${average(taken, decision)} as taken_to_decision,
             ${average(decision, closed)} as decision_to_closed,
             ${average(received, closed)} as to_closed,
             ${quantile(0.5, received, shown)} as to_shown_p50,
             ${quantile(0.9, received, shown)} as to_shown_p90,
             ${quantile(0.5, received, taken)} as to_taken_p50,
             ${quantile(0.9, received, taken)} as to_taken_p90,
             ${quantile(0.5, received, decision)} as to_decision_p50,
             ${quantile(0.9, received, decision)} as to_decision_p90,
             ${quantile(0.5, received, closed)} as to_closed_p50,
             ${quantile(0.9, received, closed)} as to_closed_p90
        from ${alarmFileTimesOfCompany(companyId)} x
       where x.triggered_at >= ${p.from.toISOString()}::timestamptz and x.triggered_at < ${p.to.toISOString()}::timestamptz
         and (${siteId}::uuid is null or x.site_id = ${siteId}::uuid)
       group by grouping sets ((), (x.site_id), (x.taken_by))`),
  ).map((r) => ({ ...r, alarms: Number(r.alarms) }));
}
