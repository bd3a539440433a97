// Scheduled reports: created by administrators and operators with their recipients; the periodic
// runner turns each due schedule into a report (built by the queue like any other), and the file is
// then e-mailed to the recipients (generation/email.ts).
import {
  type createReportScheduleBody,
  type ReportFrequency,
  type ReportSchedule,
  type ReportType,
  reportFrequencyLabels,
  reportTypeLabels,
} from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJobs } from '../../db/jobs';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import { REPORT_JOB } from './generation/job-kind';
import { requireManager } from './reports.access';
import { reportsErrors } from './reports.errors';
import { ALL_SITES, reportTitle } from './reports.models';
import * as reports from './reports.repository';
import { nextRunAt, scheduledPeriod } from './schedule-time';
import * as repo from './schedules.repository';
import { siteName } from './statistics.repository';

const toDto = (r: repo.ScheduleRow): ReportSchedule => ({
  id: r.id,
  type: r.type,
  format: r.format,
  frequency: r.frequency,
  site: r.siteName ?? ALL_SITES,
  siteId: r.siteId,
  includeGraphs: r.includeGraphs,
  recipients: r.recipients,
  language: r.language,
  nextRunAt: r.nextRunAt.toISOString(),
  lastRunAt: r.lastRunAt ? r.lastRunAt.toISOString() : null,
  createdBy: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

export async function listSchedules(db: Database, auth: AuthContext) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) =>
    (await repo.listSchedules(tx, auth.companyId)).map(toDto),
  );
}

/** What the journal's « Objet » shows: « Rapport des alarmes, chaque semaine (le lundi) ». */
const scheduleName = (row: { type: ReportType; frequency: ReportFrequency }) =>
  `${reportTypeLabels[row.type]}, ${reportFrequencyLabels[row.frequency].toLowerCase()}`;

export async function createSchedule(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof createReportScheduleBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const site = body.siteId ? await siteName(tx, auth.companyId, body.siteId) : null;
    if (body.siteId && !site) throw reportsErrors.siteNotFound();
    const row = await repo.insertSchedule(tx, {
      companyId: auth.companyId,
      type: body.type,
      format: body.format,
      frequency: body.frequency,
      siteId: body.siteId,
      siteName: site ?? null,
      includeGraphs: body.includeGraphs,
      recipients: [...new Set(body.recipients)],
      language: body.language,
      nextRunAt: nextRunAt(body.frequency, auth.user.timezone),
      createdByUserId: auth.userId,
      createdByName: auth.user.name,
      timezone: auth.user.timezone,
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'report_schedule.created',
      entity: 'report_schedule',
      entityId: row.id,
      details: {
        name: scheduleName(row),
        type: row.type,
        frequency: row.frequency,
        recipients: row.recipients.length,
      },
    });
    return toDto(row);
  });
}

export async function deleteSchedule(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.deleteScheduleRow(tx, auth.companyId, id);
    if (!row) throw reportsErrors.scheduleNotFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'report_schedule.deleted',
      entity: 'report_schedule',
      entityId: row.id,
      details: { name: scheduleName(row), type: row.type, frequency: row.frequency },
    });
  });
}

/**
 * Turns every schedule due at `now` into a report and moves it to its next run. Each schedule is
 * taken under a row lock that skips one another instance holds, so two instances never both run it.
 */
export async function runDueSchedules(db: Database, now = new Date()) {
  const due = await repo.dueSchedules(db, now, 100);
  let created = 0;
  for (const d of due) {
    await db.withTenant(d.company_id, async (tx) => {
      const locked = await repo.lockDueSchedule(tx, d.company_id, d.id, now);
      const schedule = locked ? await repo.findSchedule(tx, d.company_id, d.id) : undefined;
      if (!schedule) return;
      const period = scheduledPeriod(schedule.frequency, schedule.timezone, now);
      const report = await reports.insertReport(tx, {
        companyId: d.company_id,
        type: schedule.type,
        format: schedule.format,
        title: reportTitle(schedule.type, period.startDate, period.endDate),
        startDate: period.startDate,
        endDate: period.endDate,
        siteId: schedule.siteId,
        siteName: schedule.siteName,
        includeGraphs: schedule.includeGraphs,
        scheduleId: schedule.id,
        requestedByUserId: schedule.createdByUserId,
        requestedByName: `${schedule.createdByName} (planifié)`,
        timezone: schedule.timezone,
        language: schedule.language,
      });
      await repo.updateSchedule(tx, d.company_id, schedule.id, {
        lastRunAt: now,
        nextRunAt: nextRunAt(schedule.frequency, schedule.timezone, now),
      });
      await enqueueJobs(tx, [{ kind: REPORT_JOB, payload: { reportId: report.id }, maxAttempts: 3 }]);
      await publishEvent(tx, d.company_id, 'report.changed', { id: report.id, status: report.status });
      created += 1;
    });
  }
  return created;
}
