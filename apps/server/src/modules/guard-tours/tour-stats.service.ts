// Guard tours: the weekly completion rate of the rounds, per site.
import type { TourStats, tourStatsQuery } from '@vigie/contract/guard-tours.contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthContext } from '../../plugins/auth';
import { companyTimezone } from '../companies/companies.service';
import { iso } from './guard-tours.common';
import { isoWeekOf, isoWeekRange } from './guard-tours.models';

export async function stats(
  db: Database,
  auth: AuthContext,
  q: z.infer<typeof tourStatsQuery>,
  now = new Date(),
): Promise<TourStats> {
  return db.withTenant(auth.companyId, async (tx) => {
    const tz = await companyTimezone(tx, auth.companyId);
    const week = q.week ?? isoWeekOf(now, tz);
    const [from, to] = isoWeekRange(week, tz);
    const rows = rowsOf<{ site_id: string; site_name: string; rounds: number; done: number; missed: number }>(
      await tx.execute(sql`select s.id as site_id, s.name as site_name, count(r.id)::int as rounds,
          (count(*) filter (where r.status = 'done'))::int as done,
          (count(*) filter (where r.status = 'missed'))::int as missed
        from sites s
        join tours t on t.company_id = s.company_id and t.site_id = s.id
        left join tour_rounds r on r.company_id = t.company_id and r.tour_id = t.id
          and r.planned_at >= ${iso(from)}::timestamptz and r.planned_at < ${iso(to)}::timestamptz
        where s.company_id = ${auth.companyId} ${q.siteId ? sql`and s.id = ${q.siteId}` : sql``}
        group by s.id, s.name order by s.name, s.id`),
    );
    return {
      week,
      sites: rows.map((r) => {
        const finished = r.done + r.missed;
        return {
          siteId: r.site_id,
          siteName: r.site_name,
          rounds: r.rounds,
          done: r.done,
          missed: r.missed,
          open: r.rounds - finished,
          completionRate: finished > 0 ? Math.round((r.done / finished) * 1000) / 10 : null,
        };
      }),
    };
  });
}
