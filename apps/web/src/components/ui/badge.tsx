import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const tones = {
  neutral: 'border-ink-600 bg-ink-700/60 text-slate-200',
  accent: 'border-blue-500/40 bg-blue-500/15 text-blue-200',
  success: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-200',
  warning: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
  danger: 'border-red-500/50 bg-red-500/15 text-red-200',
  solid: 'border-transparent bg-accent text-white shadow-md shadow-blue-950/50',
} as const;

export type BadgeProps = ComponentProps<'span'> & { tone?: keyof typeof tones };

export function Badge({ className, tone = 'neutral', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
