import { Unlink } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';
import { KioskButton, WideLabel } from './kiosk-button';

/** « Dissocier la borne », behind a confirmation: a tap by mistake must not switch the entrance off. */
export function UnpairDialog({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <KioskButton tone="outline">
          <Unlink aria-hidden="true" />
          <WideLabel>{t('Dissocier la borne')}</WideLabel>
        </KioskButton>
      </DialogTrigger>
      <DialogContent
        title={t('Dissocier la borne ?')}
        description={t(
          "La clé de lecteur sera effacée de cette tablette : la borne ne contrôlera plus les badges tant qu'une clé n'aura pas été saisie de nouveau. La clé reste valide ; pour la révoquer, passez par Contrôle d'accès → Points d'accès.",
        )}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <KioskButton tone="outline">{t('Annuler')}</KioskButton>
          </DialogClose>
          <KioskButton
            tone="danger"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            <Unlink aria-hidden="true" />
            {t('Dissocier')}
          </KioskButton>
        </div>
      </DialogContent>
    </Dialog>
  );
}
