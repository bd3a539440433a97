// Rapports et analyses: statistics of a period, report requests built by the job queue, the list,
// the download and the deletion (administrators and operators).
import {
  createReportSchedule,
  deleteReport,
  deleteReportSchedule,
  downloadReport,
  generateReport,
  getAlarmTimes,
  getReport,
  getReportStatistics,
  listReportSchedules,
  listReports,
} from '@vigie/contract/reports.contract';
import type { FastifyInstance } from 'fastify';
import { jobQueue } from '../../db/jobs';
import { requestLanguage } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { every } from '../../plugins/periodic';
import { getAlarmTimes as alarmTimes } from './alarm-times.service';
import { REPORT_EMAIL_JOB, reportMailer } from './generation/email';
import { generateReport as runReportJob } from './generation/generate';
import { REPORT_JOB } from './generation/job-kind';
import * as reports from './reports.service';
import { purgeReports } from './retention';
import * as schedules from './schedules.service';
import * as statistics from './statistics.service';

export async function reportsRoutes(app: FastifyInstance) {
  const { worker } = jobQueue(app, {
    pollIntervalMs: app.config.jobsPollIntervalMs,
    retryBaseMs: app.config.jobsRetryBaseMs,
  });
  worker.handle(REPORT_JOB, (job) => runReportJob(app.db, job));
  const mailer = reportMailer(app.config.smtpUrl, app.config.smtpFrom);
  worker.handle(REPORT_EMAIL_JOB, async (job) => {
    await mailer?.send(app.db, job);
  });
  app.addHook('onClose', async () => mailer?.close());

  // Declared before '/api/reports/:id' reads them as ids (Fastify prefers static segments anyway).
  route(app, listReportSchedules, async ({ auth }) => schedules.listSchedules(app.db, auth));
  route(app, createReportSchedule, async ({ auth, body }) => schedules.createSchedule(app.db, auth, body));
  route(app, deleteReportSchedule, async ({ auth, params }) => {
    await schedules.deleteSchedule(app.db, auth, params.id);
    return undefined;
  });

  route(app, getReportStatistics, async ({ auth, query }) => statistics.getStatistics(app.db, auth, query));
  route(app, getAlarmTimes, async ({ auth, query }) => alarmTimes(app.db, auth, query));
  route(app, generateReport, async ({ auth, body, request }) =>
    reports.requestReport(app.db, auth, body, requestLanguage(request)),
  );
  route(app, listReports, async ({ auth, query, request, reply }) => {
    const { rows, total } = await reports.listReports(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.createdAt, r.id]);
  });
  route(app, getReport, async ({ auth, params }) => reports.getReport(app.db, auth, params.id));
  route(app, downloadReport, async ({ auth, params, reply }) => {
    const file = await reports.downloadReport(app.db, auth, params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store');
    return file.data;
  });
  route(app, deleteReport, async ({ auth, params }) => {
    await reports.deleteReport(app.db, auth, params.id);
    return undefined;
  });

  // Generated reports are kept 90 days: the daily pass (and one after start) removes the older ones.
  every(app, 'report retention', app.config.dailyJobsIntervalMs, () => purgeReports(app.db), true);
  // Due schedules are looked for every minute (none when the queue's polling is off, as in tests).
  every(
    app,
    'report schedules',
    app.config.jobsPollIntervalMs > 0 ? 60_000 : 0,
    () => schedules.runDueSchedules(app.db),
    true,
  );
}
