import type { PanelDto } from '@vigie/contract/panels.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { useDeletePanel } from '../api/delete-panel';

/** « Supprimer », asked twice: the panel and its signal journal go (its alarms stay). */
export function DeletePanelButton({ panel, onDeleted }: { panel: PanelDto; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeletePanel();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(panel.id);
      toast.success('Centrale supprimée', { description: `${panel.name} a été supprimée.` });
      setOpen(false);
      onDeleted();
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, 'Impossible de supprimer la centrale') });
    }
  };

  return (
    <>
      <Button variant="danger-ghost" className="sm:mr-auto" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Supprimer
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Supprimer la centrale et son journal ?"
        description={`${panel.name} (${panel.siteName}, compte ${panel.account}) ne sera plus reconnue par le récepteur et son journal des signaux sera effacé. Les alarmes déjà créées restent. Cette action est définitive.`}
        confirmLabel="Supprimer"
        pendingLabel="Suppression..."
        pending={mutation.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
