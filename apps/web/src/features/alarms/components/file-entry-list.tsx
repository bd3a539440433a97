import type { AlarmFileEntry } from '@vigie/contract/alarm-file.contract';
import { entryText } from '@vigie/contract/alarm-file-text';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useFileSignatureImage } from '../api/alarm-file';

const tones: Partial<Record<AlarmFileEntry['kind'], string>> = {
  decision: 'border-amber-400',
  authorities: 'border-red-400',
  closed: 'border-emerald-400',
  amendment: 'border-violet-400',
  signature: 'border-blue-400',
};

/** The drawn signature, on white as it was drawn (a dark stroke on a transparent ground). */
function SignatureImage({ alarmId, signer }: { alarmId: string; signer: string }) {
  const image = useFileSignatureImage(alarmId, true);
  if (!image.data)
    return image.isError ? (
      <p className="text-sm text-red-200">{t('Image de la signature indisponible')}</p>
    ) : null;
  return (
    <img
      src={image.data}
      alt={t('Signature de {name}', { name: signer })}
      className="mt-1 h-20 w-full max-w-64 rounded-md border border-ink-600 bg-white object-contain p-1"
    />
  );
}

/** The file as a numbered timeline, oldest first (a register is read in its order). */
export function FileEntryList({
  alarmId,
  entries,
  timezone,
}: {
  alarmId: string;
  entries: AlarmFileEntry[];
  timezone?: string;
}) {
  if (entries.length === 0)
    return <p className="text-sm text-fg-muted">{t('Aucune entrée pour le moment.')}</p>;
  const numbers = new Map(entries.map((e) => [e.id, e.number]));
  const when = (iso: string) => {
    const d = new Date(iso);
    return `${formatDateTime(d, timezone)}:${String(d.getUTCSeconds()).padStart(2, '0')}`;
  };
  return (
    <ol className="flex flex-col gap-2" aria-label={t('Entrées du dossier')}>
      {entries.map((e) => {
        const { title, lines } = entryText(e, when, (id) => numbers.get(id), t);
        return (
          <li
            key={e.id}
            data-kind={e.kind}
            className={cn('min-w-0 border-l-2 border-ink-600 py-0.5 pl-3', tones[e.kind])}
          >
            <p className="text-xs text-fg-muted">
              {t('N° {number}', { number: e.number })} · {when(e.at)} · {e.actor.name}
            </p>
            <p className="text-sm font-medium text-white">{title}</p>
            {lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines never move
              <p key={i} className="text-sm text-slate-300 [overflow-wrap:anywhere]">
                {line}
              </p>
            ))}
            {e.kind === 'signature' ? <SignatureImage alarmId={alarmId} signer={e.actor.name} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
