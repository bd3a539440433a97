import { CircleAlert, CloudUpload, RotateCcw, Trash2 } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n/i18n';
import { agentOutbox, useOutboxState } from '../outbox/agent-outbox';

const waitingLabel = (n: number) =>
  t('{count, plural, one {# en attente d’envoi} other {# en attente d’envoi}}', { count: n });

/**
 * What the phone still holds: the writes waiting for the network (sent by themselves, in order),
 * and those the server refused, with its reason — kept until the agent sends them again or lets
 * them go, never dropped silently.
 */
export function OutboxPanel({ online }: { online: boolean }) {
  const { pending, rejected, sending } = useOutboxState();
  if (pending.length === 0 && rejected.length === 0) return null;
  const box = agentOutbox();
  return (
    <div className="flex flex-col gap-3">
      {pending.length > 0 ? (
        <p
          role="status"
          data-testid="outbox-pending"
          className="flex items-center gap-3 rounded-xl border-2 border-amber-400/70 bg-amber-500/15 px-4 py-3 text-base font-semibold text-amber-50"
        >
          {sending && online ? (
            <Spinner label={t('Envoi en cours…')} />
          ) : (
            <CloudUpload aria-hidden="true" className="size-6 shrink-0 text-amber-300" />
          )}
          <span>
            {waitingLabel(pending.length)}
            <span className="block text-sm font-normal text-amber-100">
              {online
                ? t('Envoi en cours, dans l’ordre où vous les avez faites.')
                : t('Gardées sur le téléphone : elles partiront seules au retour du réseau.')}
            </span>
          </span>
        </p>
      ) : null}
      {rejected.length > 0 ? (
        <section
          aria-labelledby="outbox-rejected-title"
          data-testid="outbox-rejected"
          className="flex flex-col gap-3 rounded-xl border-2 border-red-500/70 bg-red-500/10 p-4"
        >
          <h2 id="outbox-rejected-title" className="flex items-center gap-2 text-lg font-bold text-red-100">
            <CircleAlert aria-hidden="true" className="size-6 text-red-300" />
            {t('Non envoyés ({count})', { count: rejected.length })}
          </h2>
          <ul className="flex flex-col gap-3">
            {rejected.map((item) => (
              <li key={item.seq} className="flex flex-col gap-2 rounded-lg bg-ink-900/70 p-3">
                <p className="font-semibold break-words text-white">{item.label}</p>
                <p className="text-sm text-red-100">
                  {t('Refusé par le serveur : {reason}', { reason: item.reason })}
                </p>
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => void box.retry(item.seq)}
                    className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-white px-3 font-bold text-ink-950"
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    {t('Renvoyer')}
                  </button>
                  <button
                    type="button"
                    onClick={() => void box.discard(item.seq)}
                    className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border-2 border-slate-400/70 px-3 font-bold text-white"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('Retirer')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
