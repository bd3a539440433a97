import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/utils';

// The kiosk's own buttons: large touch targets (at least 48 px, 64 px for the main action), bold,
// solid colours. Not the design system's Button with overrides: `cn` does not merge classes.
const tones = {
  primary: 'bg-accent text-white hover:bg-accent-hover',
  outline: 'border-2 border-slate-400/70 bg-transparent text-white hover:bg-ink-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = {
  md: 'min-h-12 min-w-12 px-3 text-base gap-2 [&_svg]:size-5 sm:px-4',
  xl: 'min-h-16 w-full px-5 text-lg gap-3 [&_svg]:size-7 sm:px-6 sm:text-xl',
} as const;

type KioskButtonProps = ComponentProps<'button'> & { tone?: keyof typeof tones; size?: keyof typeof sizes };

export function KioskButton({ tone = 'primary', size = 'md', className, type, ...props }: KioskButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(
        'inline-flex items-center justify-center rounded-xl font-bold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
        tones[tone],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/** A button's text: said by screen readers everywhere, shown from 640 px (the icon alone on a phone). */
export function WideLabel({ children }: { children: ReactNode }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}
