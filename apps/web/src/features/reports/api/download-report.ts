import type { Report } from '@vigie/contract/reports.contract';
import { fetchFile, saveBlob } from '../../../lib/download';

/** The report's file, fetched with the session's header and saved under a readable name. */
export async function downloadReport(
  report: Pick<Report, 'id' | 'type' | 'format' | 'startDate' | 'endDate'>,
) {
  const blob = await fetchFile(`/api/reports/${report.id}/download`, "Impossible d'exporter le rapport");
  const ext = report.format === 'pdf' ? 'pdf' : 'xlsx';
  saveBlob(blob, `rapport-${report.type}-${report.startDate}-${report.endDate}.${ext}`);
}
