import { type LogbookEntry, logbookCategoryLabels } from '@vigie/contract/logbook.contract';
import { Bot, CloudUpload } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useEntryPhoto } from '../api/get-entry-photo';
import type { OutboxItem } from '../outbox/outbox-types';

function Photo({ photoId, index }: { photoId: string; index: number }) {
  const { data } = useEntryPhoto(photoId);
  if (!data) return <span aria-hidden="true" className="size-14 rounded-lg bg-ink-700" />;
  return (
    <img
      src={data}
      alt={t("Pièce jointe {number} de l'entrée", { number: index + 1 })}
      className="size-14 rounded-lg object-cover"
    />
  );
}

type Pending = Extract<OutboxItem, { kind: 'logbook' }>;

/** The writes still on the phone (newest first), then the site's register as the server has it. */
export function EntryList({ entries, pending }: { entries: LogbookEntry[]; pending: Pending[] }) {
  if (entries.length === 0 && pending.length === 0) {
    return <p className="text-base text-slate-300">{t('Aucune entrée pour ce site.')}</p>;
  }
  return (
    <ol className="flex flex-col gap-3" aria-label={t('Dernières entrées du site')}>
      {[...pending].reverse().map((item) => (
        <li
          key={item.clientRef}
          data-testid="agent-entry-pending"
          className="flex flex-col gap-1.5 rounded-xl border-2 border-dashed border-amber-400/70 bg-amber-500/10 p-3"
        >
          <p className="flex flex-wrap items-center gap-2 text-sm text-amber-50">
            <CloudUpload aria-hidden="true" className="size-4" />
            <span className="font-bold">{t("En attente d'envoi")}</span>
            <span>{formatDateTime(item.payload.occurredAt)}</span>
            <span>
              {t(logbookCategoryLabels[item.payload.category as keyof typeof logbookCategoryLabels])}
            </span>
          </p>
          <p className="text-base break-words whitespace-pre-wrap text-white">{item.payload.text}</p>
          {item.payload.photos.length > 0 ? (
            <div className="flex gap-2">
              {item.payload.photos.map((p, i) => (
                <img
                  key={p.slice(-40)}
                  src={p}
                  alt={t('Pièce jointe {number} en attente', { number: i + 1 })}
                  className="size-14 rounded-lg object-cover"
                />
              ))}
            </div>
          ) : null}
        </li>
      ))}
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-testid="agent-entry"
          className={cn(
            'flex flex-col gap-1.5 rounded-xl border p-3',
            entry.source === 'system'
              ? 'border-dashed border-ink-600 bg-ink-900'
              : 'border-ink-600 bg-ink-850',
          )}
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-200">
            <span className="font-mono font-bold text-white">
              {t('n° {number}', { number: entry.number })}
            </span>
            <span>{formatDateTime(entry.occurredAt)}</span>
            <span className="rounded-full bg-ink-700 px-2 py-0.5 font-semibold text-slate-100">
              {t(logbookCategoryLabels[entry.category])}
            </span>
            {entry.source === 'system' ? (
              <span className="inline-flex items-center gap-1">
                <Bot aria-hidden="true" className="size-4" /> {t('Système')}
              </span>
            ) : (
              <span>{entry.author.name}</span>
            )}
          </p>
          <p className="text-base break-words whitespace-pre-wrap text-white">{entry.text}</p>
          {entry.photos.length > 0 ? (
            <div className="flex gap-2">
              {entry.photos.map((p, i) => (
                <Photo key={p.id} photoId={p.id} index={i} />
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
