// The rounds of the attendance report, read from the guard tour tables (migration 0023); the sites'
// names come from the sites module's fragment.
import type { RoundStatus } from '@vigie/contract/guard-tours.contract';
import { sql } from 'drizzle-orm';
import { siteNamesOf } from '../../sites/sites.sql';
import { PAGE_ROWS, type Scope } from './source';
import { read, siteFilter } from './tables.repository';

export interface SiteRounds {
  site_id: string;
  site_name: string;
  planned: number;
  done: number;
  missed: number;
  late: number;
}

/** Per site, the rounds planned in the period and what became of them (one row a site, by name). */
export function roundsPerSiteRows(s: Scope) {
  return read<SiteRounds>(
    s,
    sql`select r.site_id, st.name as site_name, count(*)::int as planned,
               (count(*) filter (where r.status = 'done'))::int as done,
               (count(*) filter (where r.status = 'missed'))::int as missed,
               (count(*) filter (where r.late_alerted_at is not null or r.overdue_alerted_at is not null))::int as late
          from tour_rounds r join ${siteNamesOf(s.companyId)} st on st.id = r.site_id
         where r.company_id = ${s.companyId} and r.planned_at >= ${s.period.from.toISOString()}::timestamptz
           and r.planned_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`r.site_id`, s.siteId)}
         group by r.site_id, st.name order by st.name, r.site_id`,
  );
}

export interface RoundRow {
  id: string;
  planned_at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  site_name: string;
  tour_name: string;
  agent_name: string | null;
  status: RoundStatus;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  late_alerted_at: Date | string | null;
  overdue_alerted_at: Date | string | null;
  missed_points: string | null;
}

/**
 * The period's rounds missed or late, after the keyset `after` (planned_at text, id), with the
 * checkpoints a missed round left unscanned.
 */
export function missedOrLateRoundRows(s: Scope, after: unknown[] | null) {
  return read<RoundRow>(
    s,
    sql`select r.id, r.planned_at, r.planned_at::text as key_at, st.name as site_name, t.name as tour_name, r.agent_name, r.status,
               r.started_at, r.finished_at, r.late_alerted_at, r.overdue_alerted_at,
               case when r.status = 'missed' then (
                 select string_agg(c.name, ', ' order by c.position) from tour_checkpoints c
                  where c.company_id = r.company_id and c.tour_id = r.tour_id
                    and not exists (select 1 from tour_scans x where x.company_id = c.company_id
                                       and x.round_id = r.id and x.checkpoint_id = c.id)) end as missed_points
          from tour_rounds r
          join tours t on t.company_id = r.company_id and t.id = r.tour_id
          join ${siteNamesOf(s.companyId)} st on st.id = r.site_id
         where r.company_id = ${s.companyId} and r.planned_at >= ${s.period.from.toISOString()}::timestamptz
           and r.planned_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`r.site_id`, s.siteId)}
           and (r.status = 'missed' or r.late_alerted_at is not null or r.overdue_alerted_at is not null)
           ${after ? sql`and (r.planned_at, r.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
         order by r.planned_at, r.id limit ${PAGE_ROWS}`,
  );
}
