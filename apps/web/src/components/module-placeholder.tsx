import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../lib/i18n/i18n';
import { Card } from './ui/card';

type ModulePlaceholderProps = {
  title: string;
  icon: LucideIcon;
  /** One sentence on what the module will do once deployed. */
  description: string;
  /** Renders the title as the page's h1 (module routes) or as an h2 (inside a page, e.g. a tab). */
  headingLevel?: 1 | 2;
  children?: ReactNode;
};

/**
 * Honest empty state for a module that is not deployed yet: no invented figures.
 * A module replaces its route element with the real page when it ships.
 */
export function ModulePlaceholder({
  title,
  icon: Icon,
  description,
  headingLevel = 1,
  children,
}: ModulePlaceholderProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col gap-6">
      {headingLevel === 1 ? (
        <Heading className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</Heading>
      ) : null}
      <Card className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-blue-600/10 blur-3xl"
        />
        <div className="relative flex flex-col items-center gap-5 px-6 py-14 text-center sm:py-20">
          <span className="flex size-16 items-center justify-center rounded-2xl border border-blue-500/30 bg-blue-500/10">
            <Icon aria-hidden="true" className="size-8 text-blue-300" />
          </span>
          <div className="flex max-w-lg flex-col items-center gap-2">
            {headingLevel === 2 ? (
              <Heading className="text-xl font-semibold text-white">{title}</Heading>
            ) : null}
            <p className="inline-flex items-center gap-2 rounded-full border border-amber-500/40 bg-amber-500/10 px-3 py-1 text-sm font-medium text-amber-200">
              <Construction aria-hidden="true" className="size-4" />
              {t('Module en cours de déploiement')}
            </p>
            <p className="mt-2 text-fg-muted">{description}</p>
          </div>
          {children}
        </div>
      </Card>
    </div>
  );
}
