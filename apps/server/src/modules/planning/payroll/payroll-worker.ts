// The payroll workbook is built in a worker thread (plugins/document-worker.ts): exceljs would block
// the HTTP event loop for seconds on a big month.
import { buildInWorker } from '../../../plugins/document-worker';
import type { PayrollInput } from './payroll-hours.js';

/** Builds the payroll workbook (buildPayrollWorkbook) in a worker thread. Rejects if the thread fails. */
export function generatePayrollInWorker(input: PayrollInput): Promise<Buffer> {
  return buildInWorker(
    new URL('./payroll-workbook.ts', import.meta.url).href,
    'buildPayrollWorkbook',
    input,
    'Payroll export',
  );
}
