import { PTT_MAX_TRANSMISSION_MS } from '@vigie/contract/radio-traffic.contract';
import { cn } from '../../../lib/utils';
import { formatClock } from '../components/radio-format';
import type { PttSnapshot } from './ptt-snapshot';

function statusText(snapshot: PttSnapshot, elapsedMs: number): string {
  switch (snapshot.talk) {
    case 'preparing':
      return 'Préparation du micro…';
    case 'waiting':
      return 'Demande de la parole…';
    case 'talking':
      return `Vous parlez… ${formatClock(elapsedMs)} / ${formatClock(PTT_MAX_TRANSMISSION_MS)}`;
    case 'ending':
      return 'Fin de la transmission…';
    case 'idle':
      break;
  }
  if (snapshot.speaker) return `${snapshot.speaker} parle…`;
  if (snapshot.connection === 'connecting') return 'Connexion au canal…';
  if (snapshot.connection === 'on') return "À l'écoute du canal";
  return 'Canal non écouté';
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
