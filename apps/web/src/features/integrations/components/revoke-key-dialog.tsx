import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useRevokeIntegrationKey } from '../api/revoke-integration-key';

export function RevokeKeyDialog({ integrationKey }: { integrationKey: IntegrationKey }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeIntegrationKey();

  const confirm = async () => {
    try {
      await revoke.mutateAsync(integrationKey.id);
      toast.success(t('Clé révoquée'), {
        description: t("« {name} » ne peut plus envoyer d'alarmes.", { name: integrationKey.name }),
      });
      setOpen(false);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de révoquer la clé')) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="danger-ghost"
          size="sm"
          aria-label={t('Révoquer {name}', { name: integrationKey.name })}
        >
          <Trash2 aria-hidden="true" />
          {t('Révoquer')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('Révoquer cette clé ?')}
        description={t(
          "Les équipements qui utilisent « {name} » ne pourront plus envoyer d'alarmes. Cette action est définitive.",
          { name: integrationKey.name },
        )}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('Annuler')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={revoke.isPending}>
            {revoke.isPending ? t('Révocation...') : t('Révoquer la clé')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
