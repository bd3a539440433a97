import { PTT_MAX_TRANSMISSION_MS } from '@vigie/contract/radio-traffic.contract';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { formatClock } from '../components/radio-format';
import type { PttSnapshot } from './ptt-snapshot';

function statusText(snapshot: PttSnapshot, elapsedMs: number): string {
  switch (snapshot.talk) {
    case 'preparing':
      return t('Préparation du micro…');
    case 'waiting':
      return t('Demande de la parole…');
    case 'talking':
      return t('Vous parlez… {elapsed} / {max}', {
        elapsed: formatClock(elapsedMs),
        max: formatClock(PTT_MAX_TRANSMISSION_MS),
      });
    case 'ending':
      return t('Fin de la transmission…');
    case 'idle':
      break;
  }
  if (snapshot.speaker) return t('{speaker} parle…', { speaker: snapshot.speaker });
  if (snapshot.connection === 'connecting') return t('Connexion au canal…');
  if (snapshot.connection === 'on') return t("À l'écoute du canal");
  return t('Canal non écouté');
}

/** What the channel is doing now, for the eye and for screen readers. */
export function PttStatusLine({ snapshot, elapsedMs }: { snapshot: PttSnapshot; elapsedMs: number }) {
  const talking = snapshot.talk === 'talking';
  const hearing = snapshot.talk === 'idle' && snapshot.speaker !== null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 text-sm font-medium',
        talking ? 'text-red-200' : hearing ? 'text-emerald-200' : 'text-fg-muted',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 shrink-0 rounded-full',
          talking ? 'animate-pulse bg-red-400' : hearing ? 'animate-pulse bg-emerald-400' : 'bg-slate-500',
        )}
      />
      {statusText(snapshot, elapsedMs)}
    </p>
  );
}
