// Guard tours: the SQL of the weekly completion rate, the rounds of a week counted per site.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { siteNamesOf } from '../sites/sites.sql';

/**
 * Per site with tours (or the one site asked for), in name order: the rounds planned in
 * `[from, to)`, those done and those missed.
 */
export async function roundsPerSite(
  tx: Tx,
  companyId: string,
  week: { from: Date; to: Date },
  siteId?: string | undefined,
) {
  return rowsOf<{ site_id: string; site_name: string; rounds: number; done: number; missed: number }>(
    await tx.execute(sql`select s.id as site_id, s.name as site_name, count(r.id)::int as rounds,
        (count(*) filter (where r.status = 'done'))::int as done,
        (count(*) filter (where r.status = 'missed'))::int as missed
      from ${siteNamesOf(companyId)} s
      join tours t on t.company_id = ${companyId} and t.site_id = s.id
      left join tour_rounds r on r.company_id = t.company_id and r.tour_id = t.id
        and r.planned_at >= ${week.from.toISOString()}::timestamptz and r.planned_at < ${week.to.toISOString()}::timestamptz
      ${siteId ? sql`where s.id = ${siteId}` : sql``}
      group by s.id, s.name order by s.name, s.id`),
  );
}
