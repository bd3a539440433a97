import { Check, CircleDashed, CloudUpload } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import type { RoundCheckpoint } from '../scan/label';

type CheckpointRouteProps = {
  checkpoints: RoundCheckpoint[];
  /** Checkpoints scanned on the phone, not yet confirmed by the server. */
  queued: ReadonlySet<string>;
};

/** The round's order (drawn at start for a random tour): what is done, waiting, still to do. */
export function CheckpointRoute({ checkpoints, queued }: CheckpointRouteProps) {
  return (
    <ol className="flex flex-col gap-2" aria-label={t('Parcours de la ronde')}>
      {checkpoints.map((c, i) => {
        const state = c.scan ? 'done' : queued.has(c.checkpointId) ? 'queued' : 'todo';
        return (
          <li
            key={c.checkpointId}
            data-testid="route-checkpoint"
            data-state={state}
            className={cn(
              'flex items-start gap-3 rounded-xl border-2 px-3 py-2.5',
              state === 'done' && 'border-emerald-600 bg-emerald-900/30',
              state === 'queued' && 'border-amber-400/70 bg-amber-500/10',
              state === 'todo' && 'border-ink-600 bg-ink-850',
            )}
          >
            <span className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-ink-700 text-sm font-bold text-white">
              {i + 1}
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-base font-semibold break-words text-white">{c.name}</span>
              {c.instructions ? <span className="text-sm text-slate-300">{c.instructions}</span> : null}
              {c.scan?.anomaly ? (
                <span className="text-sm font-semibold text-amber-200">{t('Anomalie signalée')}</span>
              ) : null}
            </span>
            {state === 'done' ? (
              <Check aria-label={t('Scanné')} className="size-6 shrink-0 text-emerald-300" />
            ) : state === 'queued' ? (
              <CloudUpload aria-label={t("En attente d'envoi")} className="size-6 shrink-0 text-amber-300" />
            ) : (
              <CircleDashed aria-label={t('À scanner')} className="size-6 shrink-0 text-slate-400" />
            )}
          </li>
        );
      })}
    </ol>
  );
}
