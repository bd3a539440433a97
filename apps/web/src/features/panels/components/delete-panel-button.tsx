import type { PanelDto } from '@vigie/contract/panels.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeletePanel } from '../api/delete-panel';

/** « Supprimer », asked twice: the panel and its signal journal go (its alarms stay). */
export function DeletePanelButton({ panel, onDeleted }: { panel: PanelDto; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeletePanel();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(panel.id);
      toast.success(t('Centrale supprimée'), {
        description: t('{name} a été supprimée.', { name: panel.name }),
      });
      setOpen(false);
      onDeleted();
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t('Impossible de supprimer la centrale')),
      });
    }
  };

  return (
    <>
      <Button variant="danger-ghost" className="sm:mr-auto" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {t('Supprimer')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('Supprimer la centrale et son journal ?')}
        description={t(
          '{name} ({site}, compte {account}) ne sera plus reconnue par le récepteur et son journal des signaux sera effacé. Les alarmes déjà créées restent. Cette action est définitive.',
          { name: panel.name, site: panel.siteName, account: panel.account },
        )}
        confirmLabel={t('Supprimer')}
        pendingLabel={t('Suppression...')}
        pending={mutation.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
