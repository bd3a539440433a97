// GET /api/reports/alarm-times: how long the control room took over the period's alarms — to show
// them, take them in charge, decide, close — overall, per site and per operator (issue 34). The
// generated reports read the same groups (generation/alarm-times-table.ts).
import type { AlarmTimes, reportStatisticsQuery } from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { type AlarmTimesRow, alarmTimes } from './alarm-times.repository';
import { type Period, resolvePeriod } from './period';
import { requireManager } from './reports.access';
import { reportsErrors } from './reports.errors';
import { siteName } from './statistics.repository';

export const ALL_ALARMS = 'Toutes les alarmes';

export interface LabelledTimes {
  label: string;
  row: AlarmTimesRow;
}

export interface AlarmTimesGroups {
  /** Null when the period holds no alarm. */
  overall: LabelledTimes | null;
  /** Most alarms first, then by name. */
  bySite: LabelledTimes[];
  byOperator: LabelledTimes[];
}

const byCount = (a: LabelledTimes, b: LabelledTimes) =>
  b.row.alarms - a.row.alarms || a.label.localeCompare(b.label, 'fr');

/** The period's handling times, overall, per site and per operator, labelled in French. */
export async function alarmTimesGroups(
  tx: Tx,
  companyId: string,
  period: Period,
  siteId: string | null,
): Promise<AlarmTimesGroups> {
  const rows = await alarmTimes(tx, companyId, period, siteId);
  // The empty grouping set answers a row of 0 alarms even for an empty period.
  const all = rows.find((r) => r.grouping === 'all' && r.alarms > 0);
  return {
    overall: all ? { label: ALL_ALARMS, row: all } : null,
    bySite: rows
      .filter((r) => r.grouping === 'site')
      .map((row) => ({ label: row.site_name ?? 'Site supprimé', row }))
      .sort(byCount),
    byOperator: rows
      .filter((r) => r.grouping === 'operator')
      .map((row) => ({ label: row.taken_by ?? 'Non prise en charge', row }))
      .sort(byCount),
  };
}

const toRow = ({ label, row: r }: LabelledTimes) => ({
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
  const groups = await db.withTenant(auth.companyId, async (tx) => {
    if (q.siteId && !(await siteName(tx, auth.companyId, q.siteId))) throw reportsErrors.siteNotFound();
    return alarmTimesGroups(tx, auth.companyId, period, q.siteId ?? null);
  });
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    overall: groups.overall
      ? toRow(groups.overall)
      : {
          label: ALL_ALARMS,
          siteId: null,
          alarms: 0,
          receivedToShown: null,
          receivedToTaken: null,
          takenToDecision: null,
          decisionToClosed: null,
          receivedToClosed: null,
        },
    bySite: groups.bySite.map(toRow),
    byOperator: groups.byOperator.map(toRow),
  };
}
