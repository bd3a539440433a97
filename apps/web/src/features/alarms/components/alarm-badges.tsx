import {
  type AlarmSeverity,
  type AlarmStatus,
  alarmSeverityLabels,
  alarmStatusLabels,
} from '@vigie/contract/alarms.contract';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

/** critique red (the only destructive one), important orange, moyen yellow, faible blue. */
export const severityClasses: Record<AlarmSeverity, string> = {
  critical: 'border-red-500/50 bg-red-600 text-white',
  high: 'border-orange-500/50 bg-orange-500/15 text-orange-200',
  medium: 'border-yellow-500/50 bg-yellow-500/15 text-yellow-200',
  low: 'border-blue-500/50 bg-blue-500/15 text-blue-200',
};

/** The coloured stripe beside an alarm in lists. */
export const severityStripe: Record<AlarmSeverity, string> = {
  critical: 'bg-red-500',
  high: 'bg-orange-500',
  medium: 'bg-yellow-400',
  low: 'bg-blue-500',
};

const statusClasses: Record<AlarmStatus, string> = {
  active: 'border-red-500/40 bg-red-500/10 text-red-200',
  acknowledged: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  resolved: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
};

const pill = 'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-medium';

export function SeverityBadge({ severity, className }: { severity: AlarmSeverity; className?: string }) {
  return (
    <span className={cn(pill, severityClasses[severity], className)}>{t(alarmSeverityLabels[severity])}</span>
  );
}

export function StatusBadge({ status, className }: { status: AlarmStatus; className?: string }) {
  return <span className={cn(pill, statusClasses[status], className)}>{t(alarmStatusLabels[status])}</span>;
}

/** '4 min 12 s' from seconds. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}
