import { type NewDeviceKey, OneTimeKey } from '../../../components/device-keys/one-time-key';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';

type CreatedKeyDialogProps = { created: NewDeviceKey | null; onClose: () => void };

/** The only time the key is visible: only its hash is stored on the server. */
export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      {created ? (
        <DialogContent
          title={t("Clé d'intégration créée")}
          description={t('Clé « {name} »', { name: created.name })}
        >
          <div className="flex flex-col gap-4">
            <OneTimeKey
              value={created.key}
              id="created-integration-key"
              label={t("Clé d'intégration")}
              copiedDescription={t('Collez-la dans la configuration de la centrale.')}
              onDone={onClose}
            />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
