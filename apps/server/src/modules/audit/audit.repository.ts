import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntries(tx: Tx, entries: AuditEntry[]) {
  if (entries.length > 0) await tx.insert(auditLog).values(entries);
}
