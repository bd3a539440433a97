import { exportAccessLogs } from '@vigie/contract/access.contract';
import { fetchFile, saveBlob } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';
import type { AccessLogFilters } from './get-access-logs';

/** The filtered log as a file (CSV or XLSX), built by the server and audited there. */
export async function downloadAccessLogs(filters: AccessLogFilters, format: 'csv' | 'xlsx') {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
  const blob = await fetchFile(`${exportAccessLogs.path}?${query}`, t("Impossible d'exporter le journal"));
  saveBlob(blob, `journal-acces.${format}`);
}
