// Report rows as the API answers them.
import { type Report, reportTypeLabels } from '@vigie/contract/reports.contract';
import { type Language, translate } from '../../lib/languages';
import { frenchDay } from './period';
import type { ReportRow } from './reports.repository';

const sizes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** '842 o', '12,4 Ko', '1,2 Mo'. */
export function frenchSize(bytes: number) {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${sizes.format(bytes / 1024)} Ko`;
  return `${sizes.format(bytes / (1024 * 1024))} Mo`;
}

export const periodText = (startDate: string, endDate: string) =>
  startDate === endDate ? frenchDay(startDate) : `${frenchDay(startDate)} au ${frenchDay(endDate)}`;

export const reportTitle = (type: Report['type'], startDate: string, endDate: string) =>
  `${reportTypeLabels[type]} du ${periodText(startDate, endDate)}`;

export const ALL_SITES = 'Tous les sites';

/** The period as the document writes it: dd/mm/yyyy reads the same in en-GB and es-ES. */
export const localPeriodText = (language: Language, startDate: string, endDate: string) =>
  language === 'fr' || startDate === endDate
    ? periodText(startDate, endDate)
    : translate(language, '{start} au {end}', { start: frenchDay(startDate), end: frenchDay(endDate) });

/** The document's title in its language (French: the title the list shows). */
export const localTitle = (language: Language, type: Report['type'], startDate: string, endDate: string) =>
  language === 'fr'
    ? reportTitle(type, startDate, endDate)
    : translate(language, '{typeLabel} du {period}', {
        typeLabel: reportTypeLabels[type],
        period: localPeriodText(language, startDate, endDate),
      });

/** Who asked, as stored (« Nom (planifié) » for a schedule's), with that word in the language. */
export function localRequester(language: Language, name: string, scheduled: boolean) {
  const suffix = ' (planifié)';
  if (language === 'fr' || !scheduled || !name.endsWith(suffix)) return name;
  return `${name.slice(0, -suffix.length)} (${translate(language, 'planifié')})`;
}

export const toReportDto = (r: ReportRow): Report => ({
  id: r.id,
  title: r.title,
  type: r.type,
  format: r.format,
  period: periodText(r.startDate, r.endDate),
  startDate: r.startDate,
  endDate: r.endDate,
  site: r.siteName ?? ALL_SITES,
  siteId: r.siteId,
  includeGraphs: r.includeGraphs,
  size: r.size === null ? null : frenchSize(r.size),
  sizeBytes: r.size,
  status: r.status,
  failureReason: r.failureReason,
  generatedDate: r.generatedAt ? r.generatedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  requestedBy: r.requestedByName,
});

/** The download's file name: ASCII only, for the Content-Disposition header. */
export function fileNameOf(r: ReportRow) {
  const base = `rapport-${r.type}-${r.startDate}-${r.endDate}`;
  return `${base}.${r.format === 'pdf' ? 'pdf' : 'xlsx'}`;
}
