import type { LogbookEntry } from '@vigie/contract/logbook.contract';
import { BookOpenCheck, Check } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

const ackKey = (userId: string) => `vigie-agent-handover-read:${userId}`;

function readAck(userId: string) {
  try {
    return window.localStorage.getItem(ackKey(userId));
  } catch {
    return null;
  }
}

/** Whether this user has read this relève (kept on the phone: it is the agent's own reminder). */
export function useHandoverRead(userId: string, entryId: string | undefined) {
  const [readId, setReadId] = useState(() => readAck(userId));
  const markRead = () => {
    if (!entryId) return;
    try {
      window.localStorage.setItem(ackKey(userId), entryId);
    } catch {
      // Private mode: remembered for this visit only.
    }
    setReadId(entryId);
  };
  return { read: entryId !== undefined && readId === entryId, markRead };
}

type HandoverCardProps = {
  entry: LogbookEntry;
  read: boolean;
  onRead: () => void;
};

/** The last relève of the site: read first when taking the service, then kept at hand. */
export function HandoverCard({ entry, read, onRead }: HandoverCardProps) {
  return (
    <section
      aria-labelledby="handover-title"
      data-testid="agent-handover"
      data-read={read}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border-2 p-4',
        read ? 'border-ink-600 bg-ink-850' : 'border-amber-400 bg-amber-500/10 shadow-lg shadow-black/30',
      )}
    >
      <h2 id="handover-title" className="flex items-center gap-2 text-xl font-bold text-white">
        <BookOpenCheck aria-hidden="true" className="size-6 text-amber-300" />
        {read ? t('Relève') : t('Relève à lire')}
      </h2>
      <p className="text-sm text-slate-200">
        {t('n° {number}', { number: entry.number })} · {formatDateTime(entry.occurredAt)} ·{' '}
        {entry.author.name}
      </p>
      <p className="text-lg break-words whitespace-pre-wrap text-white">{entry.text}</p>
      {entry.corrections.map((c) => (
        <p key={c.id} className="border-l-2 border-amber-400/60 pl-3 text-base text-amber-50">
          {t('Correction (n° {number}) : {text}', { number: c.number, text: c.text })}
        </p>
      ))}
      {read ? (
        <p className="flex items-center gap-2 text-base font-semibold text-emerald-200">
          <Check aria-hidden="true" className="size-5" /> {t('Relève lue')}
        </p>
      ) : (
        <button
          type="button"
          onClick={onRead}
          className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-amber-400 px-5 text-lg font-bold text-ink-950 hover:bg-amber-300"
        >
          <Check aria-hidden="true" className="size-6" />
          {t("J'ai lu la relève")}
        </button>
      )}
    </section>
  );
}
