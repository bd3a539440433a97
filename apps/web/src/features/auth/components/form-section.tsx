import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function FormSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <fieldset className="rounded-xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6">
      <legend className="flex items-center gap-2 px-2 text-base font-semibold text-white">
        <Icon aria-hidden="true" className="size-5 text-blue-300" />
        {title}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
