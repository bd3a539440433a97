import { ArrowDown, ArrowUp, type LucideIcon, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

/** A framed section of the « Consignes » tab, as the site's other sections are drawn. */
export function InstructionsSection({
  title,
  icon: Icon,
  hint,
  children,
}: {
  title: string;
  icon: LucideIcon;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-lg border border-ink-700 bg-ink-900/50 p-4">
      <div className="flex flex-col gap-0.5">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-white">
          <Icon aria-hidden="true" className="size-4 text-blue-300" />
          {title}
        </h3>
        {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Names of a row's buttons for screen readers, whole sentences in the user's language. */
export type RowActionLabels = { up: string; down: string; remove: string };

/** Up, down and remove for the row `index` of an ordered list; `labels` name them for screen readers. */
export function RowActions({
  index,
  count,
  labels,
  onMove,
  onRemove,
  canRemove = true,
  className,
}: {
  index: number;
  count: number;
  labels: RowActionLabels;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  canRemove?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex shrink-0 items-center gap-1', className)}>
      <Button
        variant="ghost"
        size="sm"
        className="w-8 px-0"
        aria-label={labels.up}
        title={t('Monter')}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="w-8 px-0"
        aria-label={labels.down}
        title={t('Descendre')}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        variant="danger-ghost"
        size="sm"
        className="w-8 px-0"
        aria-label={labels.remove}
        title={t('Retirer')}
        disabled={!canRemove}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The number of a row in an ordered list. */
export function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-blue-500/15 text-xs font-semibold text-blue-200"
    >
      {rank}
    </span>
  );
}
