// The access log: newest first, filtered on the server (search without accents, status, site, local
// days of the company). Personal data: kept 3 months by default, then purged by the daily job.
import {
  type AccessLog,
  type accessLogRetentionBody,
  type exportAccessLogsQuery,
  type listAccessLogsQuery,
  maxExportedLogs,
} from '@vigie/contract/access.contract';
import type { z } from 'zod';
import { purgeInBatches } from '../../db/batched-purge';
import type { Database } from '../../db/client';
import { dayStart, nextDay } from '../../lib/days';
import type { AuthContext } from '../../plugins/auth';
import { buildInWorker } from '../../plugins/document-worker';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { accessLogRetention, companyTimezone, setAccessLogRetention } from '../companies/companies.service';
import { accessErrors } from './access.errors';
import { requireManager } from './badges.service';
import type { LogsFileInput } from './export/logs-file';
import * as repo from './logs.repository';

export const toLogDto = (r: repo.LogRow): AccessLog => ({
  id: String(r.id),
  personName: r.personName,
  status: r.status,
  timestamp: r.at.toISOString(),
  siteId: r.siteId,
  siteName: r.siteName,
  badgeId: r.badgeNumber,
  department: r.department,
  location: r.pointName,
  accessType: r.accessType,
  reason: r.reason,
});

type LogFilters = Pick<z.output<typeof listAccessLogsQuery>, 'search' | 'status' | 'siteId' | 'from' | 'to'>;

/** The query's filters as the repository takes them: local days of the company become instants. */
const filterOf = (q: LogFilters, timezone: string): repo.LogListFilter => ({
  search: q.search,
  status: q.status,
  siteId: q.siteId,
  from: q.from ? dayStart(q.from, timezone) : undefined,
  // `to` is inclusive: up to the start of the next local day.
  to: q.to ? dayStart(nextDay(q.to), timezone) : undefined,
});

export async function listLogs(db: Database, auth: AuthContext, q: z.output<typeof listAccessLogsQuery>) {
  requireManager(auth);
  const before = decodeCursor(q.cursor, ['timestamp', 'number']) as [string, number] | undefined;
  // The company's timezone turns a period's local days into instants; without a period the list is
  // one statement (the page and its total) in one round trip.
  const timezone =
    q.from || q.to ? await db.withTenant(auth.companyId, (tx) => companyTimezone(tx, auth.companyId)) : 'UTC';
  const { rows, total } = await repo.listLogsPage(db, auth.companyId, filterOf(q, timezone), {
    limit: q.limit,
    before,
  });
  return { rows: rows.map(toLogDto), total };
}

/** The filters in French, for the file's title line. */
function describeFilters(q: LogFilters) {
  const parts = [
    q.search ? `recherche « ${q.search} »` : null,
    q.status ? `décision ${q.status}` : null,
    q.siteId ? 'un site' : null,
    q.from ? `du ${q.from.split('-').reverse().join('/')}` : null,
    q.to ? `au ${q.to.split('-').reverse().join('/')}` : null,
  ].filter(Boolean);
  return parts.length ? `Filtres : ${parts.join(', ')}` : 'Tous les passages conservés';
}

/** The filtered log as CSV or XLSX (built in a worker thread); every export is audited. */
export async function exportLogs(db: Database, auth: AuthContext, q: z.output<typeof exportAccessLogsQuery>) {
  requireManager(auth);
  const rows = await db.withTenant(auth.companyId, async (tx) => {
    const timezone = await companyTimezone(tx, auth.companyId);
    const lines = await repo.logsForExport(tx, auth.companyId, filterOf(q, timezone), maxExportedLogs);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'access_logs.exported',
      entity: 'access_log',
      entityId: null,
      details: { format: q.format, lines: lines.length, filters: describeFilters(q) },
    });
    return lines;
  });
  const input: LogsFileInput = {
    format: q.format,
    companyName: auth.company.name,
    filters: describeFilters(q),
    timezone: auth.user.timezone,
    rows: rows.map((r) => ({
      at: r.at,
      personName: r.personName,
      badgeNumber: r.badgeNumber,
      department: r.department,
      siteName: r.siteName,
      pointName: r.pointName,
      accessType: r.accessType,
      status: r.status,
      reason: r.reason,
    })),
  };
  return buildInWorker(
    new URL('./export/logs-file.ts', import.meta.url).href,
    'buildLogsFile',
    input,
    'Access log export',
  );
}

export async function getRetention(db: Database, auth: AuthContext) {
  requireManager(auth);
  return db.withTenant(auth.companyId, (tx) => accessLogRetention(tx, auth.companyId));
}

/** Administrators only; the change and its reason are audited (the purge follows the new value). */
export async function setRetention(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof accessLogRetentionBody>,
) {
  if (auth.role !== 'admin') throw accessErrors.retentionAdminOnly();
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await accessLogRetention(tx, auth.companyId);
    await setAccessLogRetention(tx, auth.companyId, input.days, input.reason);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'access_logs.retention_changed',
      entity: 'company',
      entityId: auth.companyId,
      details: { from: before.days, to: input.days, reason: input.reason },
    });
    return { days: input.days, reason: input.reason };
  });
}

/** Removes the lines past each company's retention, in batches, and audits the counts. */
export async function purgeAccessLogs(db: Database, now = new Date(), batch = 5_000) {
  return purgeInBatches({
    batch,
    purgeBatch: (n) => repo.purgeExpiredLogs(db, now, n),
    afterCompany: (companyId, removed) =>
      db.withTenant(companyId, (tx) =>
        recordAudit(tx, {
          companyId,
          actorUserId: null,
          action: 'retention.access_logs_purged',
          entity: 'access_log',
          entityId: null,
          details: { removed },
        }),
      ),
  });
}
