import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const variants = {
  primary: 'bg-accent text-white shadow-sm shadow-blue-950/50 hover:bg-accent-hover',
  secondary: 'bg-ink-700 text-fg hover:bg-ink-600',
  outline: 'border border-ink-600 bg-transparent text-fg hover:bg-ink-800',
  ghost: 'bg-transparent text-fg hover:bg-ink-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  'danger-ghost': 'bg-transparent text-red-300 hover:bg-red-500/10 hover:text-red-200',
  light: 'bg-white text-ink-900 hover:bg-slate-200',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm gap-1.5 [&_svg]:size-4',
  md: 'h-10 px-4 text-sm gap-2 [&_svg]:size-4',
  lg: 'h-12 px-6 text-base gap-2 [&_svg]:size-4',
  icon: 'size-10 [&_svg]:size-5',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a router Link) with the button's styles. */
  asChild?: boolean;
};

export function Button({
  className,
  variant = 'primary',
  size = 'md',
  asChild,
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-lg font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
