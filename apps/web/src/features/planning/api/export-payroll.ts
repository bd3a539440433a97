import { exportPayroll } from '@vigie/contract/planning.contract';
import { reportUnauthorized } from '../../../lib/api-client';
import { ApiError, detailToMessage } from '../../../lib/api-errors';
import { getToken } from '../../../lib/session';

const EXPORT_ERROR = "Impossible d'exporter la paie";

/** The month's payroll workbook (XLSX), fetched with the bearer header (administrators only). */
export async function fetchPayrollExport(month: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${exportPayroll.path}?month=${encodeURIComponent(month)}`, { headers });
  } catch {
    throw new ApiError(0, null, 'Le serveur est injoignable. Vérifiez votre connexion.');
  }
  if (!response.ok) {
    if (response.status === 401) reportUnauthorized();
    let detail: unknown = null;
    try {
      const payload: unknown = await response.json();
      detail = payload && typeof payload === 'object' && 'detail' in payload ? payload.detail : null;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, detail, detailToMessage(detail) ?? EXPORT_ERROR);
  }
  return response.blob();
}

/** Saves the workbook as paie-YYYY-MM.xlsx through a temporary link. */
export async function downloadPayrollExport(month: string) {
  const blob = await fetchPayrollExport(month);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `paie-${month}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
