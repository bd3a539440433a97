import { exportPayroll } from '@vigie/contract/planning.contract';
import { fetchFile, saveBlob } from '../../../lib/download';

/** The month's payroll workbook (XLSX, administrators only), saved as paie-YYYY-MM.xlsx. */
export async function downloadPayrollExport(month: string) {
  const blob = await fetchFile(
    `${exportPayroll.path}?month=${encodeURIComponent(month)}`,
    "Impossible d'exporter la paie",
  );
  saveBlob(blob, `paie-${month}.xlsx`);
}
