import type { DashboardAlert } from '@vigie/contract/dashboard.contract';

/** critique red, important orange, moyen yellow, faible blue, otherwise grey. */
export const severityClasses: Record<string, string> = {
  critique: 'border-red-500/50 bg-red-600 text-white',
  important: 'border-orange-500/50 bg-orange-500/15 text-orange-200',
  moyen: 'border-yellow-500/50 bg-yellow-500/15 text-yellow-200',
  faible: 'border-blue-500/50 bg-blue-500/15 text-blue-200',
};
export const otherSeverityClass = 'border-ink-600 bg-ink-700/60 text-slate-300';

export const severityLabels: Record<DashboardAlert['severity'], string> = {
  critique: 'Critique',
  important: 'Important',
  moyen: 'Moyen',
  faible: 'Faible',
};
