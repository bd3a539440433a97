import { exportAudit } from '@vigie/contract/audit.contract';
import { fetchFile, saveBlob } from '../../../lib/download';
import { type AuditFilters, normalizeAuditFilters } from './get-audit';

/** The filtered journal as CSV (UTF-8, semicolons), built by the server. */
export async function downloadAudit(filters: AuditFilters) {
  const query = new URLSearchParams(normalizeAuditFilters(filters));
  const qs = query.toString();
  const blob = await fetchFile(
    qs ? `${exportAudit.path}?${qs}` : exportAudit.path,
    "Impossible d'exporter le journal d'audit",
  );
  const day = new Date().toISOString().slice(0, 10);
  saveBlob(blob, `journal-audit-${day}.csv`);
}
