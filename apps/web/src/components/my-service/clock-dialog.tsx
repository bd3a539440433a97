import { CircleAlert, LocateFixed, MapPin } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-errors';
import { LocationError, locateOnce } from '../../lib/geolocation';
import { msg, t } from '../../lib/i18n/i18n';
import { useClockIn, useClockOut } from '../../lib/my-service-api';
import { Dialog, DialogContent } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { BigButton } from './big-button';
import { LocationHelp } from './location-help';

export type ClockAction = 'in' | 'out';

type Step =
  | { kind: 'explain' }
  | { kind: 'locating' }
  | { kind: 'sending' }
  | { kind: 'error'; message: string; denied: boolean };

const texts = {
  in: { title: msg('Prendre mon service'), success: msg('Service commencé') },
  out: { title: msg('Terminer mon service'), success: msg('Service terminé') },
} as const;

type ClockDialogProps = {
  action: ClockAction;
  shift: { id: string; siteName: string; startTime: string; endTime: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Explains why the position is needed before the browser asks for it, takes it once, sends it,
 * and shows the server's refusal as it is (too early, too far from the site, …).
 */
export function ClockDialog({ action, shift, open, onOpenChange }: ClockDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'explain' });
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  // Closing the dialog while the phone is still locating abandons the attempt: nothing is sent.
  const attempt = useRef(0);

  const close = (next: boolean) => {
    if (!next) {
      attempt.current += 1;
      setStep({ kind: 'explain' });
    }
    onOpenChange(next);
  };

  const run = async () => {
    const id = ++attempt.current;
    setStep({ kind: 'locating' });
    try {
      const position = await locateOnce();
      if (id !== attempt.current) return;
      setStep({ kind: 'sending' });
      const mutation = action === 'in' ? clockIn : clockOut;
      await mutation.mutateAsync({ shiftId: shift.id, position });
      toast.success(t(texts[action].success), { description: shift.siteName });
      if (id === attempt.current) close(false);
    } catch (error) {
      if (id !== attempt.current) return;
      if (error instanceof LocationError) {
        setStep({ kind: 'error', message: t(error.message), denied: error.reason === 'denied' });
      } else {
        setStep({ kind: 'error', message: errorMessage(error, t('Le pointage a échoué')), denied: false });
      }
    }
  };

  const busy = step.kind === 'locating' || step.kind === 'sending';
  const busyText =
    step.kind === 'locating' ? t('Recherche de votre position…') : t('Vérification du pointage…');

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={t(texts[action].title)}
        description={`${shift.siteName} · ${shift.startTime} – ${shift.endTime}`}
      >
        <div className="flex flex-col gap-5" data-testid="clock-dialog">
          {step.kind === 'explain' ? (
            <div className="flex gap-3 rounded-lg border border-blue-400/40 bg-blue-500/10 p-4 text-base text-white">
              <MapPin aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-blue-300" />
              <div className="flex flex-col gap-2">
                <p className="font-medium">
                  {t(
                    'Votre position est vérifiée une seule fois, au moment du pointage, pour confirmer que vous êtes sur le site.',
                  )}
                </p>
                <p className="text-sm text-slate-200">
                  {t(
                    "Elle n'est pas suivie en dehors du pointage. Votre navigateur va vous demander l'autorisation : choisissez « Autoriser ».",
                  )}
                </p>
              </div>
            </div>
          ) : null}

          {busy ? (
            <div className="flex items-center gap-3 py-4 text-base text-white">
              <Spinner label={busyText} />
              <span aria-hidden="true">{busyText}</span>
            </div>
          ) : null}

          {step.kind === 'error' ? (
            <div className="flex flex-col gap-4">
              <div
                role="alert"
                className="flex gap-3 rounded-lg border border-red-400/60 bg-red-500/15 p-4 text-base font-medium text-red-100"
                data-testid="clock-error"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-300" />
                <p>{step.message}</p>
              </div>
              {step.denied ? <LocationHelp /> : null}
            </div>
          ) : null}

          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <BigButton disabled={busy} onClick={run} className="sm:flex-1">
              <LocateFixed aria-hidden="true" />
              {step.kind === 'error' ? t('Réessayer') : t('Continuer')}
            </BigButton>
            <BigButton tone="outline" onClick={() => close(false)} className="sm:flex-1">
              {step.kind === 'error' ? t('Fermer') : t('Annuler')}
            </BigButton>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
