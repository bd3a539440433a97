import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type TwoFactorEnableDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Activer': the enrolment in a dialog (mounted on open: a new secret each time). */
export function TwoFactorEnableDialog({ open, onOpenChange }: TwoFactorEnableDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={t('Activer la double authentification')}
        description={t(
          "Un code de votre application d'authentification vous sera demandé à chaque connexion.",
        )}
        // A click beside the dialog must not lose the recovery codes, shown only once.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <TwoFactorEnrolment onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
