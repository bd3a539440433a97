// GET /api/reports/statistics: the cards and the two charts of the Rapports page, from real data.
// The same figures open every generated report (generation/data.ts calls `computeStatistics`).
import type { ReportStatistics, reportStatisticsQuery } from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { daysOf, type Period, resolvePeriod } from './period';
import { requireManager } from './reports.access';
import { reportsErrors } from './reports.errors';
import * as repo from './statistics.repository';

const oneDecimal = (v: number) => Math.round(v * 10) / 10;
const minutes = (seconds: number | null) => (seconds === null ? null : oneDecimal(seconds / 60));

export async function computeStatistics(
  tx: Tx,
  companyId: string,
  period: Period,
  siteId: string | null,
): Promise<ReportStatistics> {
  const [t, alarmRows, refusalRows] = [
    await repo.totals(tx, companyId, period, siteId),
    await repo.alarmsPerDay(tx, companyId, period, siteId),
    await repo.refusalsPerDay(tx, companyId, period, siteId),
  ];
  const days = daysOf(period);
  const perDay = new Map(
    days.map((day) => [day, { day, low: 0, medium: 0, high: 0, critical: 0, answered: 0, responseS: 0 }]),
  );
  for (const r of alarmRows) {
    const d = perDay.get(r.day);
    if (!d) continue;
    d[r.severity] += r.n;
    d.answered += r.answered;
    d.responseS += r.response_s ?? 0;
  }
  const refusals = new Map(refusalRows.map((r) => [r.day, r.n]));
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    totalIncidents: t.total_incidents,
    resolvedIncidents: t.resolved_incidents,
    avgResponseTime: minutes(t.avg_response_s),
    camerasUptime: t.probes > 0 ? oneDecimal((t.ok_probes / t.probes) * 100) : null,
    accessAttempts: t.access_attempts,
    unauthorizedAttempts: t.unauthorized_attempts,
    activeSecurity: t.active_security,
    sitesMonitored: t.sites_monitored,
    alarmsPerDay: [...perDay.values()].map(({ day, low, medium, high, critical }) => ({
      day,
      low,
      medium,
      high,
      critical,
    })),
    responsePerDay: [...perDay.values()].map((d) => ({
      day: d.day,
      avgResponseTime: d.answered > 0 ? minutes(d.responseS / d.answered) : null,
      accessRefusals: refusals.get(d.day) ?? 0,
    })),
  };
}

export async function getStatistics(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof reportStatisticsQuery>,
) {
  requireManager(auth);
  const period = resolvePeriod(q, auth.user.timezone);
  return db.withTenant(auth.companyId, async (tx) => {
    if (q.siteId && !(await repo.siteName(tx, auth.companyId, q.siteId))) throw reportsErrors.siteNotFound();
    return computeStatistics(tx, auth.companyId, period, q.siteId ?? null);
  });
}
