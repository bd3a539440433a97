import {
  type ReportPeriod,
  type ReportType,
  reportPeriodLabels,
  reportPeriods,
  reportTypeLabels,
  reportTypes,
} from '@vigie/contract/reports.contract';

export const typeOptions = reportTypes.map((value) => ({ value, label: reportTypeLabels[value] }));
export const formatOptions = [
  { value: 'pdf', label: 'PDF' },
  { value: 'excel', label: 'Excel' },
] as const;

/** The quick selector's types; 'all' is the full security report. */
export const quickTypes = ['all', 'security', 'incidents', 'access', 'cameras'] as const;
export type QuickType = (typeof quickTypes)[number];
export const quickTypeOptions = quickTypes.map((value) => ({
  value,
  label: value === 'all' ? 'Tous les rapports' : reportTypeLabels[value],
}));
export const quickTypeToReport = (t: QuickType): ReportType => (t === 'all' ? 'security' : t);

export const periodOptions = reportPeriods.map((value) => ({ value, label: reportPeriodLabels[value] }));
export type RollingPeriod = Exclude<ReportPeriod, 'custom'>;

export const ALL_SITES = 'all';
export const siteOptionsOf = (sites: { id: string; name: string }[] | undefined) => [
  { value: ALL_SITES, label: 'Tous les sites' },
  ...(sites ?? []).map((s) => ({ value: s.id, label: s.name })),
];
