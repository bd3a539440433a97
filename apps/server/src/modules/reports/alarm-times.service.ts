// GET /api/reports/alarm-times: how long the control room took over the period's alarms — to show
// them, take them in charge, decide, close — overall, per site and per operator (issue 34).
import type { AlarmTimes, reportStatisticsQuery } from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { type AlarmTimesRow, alarmTimes } from './alarm-times.repository';
import { resolvePeriod } from './period';
import { requireManager } from './reports.access';
import { reportsErrors } from './reports.errors';
import { siteName } from './statistics.repository';

const toRow = (r: AlarmTimesRow, label: string) => ({
  label,
  siteId: r.grouping === 'site' ? r.site_id : null,
  alarms: r.alarms,
  receivedToShown: r.to_shown,
  receivedToTaken: r.to_taken,
  takenToDecision: r.taken_to_decision,
  decisionToClosed: r.decision_to_closed,
  receivedToClosed: r.to_closed,
});

export async function getAlarmTimes(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof reportStatisticsQuery>,
): Promise<AlarmTimes> {
  requireManager(auth);
  const period = resolvePeriod(q, auth.user.timezone);
  const rows = await db.withTenant(auth.companyId, async (tx) => {
    if (q.siteId && !(await siteName(tx, auth.companyId, q.siteId))) throw reportsErrors.siteNotFound();
    return alarmTimes(tx, auth.companyId, period, q.siteId ?? null);
  });
  const all = rows.find((r) => r.grouping === 'all');
  const byCount = (a: { alarms: number; label: string }, b: { alarms: number; label: string }) =>
    b.alarms - a.alarms || a.label.localeCompare(b.label, 'fr');
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    overall: all
      ? toRow(all, 'Toutes les alarmes')
      : {
          label: 'Toutes les alarmes',
          siteId: null,
          alarms: 0,
          receivedToShown: null,
          receivedToTaken: null,
          takenToDecision: null,
          decisionToClosed: null,
          receivedToClosed: null,
        },
    bySite: rows
      .filter((r) => r.grouping === 'site')
      .map((r) => toRow(r, r.site_name ?? 'Site supprimé'))
      .sort(byCount),
    byOperator: rows
      .filter((r) => r.grouping === 'operator')
      .map((r) => toRow(r, r.taken_by ?? 'Non prise en charge'))
      .sort(byCount),
  };
}
