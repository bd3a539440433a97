// Reports: a request becomes a row 'En attente' and a job of the queue, in one transaction; the
// queue's worker builds the file off the request path (generation/generate.ts). Listing, reading,
// downloading and deleting are for administrators and operators of the company.
import type { generateReportBody, listReportsQuery, ReportStatus } from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJobs } from '../../db/jobs';
import type { Language } from '../../lib/languages';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import { deleteFile, readFile } from '../files/files.service';
import { REPORT_JOB } from './generation/job-kind';
import { requireManager } from './reports.access';
import { reportsErrors } from './reports.errors';
import { fileNameOf, reportTitle, toReportDto } from './reports.models';
import * as repo from './reports.repository';
import { siteName } from './statistics.repository';

export async function requestReport(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof generateReportBody>,
  /** The requester's language, the document's. */
  language: Language = 'fr',
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const site = body.siteId ? await siteName(tx, auth.companyId, body.siteId) : null;
    if (body.siteId && !site) throw reportsErrors.siteNotFound();
    const row = await repo.insertReport(tx, {
      companyId: auth.companyId,
      type: body.type,
      format: body.format,
      title: reportTitle(body.type, body.startDate, body.endDate),
      startDate: body.startDate,
      endDate: body.endDate,
      siteId: body.siteId,
      siteName: site ?? null,
      includeGraphs: body.includeGraphs,
      requestedByUserId: auth.userId,
      requestedByName: auth.user.name,
      timezone: auth.user.timezone,
      language,
    });
    await enqueueJobs(tx, [{ kind: REPORT_JOB, payload: { reportId: row.id }, maxAttempts: 3 }]);
    await publishEvent(tx, auth.companyId, 'report.changed', { id: row.id, status: row.status });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'report.requested',
      entity: 'report',
      entityId: row.id,
      details: { type: body.type, format: body.format, startDate: body.startDate, endDate: body.endDate },
    });
    return toReportDto(row);
  });
}

export async function listReports(db: Database, auth: AuthContext, q: z.output<typeof listReportsQuery>) {
  requireManager(auth);
  const before = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const status = q.status as ReportStatus | undefined;
    const rows = await repo.listReportsPage(tx, auth.companyId, { status, limit: q.limit + 1, before });
    const total = await repo.countReports(tx, auth.companyId, status);
    return { rows: rows.map(toReportDto), total };
  });
}

export async function getReport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findReport(tx, auth.companyId, id);
    if (!row) throw reportsErrors.notFound();
    return toReportDto(row);
  });
}

/** The file of a ready report; its download is audited (reports hold personal data). */
export async function downloadReport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findReport(tx, auth.companyId, id);
    if (!row) throw reportsErrors.notFound();
    const file =
      row.status === 'Prêt' && row.fileId ? await readFile(tx, auth.companyId, row.fileId) : undefined;
    if (!file) throw reportsErrors.fileNotReady();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'report.downloaded',
      entity: 'report',
      entityId: row.id,
      details: { type: row.type, format: row.format },
    });
    return { data: file.data, contentType: file.contentType, name: fileNameOf(row) };
  });
}

export async function deleteReport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.deleteReportRow(tx, auth.companyId, id);
    if (!row) throw reportsErrors.notFound();
    if (row.fileId) await deleteFile(tx, auth.companyId, row.fileId);
    await publishEvent(tx, auth.companyId, 'report.changed', { id: row.id, status: null });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'report.deleted',
      entity: 'report',
      entityId: row.id,
      details: { type: row.type, title: row.title },
    });
  });
}
