import {
  type ReportPeriod,
  type ReportType,
  reportPeriodLabels,
  reportPeriods,
  reportTypeLabels,
  reportTypes,
} from '@vigie/contract/reports.contract';
import { t } from '../../../lib/i18n/i18n';

// Options are built at render (functions), so that their labels follow the current language.
export const typeOptions = () => reportTypes.map((value) => ({ value, label: t(reportTypeLabels[value]) }));
export const formatOptions = [
  { value: 'pdf', label: 'PDF' },
  { value: 'excel', label: 'Excel' },
] as const;

/** The quick selector's types; 'all' is the full security report. */
export const quickTypes = ['all', 'security', 'incidents', 'access', 'cameras'] as const;
export type QuickType = (typeof quickTypes)[number];
export const quickTypeOptions = () =>
  quickTypes.map((value) => ({
    value,
    label: value === 'all' ? t('Tous les rapports') : t(reportTypeLabels[value]),
  }));
export const quickTypeToReport = (type: QuickType): ReportType => (type === 'all' ? 'security' : type);

export const periodOptions = () =>
  reportPeriods.map((value) => ({ value, label: t(reportPeriodLabels[value]) }));
export type RollingPeriod = Exclude<ReportPeriod, 'custom'>;

export const ALL_SITES = 'all';
export const siteOptionsOf = (sites: { id: string; name: string }[] | undefined) => [
  { value: ALL_SITES, label: t('Tous les sites') },
  ...(sites ?? []).map((s) => ({ value: s.id, label: s.name })),
];
