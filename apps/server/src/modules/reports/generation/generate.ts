// The queue's handler of a report: 'En cours', then the figures and every table streamed page by
// page into a document thread writing a temporary file, then the file stored and the report
// 'Prêt' — with an event for the open pages and a notification for the requester. A failure is
// retried by the queue; the last attempt marks the report 'Échec' with a French reason.
import { readFile as readTemp, rm } from 'node:fs/promises';
import type { Database } from '../../../db/client';
import { enqueueJobs, FinalJobError, type Job } from '../../../db/jobs';
import { translate } from '../../../lib/languages';
import { publishEvent } from '../../events/events.service';
import { storeFile } from '../../files/files.service';
import { notify } from '../../notifications/notifications.service';
import { companyIdentity } from '../../settings/identity.service';
import { openDocumentThread } from '../document/host';
import type { DocumentHead } from '../document/types';
import { periodOf } from '../period';
import { ALL_SITES, localPeriodText, localRequester, localTitle } from '../reports.models';
import * as repo from '../reports.repository';
import { computeStatistics } from '../statistics.service';
import { REPORT_EMAIL_JOB } from './email';
import { MAX_TABLE_ROWS, tablesOf } from './tables';

export const REPORT_FILE_KIND = 'report';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const contentTypes = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** What the requester reads in the list when the last attempt failed. */
export const FAILURE_REASON =
  'La génération du document a échoué après plusieurs tentatives. Réessayez ou réduisez la période.';

async function setStatus(db: Database, companyId: string, id: string, set: Partial<repo.NewReport>) {
  return db.withTenant(companyId, async (tx) => {
    const row = await repo.updateReport(tx, companyId, id, set);
    if (row) await publishEvent(tx, companyId, 'report.changed', { id, status: row.status });
    return row;
  });
}

/** Builds the report's file into a temporary file; answers its path. */
async function build(db: Database, report: repo.ReportRow) {
  const companyId = report.companyId;
  const period = periodOf(report.startDate, report.endDate, report.timezone);
  const { statistics, identity } = await db.withTenant(companyId, async (tx) => ({
    statistics: await computeStatistics(tx, companyId, period, report.siteId),
    identity: await companyIdentity(tx, companyId),
  }));
  const language = report.language;
  const head: DocumentHead = {
    format: report.format,
    type: report.type,
    title:
      language === 'fr' ? report.title : localTitle(language, report.type, report.startDate, report.endDate),
    periodText: localPeriodText(language, report.startDate, report.endDate),
    siteText: report.siteName ?? translate(language, ALL_SITES),
    timezone: report.timezone,
    language,
    generatedAt: new Date(),
    requestedBy: localRequester(language, report.requestedByName, report.scheduleId !== null),
    includeGraphs: report.includeGraphs,
    company: identity,
    statistics,
  };
  const doc = await openDocumentThread(head);
  try {
    for (const source of await tablesOf(report.type, {
      db,
      companyId,
      period,
      siteId: report.siteId,
      format: report.format,
      language,
    })) {
      await doc.table(source.spec);
      let after: unknown[] | null = null;
      for (let sent = 0; sent < MAX_TABLE_ROWS; ) {
        const page = await source.page(after);
        if (page.rows.length === 0) break;
        await doc.rows(page.rows.slice(0, MAX_TABLE_ROWS - sent));
        sent += page.rows.length;
        after = page.last;
      }
      for (const note of (await source.notes?.()) ?? []) await doc.note(note);
    }
    await doc.end();
    return doc.path;
  } catch (err) {
    await doc.abort();
    await rm(doc.path, { force: true });
    throw err;
  }
}

export async function generateReport(db: Database, job: Job) {
  const reportId = job.payload.reportId;
  if (!job.companyId || typeof reportId !== 'string' || !uuid.test(reportId)) {
    throw new FinalJobError('malformed report job');
  }
  const companyId = job.companyId;
  // A report deleted while it waited is nothing to do.
  const report = await setStatus(db, companyId, reportId, { status: 'En cours', failureReason: null });
  if (!report) return;
  let path: string | undefined;
  try {
    path = await build(db, report);
    const data = await readTemp(path);
    await db.withTenant(companyId, async (tx) => {
      if (!(await repo.findReport(tx, companyId, reportId))) return; // deleted meanwhile
      const fileId = await storeFile(tx, companyId, {
        kind: REPORT_FILE_KIND,
        contentType: contentTypes[report.format],
        data,
      });
      await repo.updateReport(tx, companyId, reportId, {
        status: 'Prêt',
        fileId,
        size: data.length,
        generatedAt: new Date(),
        failureReason: null,
      });
      await publishEvent(tx, companyId, 'report.changed', { id: reportId, status: 'Prêt' });
      // A scheduled report goes to its recipients by e-mail, as a job of its own (retried apart).
      if (report.scheduleId) await enqueueJobs(tx, [{ kind: REPORT_EMAIL_JOB, payload: { reportId } }]);
      if (report.requestedByUserId) {
        await notify(tx, companyId, {
          kind: 'report.ready',
          severity: 'info',
          audience: { userIds: [report.requestedByUserId] },
          title: 'Rapport prêt',
          body: '{title} est prêt à être téléchargé.',
          bodyValues: { title: report.title },
          link: '/dashboard/reports',
        });
      }
    });
  } catch (err) {
    const last = job.attempts >= job.maxAttempts || err instanceof FinalJobError;
    await db.withTenant(companyId, async (tx) => {
      const row = await repo.updateReport(tx, companyId, reportId, {
        status: last ? 'Échec' : 'En attente',
        failureReason: last ? FAILURE_REASON : null,
      });
      if (!row) return;
      await publishEvent(tx, companyId, 'report.changed', { id: reportId, status: row.status });
      if (last && report.requestedByUserId) {
        await notify(tx, companyId, {
          kind: 'report.failed',
          severity: 'warning',
          audience: { userIds: [report.requestedByUserId] },
          title: 'Échec du rapport',
          body: "{title} n'a pas pu être généré.",
          bodyValues: { title: report.title },
          link: '/dashboard/reports',
        });
      }
    });
    throw err;
  } finally {
    if (path) await rm(path, { force: true });
  }
}
