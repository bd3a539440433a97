// Guard tours: the weekly completion rate of the rounds, per site.
import type { TourStats, tourStatsQuery } from '@vigie/contract/guard-tours.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { companyTimezone } from '../companies/companies.service';
import { isoWeekOf, isoWeekRange } from './guard-tours.models';
import { roundsPerSite } from './tour-stats.repository';

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
    const rows = await roundsPerSite(tx, auth.companyId, { from, to }, q.siteId);
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
