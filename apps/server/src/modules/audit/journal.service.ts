// Reading the audit journal (Paramètres · Journal d'audit, administrators): keyset pages newest first,
// filtered on the server (user, action prefix, object, local days of the reader, search without
// accents), and its CSV export, built in a worker thread and itself audited.
import {
  type AuditEntry,
  type exportAuditQuery,
  type listAuditQuery,
  maxExportedAuditEntries,
} from '@vigie/contract/audit.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { dayStart, nextDay } from '../../lib/days';
import type { AuthContext } from '../../plugins/auth';
import { buildInWorker } from '../../plugins/document-worker';
import { decodeCursor } from '../../plugins/pagination';
import { auditErrors } from './audit.errors';
import * as repo from './audit.repository';
import { recordAudit } from './audit.service';
import type { AuditCsvInput } from './export/audit-csv';

type Filters = z.output<typeof exportAuditQuery>;

const requireAdmin = (auth: AuthContext) => {
  if (auth.role !== 'admin') throw auditErrors.adminOnly();
};

/** The query's filters as the repository takes them: the reader's local days become instants. */
const filterOf = (q: Filters, timezone: string): repo.AuditFilter => ({
  userId: q.userId,
  actionPrefix: q.action,
  entity: q.entity,
  search: q.search,
  from: q.from ? dayStart(q.from, timezone) : undefined,
  // `to` is inclusive: up to the start of the next local day.
  to: q.to ? dayStart(nextDay(q.to), timezone) : undefined,
});

export const toEntryDto = (r: repo.JournalRow): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actorUserId: r.actorUserId,
  actorName: r.actorName ?? (r.actorGone ? 'Utilisateur supprimé' : null),
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  details: r.details,
  ip: r.ip,
});

export async function listJournal(db: Database, auth: AuthContext, q: z.output<typeof listAuditQuery>) {
  requireAdmin(auth);
  const before = decodeCursor(q.cursor, ['timestamp', 'number']) as [string, number] | undefined;
  return repo.listJournalPage(db, auth.companyId, filterOf(q, auth.user.timezone), {
    limit: q.limit,
    before,
  });
}

/** The filters in French, for the export's audit entry. */
function describeFilters(q: Filters) {
  const parts = [
    q.userId ? 'un utilisateur' : null,
    q.action ? `action « ${q.action} »` : null,
    q.entity ? `objet « ${q.entity} »` : null,
    q.search ? `recherche « ${q.search} »` : null,
    q.from ? `du ${q.from.split('-').reverse().join('/')}` : null,
    q.to ? `au ${q.to.split('-').reverse().join('/')}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'toutes les entrées';
}

/** The filtered journal as CSV (UTF-8 with BOM, `;`), at most maxExportedAuditEntries; audited. */
export async function exportJournal(db: Database, auth: AuthContext, q: Filters) {
  requireAdmin(auth);
  const rows = await db.withTenant(auth.companyId, async (tx) => {
    const lines = await repo.journalForExport(
      tx,
      auth.companyId,
      filterOf(q, auth.user.timezone),
      maxExportedAuditEntries,
    );
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'audit.exported',
      entity: 'audit_log',
      entityId: null,
      details: { lines: lines.length, filters: describeFilters(q) },
    });
    return lines;
  });
  const input: AuditCsvInput = {
    timezone: auth.user.timezone,
    rows: rows.map((r) => {
      const dto = toEntryDto(r);
      return { ...dto, at: r.at, actorName: dto.actorName ?? 'Système' };
    }),
  };
  return buildInWorker(
    new URL('./export/audit-csv.ts', import.meta.url).href,
    'buildAuditCsv',
    input,
    'Audit journal export',
  );
}
