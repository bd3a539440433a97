import { ShieldCheck } from 'lucide-react';
import { cn } from '../lib/utils';
import { PRODUCT_NAME } from '../lib/vendor';

/** The product mark and name; `compact` hides the name (icon-only places). */
export function BrandLogo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-gradient-to-br from-blue-500 to-indigo-700 shadow-md shadow-blue-950/60">
        <ShieldCheck aria-hidden="true" className="size-5 text-white" />
      </span>
      {compact ? null : <span className="text-xl font-bold tracking-tight text-white">{PRODUCT_NAME}</span>}
    </span>
  );
}
