import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

// The phone screen's own buttons: at least 56 px high, bold, solid colours readable in sunlight.
// Not the design system's Button with overrides: `cn` does not merge conflicting classes.
const tones = {
  start: 'bg-emerald-700 text-white hover:bg-emerald-800',
  end: 'bg-white text-ink-950 hover:bg-slate-200',
  primary: 'bg-accent text-white hover:bg-accent-hover',
  outline: 'border-2 border-slate-400/70 bg-transparent text-white hover:bg-ink-800',
} as const;

const sizes = { lg: 'min-h-14', xl: 'min-h-16' } as const;

type BigButtonProps = ComponentProps<'button'> & { tone?: keyof typeof tones; size?: keyof typeof sizes };

export function BigButton({ tone = 'primary', size = 'lg', className, type, ...props }: BigButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(
        'inline-flex w-full items-center justify-center gap-3 rounded-xl px-5 py-3 text-lg font-bold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-6 [&_svg]:shrink-0',
        tones[tone],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
