import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const fieldClass =
  'rounded-lg border border-ink-600 bg-ink-950/60 px-3 text-sm text-fg placeholder:text-slate-500 transition-colors focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/40 disabled:opacity-60 aria-[invalid=true]:border-red-400';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-10 w-full', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-24 w-full py-2', className)} {...props} />;
}
