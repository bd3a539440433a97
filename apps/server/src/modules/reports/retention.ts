// Generated reports are kept 90 days, then removed with their files, in batches that never hold
// the API up; each company's count goes to its audit log (counts, not contents).
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import { purgeReportsBatch } from './reports.repository';

export const REPORT_RETENTION_DAYS = 90;
const BATCH = 500;

export async function purgeReports(db: Database, now = new Date()) {
  const before = new Date(now.getTime() - REPORT_RETENTION_DAYS * 86_400_000);
  const removed = new Map<string, number>();
  for (;;) {
    const rows = await purgeReportsBatch(db, before, BATCH);
    let total = 0;
    for (const r of rows) {
      const n = Number(r.removed);
      total += n;
      removed.set(r.company_id, (removed.get(r.company_id) ?? 0) + n);
    }
    if (total < BATCH) break;
  }
  for (const [companyId, count] of removed) {
    await db.withTenant(companyId, (tx) =>
      recordAudit(tx, {
        companyId,
        actorUserId: null,
        action: 'reports.purged',
        entity: 'report',
        details: { removed: count, retentionDays: REPORT_RETENTION_DAYS },
      }),
    );
  }
  return removed;
}
