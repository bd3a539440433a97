import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function DetailSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-ink-700 bg-ink-900/50 p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-white">
        <Icon aria-hidden="true" className="size-4 text-blue-300" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A term and its value, in a <dl>. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-fg-muted">{term}</dt>
      <dd className="min-w-0 break-words text-slate-200">{children}</dd>
    </div>
  );
}
