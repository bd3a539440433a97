import { LoaderCircle } from 'lucide-react';
import { t } from '../../lib/i18n/i18n';
import { cn } from '../../lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-fg-muted', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label ?? t('Chargement…')}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-ink-900">
      <Spinner className="[&_svg]:size-8" label={t('Chargement de la session…')} />
    </div>
  );
}
