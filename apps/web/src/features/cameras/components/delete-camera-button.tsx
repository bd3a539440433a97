import type { Camera } from '@vigie/contract/cameras.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { useDeleteCamera } from '../api/delete-camera';

export function DeleteCameraButton({ camera, onDeleted }: { camera: Camera; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteCamera();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(camera.id);
      toast.success('Caméra supprimée', { description: `${camera.name} a été supprimée.` });
      setOpen(false);
      onDeleted();
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, 'Impossible de supprimer la caméra') });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger-ghost" className="sm:mr-auto">
          <Trash2 aria-hidden="true" />
          Supprimer
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Supprimer cette caméra ?"
        description={`${camera.name} (${camera.siteName}) ne sera plus surveillée. Cette action est définitive.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Annuler
          </Button>
          <Button variant="danger" onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? 'Suppression...' : 'Supprimer'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
