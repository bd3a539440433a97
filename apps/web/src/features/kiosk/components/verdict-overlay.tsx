import { CircleCheck, CircleX, LoaderCircle, ShieldAlert, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n/i18n';
import type { Pending, Verdict } from '../use-kiosk-checks';
import { KioskNotice } from './kiosk-frame';

type Tone = 'granted' | 'refused' | 'waiting';

const backgrounds: Record<Tone, string> = {
  granted: 'bg-green-700',
  refused: 'bg-red-700',
  waiting: 'bg-ink-950',
};

/** Full screen, readable from a few metres: the whole screen's colour says it before the words. */
function Overlay({
  tone,
  icon,
  title,
  children,
}: {
  tone: Tone;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      data-testid="kiosk-verdict"
      data-tone={tone}
      className={`fixed inset-0 z-40 flex flex-col text-white ${backgrounds[tone]}`}
    >
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
        {icon}
        <p className="text-5xl font-black tracking-tight sm:text-7xl">{title}</p>
        {children}
      </div>
      {/* The visitor notice stays at the bottom, as on the screen below (read there by assistive technologies). */}
      <div aria-hidden="true" className="bg-black/35">
        <KioskNotice className="text-white" />
      </div>
    </div>
  );
}

const iconClass = 'size-28 sm:size-40';

export function VerdictOverlay({ verdict }: { verdict: Verdict }) {
  if (verdict.kind === 'granted') {
    return (
      <Overlay
        tone="granted"
        title={t('Accès autorisé')}
        icon={<CircleCheck aria-hidden="true" className={iconClass} />}
      >
        <p className="text-3xl font-bold break-words sm:text-5xl" data-testid="kiosk-holder">
          {verdict.holder}
        </p>
      </Overlay>
    );
  }
  if (verdict.kind === 'refused') {
    return (
      <Overlay
        tone="refused"
        title={t('Accès refusé')}
        icon={<CircleX aria-hidden="true" className={iconClass} />}
      >
        <p className="text-3xl font-bold first-letter:uppercase sm:text-5xl" data-testid="kiosk-reason">
          {verdict.reason}
        </p>
      </Overlay>
    );
  }
  return (
    <Overlay
      tone="refused"
      title={t('Badge non vérifié')}
      icon={<ShieldAlert aria-hidden="true" className={iconClass} />}
    >
      <p className="max-w-2xl text-2xl font-semibold sm:text-3xl">
        {t(
          "Serveur injoignable : la porte reste fermée. Présentez de nouveau votre badge dans un instant ou adressez-vous à l'accueil.",
        )}
      </p>
    </Overlay>
  );
}

/** The server could not be reached for this read: retrying, and the door stays shut meanwhile. */
export function OfflineOverlay({ pending }: { pending: Pending }) {
  return (
    <Overlay
      tone="waiting"
      title={t('Hors ligne — nouvel essai…')}
      icon={<WifiOff aria-hidden="true" className={`${iconClass} text-amber-300`} />}
    >
      <p className="max-w-2xl text-2xl font-semibold text-slate-100 sm:text-3xl">
        {t('Votre badge sera vérifié dès le retour du réseau. Patientez devant la borne.')}
      </p>
      <p className="flex items-center gap-3 text-xl text-slate-200" data-failures={pending.failures}>
        <LoaderCircle aria-hidden="true" className="size-7 animate-spin" />
        {t('Tentative {number}', { number: pending.failures + 1 })}
      </p>
    </Overlay>
  );
}
