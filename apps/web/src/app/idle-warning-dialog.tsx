import { LogOut, TimerReset } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent } from '../components/ui/dialog';
import { t } from '../lib/i18n/i18n';

type IdleWarningDialogProps = {
  secondsLeft: number | null;
  onStay: () => void;
  onSignOut: () => void;
};

/** One minute before the auto-logout: 'Rester connecté' (or closing the dialog) keeps the session. */
export function IdleWarningDialog({ secondsLeft, onStay, onSignOut }: IdleWarningDialogProps) {
  return (
    <Dialog open={secondsLeft !== null} onOpenChange={(open) => !open && onStay()}>
      {secondsLeft !== null ? (
        <DialogContent
          data-testid="idle-warning"
          title={t('Vous allez être déconnecté dans {seconds} s', { seconds: secondsLeft })}
          description={t(
            'Sans activité de votre part, votre session se ferme automatiquement pour protéger les données de votre société.',
          )}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onSignOut}>
              <LogOut aria-hidden="true" />
              {t('Se déconnecter')}
            </Button>
            <Button onClick={onStay} autoFocus>
              <TimerReset aria-hidden="true" />
              {t('Rester connecté')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
