import type { Camera } from '@vigie/contract/cameras.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteCamera } from '../api/delete-camera';

export function DeleteCameraButton({ camera, onDeleted }: { camera: Camera; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteCamera();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(camera.id);
      toast.success(t('Caméra supprimée'), {
        description: t('{name} a été supprimée.', { name: camera.name }),
      });
      setOpen(false);
      onDeleted();
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de supprimer la caméra')) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger-ghost" className="sm:mr-auto">
          <Trash2 aria-hidden="true" />
          {t('Supprimer')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('Supprimer cette caméra ?')}
        description={t('{name} ({site}) ne sera plus surveillée. Cette action est définitive.', {
          name: camera.name,
          site: camera.siteName,
        })}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('Annuler')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? t('Suppression...') : t('Supprimer')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
