// Entry point run in a worker thread (plugins/document-worker.ts): one builder per format.
import type { ExportFormat } from '@vigie/contract/security-reports.contract';
import type { DocumentInput } from './document-input';
import { buildReportDocx } from './report-docx';
import { buildReportPdf } from './report-pdf';
import { buildReportXlsx } from './report-xlsx';

export async function buildSecurityReport(job: { format: ExportFormat; input: DocumentInput }) {
  if (job.format === 'pdf') return buildReportPdf(job.input);
  if (job.format === 'word') return buildReportDocx(job.input);
  return buildReportXlsx(job.input);
}
