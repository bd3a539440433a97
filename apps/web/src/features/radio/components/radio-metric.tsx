import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/utils';

type RadioMetricProps = {
  icon: LucideIcon;
  label: string;
  /** Percent; null before the handset's first report. */
  value: number | null;
  /** Battery green above 50 % (else red), signal green above 70 % (else orange). */
  goodAbove: number;
  lowClass: string;
  testId: string;
};

/** A percentage reported by the handset, coloured by the spec's threshold. */
export function RadioMetric({ icon: Icon, label, value, goodAbove, lowClass, testId }: RadioMetricProps) {
  const good = value !== null && value > goodAbove;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-ink-700 bg-ink-900/60 px-3 py-2">
      <span className="flex items-center gap-1.5 text-xs text-fg-muted">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </span>
      <span
        data-testid={testId}
        data-level={value === null ? 'unknown' : good ? 'good' : 'low'}
        className={cn(
          'text-base font-semibold',
          value === null ? 'text-fg-muted' : good ? 'text-emerald-300' : lowClass,
        )}
      >
        {value === null ? '—' : `${value} %`}
      </span>
    </div>
  );
}
