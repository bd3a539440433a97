import { type NewDeviceKey, OneTimeKey } from '../../../components/device-keys/one-time-key';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

type CreatedKeyDialogProps = { created: NewDeviceKey | null; onClose: () => void };

/** The only time the key is visible: only its hash is stored on the server. */
export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      {created ? (
        <DialogContent title="Clé d'intégration créée" description={`Clé « ${created.name} »`}>
          <div className="flex flex-col gap-4">
            <OneTimeKey
              value={created.key}
              id="created-integration-key"
              label="Clé d'intégration"
              copiedDescription="Collez-la dans la configuration de la centrale."
              onDone={onClose}
            />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
