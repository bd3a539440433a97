import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { useSos } from './api/trigger-sos';
import { takePosition } from './phone-position';

/**
 * The agent's SOS: a big red button, confirmed in a dialog (a pocket must not send one), that
 * raises the same SOS as a radio's: a critical alarm, the nearest agents, the control room told.
 * Sent with the phone's position when it comes within 5 seconds, else without.
 */
export function SosButton() {
  const [open, setOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const sos = useSos();
  const sending = locating || sos.isPending;

  const send = async () => {
    setLocating(true);
    const { position } = await takePosition(5_000);
    setLocating(false);
    sos.mutate(position, { onSuccess: () => setOpen(false) });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="sos">
      <button
        type="button"
        onClick={() => {
          sos.reset();
          setOpen(true);
        }}
        className="min-h-24 w-full rounded-2xl border-4 border-red-300/40 bg-red-600 text-4xl font-black tracking-widest text-white shadow-lg shadow-red-950/60 transition-colors hover:bg-red-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-red-300"
        aria-describedby="sos-help"
      >
        {t('SOS')}
      </button>
      <p id="sos-help" className="text-sm text-slate-300">
        {t('En cas de danger : alerte immédiate du centre de contrôle avec votre position.')}
      </p>
      <div aria-live="assertive">
        {sos.isSuccess ? (
          <p className="flex items-center gap-2 rounded-xl border-2 border-emerald-400/70 bg-emerald-500/15 p-4 text-lg font-bold text-emerald-50">
            <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
            {t('Alerte envoyée — le centre de contrôle est prévenu')}
          </p>
        ) : null}
      </div>
      <Dialog open={open} onOpenChange={(o) => !sending && setOpen(o)}>
        <DialogContent
          title={t('Envoyer un SOS ?')}
          description={t(
            'Le centre de contrôle reçoit une alerte critique avec votre position, et les agents les plus proches sont proposés pour intervenir.',
          )}
        >
          <div className="flex flex-col gap-3">
            {sos.isError ? (
              <p role="alert" className="text-base text-red-200">
                {errorMessage(
                  sos.error,
                  t("L'alerte n'est pas partie : réessayez ou appelez le centre de contrôle"),
                )}
              </p>
            ) : null}
            <Button
              variant="danger"
              size="lg"
              className="min-h-14 text-lg font-bold"
              onClick={() => void send()}
              disabled={sending}
            >
              {locating ? t('Localisation…') : sos.isPending ? t('Envoi…') : t("Envoyer l'alerte")}
            </Button>
            <Button variant="outline" size="lg" onClick={() => setOpen(false)} disabled={sending}>
              {t('Annuler')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
