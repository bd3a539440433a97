import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  downloadSecurityReport,
  type ExportFormat,
  exportSecurityReportExcel,
  exportSecurityReportPdf,
  exportSecurityReportWord,
} from '@vigie/contract/security-reports.contract';
import { apiCall } from '../../../lib/api-client';
import { fetchFile, saveBlob } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';
import { securityReportsKey } from './keys';

const endpoints = {
  pdf: exportSecurityReportPdf,
  word: exportSecurityReportWord,
  excel: exportSecurityReportExcel,
} as const;
export const extensions: Record<ExportFormat, string> = { pdf: 'pdf', word: 'docx', excel: 'xlsx' };
export const formatLabels: Record<ExportFormat, string> = { pdf: 'PDF', word: 'Word', excel: 'Excel' };

const fileName = (number: string, format: ExportFormat) => `rapport-securite-${number}.${extensions[format]}`;

/** The server builds the file and answers its message and address; the browser then saves it. */
export async function exportReport(input: { id: string; number: string; format: ExportFormat }) {
  const answer = await apiCall(endpoints[input.format], { params: { id: input.id } });
  const blob = await fetchFile(answer.url, t("Impossible d'exporter le rapport"));
  saveBlob(blob, fileName(input.number, input.format));
  return answer;
}

export function useExportSecurityReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityReportsKey }),
  });
}

/** The last export again, as it was built. */
export async function downloadLastExport(input: { id: string; number: string; format: ExportFormat }) {
  const url = downloadSecurityReport.path.replace(':id', encodeURIComponent(input.id));
  const blob = await fetchFile(url, t('Impossible de télécharger le rapport'));
  saveBlob(blob, fileName(input.number, input.format));
}
