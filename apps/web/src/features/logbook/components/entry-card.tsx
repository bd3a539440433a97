import { type LogbookEntry, logbookCategoryLabels } from '@vigie/contract/logbook.contract';
import { Bot, CornerDownRight, PenLine } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useLogbookPhoto } from '../api/get-logbook-photo';

function Photo({ photoId, index }: { photoId: string; index: number }) {
  const { data } = useLogbookPhoto(photoId);
  if (!data) return <span className="size-16 animate-pulse rounded bg-ink-700" aria-hidden="true" />;
  return (
    <a
      href={data}
      target="_blank"
      rel="noreferrer"
      aria-label={t('Voir la photo {index}', { index: index + 1 })}
    >
      <img
        src={data}
        alt={t("Pièce jointe {index} de l'entrée", { index: index + 1 })}
        className="size-16 rounded object-cover"
      />
    </a>
  );
}

/** One entry of the main courante, its corrections under it. */
export function EntryCard({
  entry,
  onCorrect,
}: {
  entry: LogbookEntry;
  onCorrect?: (e: LogbookEntry) => void;
}) {
  const system = entry.source === 'system';
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-3',
        system ? 'border-ink-700 border-dashed bg-ink-900/60' : 'border-ink-600 bg-ink-800/60',
      )}
      data-testid="logbook-entry"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono font-semibold text-white">
          {t('n° {number}', { number: entry.number })}
        </span>
        <time dateTime={entry.occurredAt} className="text-fg-muted">
          {formatDateTime(entry.occurredAt)}
        </time>
        <Badge
          // i18n: not shown (a stored category compared, not a text)
          tone={entry.category === 'incident' ? 'danger' : entry.category === 'relève' ? 'warning' : 'accent'}
        >
          {t(logbookCategoryLabels[entry.category])}
        </Badge>
        {system ? (
          <Badge tone="neutral">
            <Bot className="size-3" aria-hidden="true" /> {t('Système')}
          </Badge>
        ) : (
          <span className="text-fg-muted">{entry.author.name}</span>
        )}
        {entry.correctsId && <Badge tone="warning">{t('Correction')}</Badge>}
        {onCorrect && !system && (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={() => onCorrect(entry)}>
            <PenLine aria-hidden="true" /> {t('Corriger')}
          </Button>
        )}
      </div>
      <p className={cn('whitespace-pre-wrap break-words', system ? 'text-fg-muted italic' : 'text-fg')}>
        {entry.text}
      </p>
      {entry.photos.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {entry.photos.map((p, i) => (
            <Photo key={p.id} photoId={p.id} index={i} />
          ))}
        </div>
      )}
      {entry.corrections.length > 0 && (
        <ul className="flex flex-col gap-1 border-amber-500/40 border-l-2 pl-3" aria-label={t('Corrections')}>
          {entry.corrections.map((c) => (
            <li key={c.id} className="flex gap-2 text-sm">
              <CornerDownRight className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
              <span>
                <span className="font-semibold text-amber-200">
                  {t("Corrigée par l'entrée n° {number}", { number: c.number })}
                </span>{' '}
                <span className="text-fg-muted">
                  ({formatDateTime(c.createdAt)}, {c.author.name})
                </span>{' '}
                : <span className="whitespace-pre-wrap break-words">{c.text}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
