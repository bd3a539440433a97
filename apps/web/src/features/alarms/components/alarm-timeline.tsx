import {
  type AlarmActionKind,
  type AlarmTimelineEntry,
  alarmActionLabels,
} from '@vigie/contract/alarms.contract';
import { BellRing, CheckCheck, CircleCheck, type LucideIcon, MessageSquare, TrendingUp } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

const icons: Record<AlarmActionKind, { icon: LucideIcon; tone: string }> = {
  created: { icon: BellRing, tone: 'bg-red-500/15 text-red-300' },
  acknowledged: { icon: CheckCheck, tone: 'bg-amber-500/15 text-amber-300' },
  commented: { icon: MessageSquare, tone: 'bg-blue-500/15 text-blue-300' },
  escalated: { icon: TrendingUp, tone: 'bg-orange-500/15 text-orange-300' },
  resolved: { icon: CircleCheck, tone: 'bg-emerald-500/15 text-emerald-300' },
};

/** The alarm's history, oldest first: who did what, when, with their note. */
export function AlarmTimeline({ entries, timezone }: { entries: AlarmTimelineEntry[]; timezone?: string }) {
  if (entries.length === 0) return <p className="text-sm text-fg-muted">{t('Aucun événement.')}</p>;
  return (
    <ol className="flex flex-col" aria-label={t("Historique de l'alarme")}>
      {entries.map((entry, index) => {
        const { icon: Icon, tone } = icons[entry.kind];
        const last = index === entries.length - 1;
        return (
          <li
            key={`${entry.kind}-${entry.at}-${entry.author}-${entry.note ?? ''}`}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {last ? null : (
              <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px bg-ink-700" />
            )}
            <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone)}>
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="flex min-w-0 flex-col gap-0.5 pt-1">
              <p className="text-sm text-white">
                {/* The kind's label, in the user's language (the server's label is the French one). */}
                <span className="font-medium">{t(alarmActionLabels[entry.kind] ?? entry.label)}</span>
                <span className="text-fg-muted"> — {entry.author}</span>
              </p>
              <time dateTime={entry.at} className="text-xs text-fg-muted">
                {formatDateTime(entry.at, timezone)}
              </time>
              {entry.note ? (
                <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-ink-800 px-3 py-2 text-sm text-slate-200">
                  {entry.note}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
