// The alarms' handling times of a period (issue 34): averages of the durations the alarms' files keep,
// for the whole period, per site and per operator who took them in charge, in one statement.
import { sql } from 'drizzle-orm';
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
}

export async function alarmTimes(tx: Tx, companyId: string, p: Period, siteId: string | null) {
  return rowsOf<AlarmTimesRow>(
    await tx.execute(sql`
      select case when grouping(x.site_id) = 0 then 'site' when grouping(x.taken_by) = 0 then 'operator' else 'all' end
               as grouping,
             x.site_id, case when grouping(x.site_id) = 0 then ${siteNameOf(sql`${companyId}::uuid`, sql`x.site_id`)} end
               as site_name,
             x.taken_by, count(*)::int as alarms,
             round(avg(case when x.first_shown_at >= x.triggered_at then extract(epoch from x.first_shown_at - x.triggered_at) else 0 end) filter (where x.first_shown_at is not null and x.triggered_at is not null))::int as to_shown,
             round(avg(case when x.taken_at >= x.triggered_at then extract(epoch from x.taken_at - x.triggered_at) else 0 end) filter (where x.taken_at is not null and x.triggered_at is not null))::int as to_taken,
             round(avg(case when x.decision_at >= x.taken_at then extract(epoch from x.decision_at - x.taken_at) else 0 end) filter (where x.decision_at is not null and x.taken_at is not null))::int as taken_to_decision,
             round(avg(case when x.closed_at >= x.decision_at then extract(epoch from x.closed_at - x.decision_at) else 0 end) filter (where x.closed_at is not null and x.decision_at is not null))::int as decision_to_closed,
             round(avg(case when x.closed_at >= x.triggered_at then extract(epoch from x.closed_at - x.triggered_at) else 0 end) filter (where x.closed_at is not null and x.triggered_at is not null))::int as to_closed
        from ${alarmFileTimesOfCompany(companyId)} x
       where x.triggered_at >= ${p.from.toISOString()}::timestamptz and x.triggered_at < ${p.to.toISOString()}::timestamptz
         and (${siteId}::uuid is null or x.site_id = ${siteId}::uuid)
       group by grouping sets ((), (x.site_id), (x.taken_by))`),
  ).map((r) => ({ ...r, alarms: Number(r.alarms) }));
}
