import { useHealth } from '../../features/health/api/get-health';
import { t } from '../../lib/i18n/i18n';
import { cn } from '../../lib/utils';

/** Honest connectivity badge: reflects the last GET /api/health (polled every 30 s). */
export function OnlineBadge() {
  const { status } = useHealth();
  const state = status === 'success' ? 'online' : status === 'error' ? 'offline' : 'checking';
  const label =
    state === 'online' ? t('En ligne') : state === 'offline' ? t('Hors ligne') : t('Vérification…');
  return (
    <span
      role="status"
      aria-live="polite"
      title={state === 'offline' ? t('Le serveur ne répond pas') : undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-2.5 py-1 text-xs font-semibold',
        state === 'online' && 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
        state === 'offline' && 'border-red-500/60 bg-red-500/15 text-red-200',
        state === 'checking' && 'border-ink-600 bg-ink-800 text-slate-300',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          state === 'online' && 'animate-pulse bg-emerald-400',
          state === 'offline' && 'bg-red-500',
          state === 'checking' && 'bg-slate-400',
        )}
      />
      {label}
    </span>
  );
}
