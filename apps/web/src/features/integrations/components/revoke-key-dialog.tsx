import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { useRevokeIntegrationKey } from '../api/revoke-integration-key';

export function RevokeKeyDialog({ integrationKey }: { integrationKey: IntegrationKey }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeIntegrationKey();

  const confirm = async () => {
    try {
      await revoke.mutateAsync(integrationKey.id);
      toast.success('Clé révoquée', {
        description: `« ${integrationKey.name} » ne peut plus envoyer d'alarmes.`,
      });
      setOpen(false);
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, 'Impossible de révoquer la clé') });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger-ghost" size="sm" aria-label={`Révoquer ${integrationKey.name}`}>
          <Trash2 aria-hidden="true" />
          Révoquer
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Révoquer cette clé ?"
        description={`Les équipements qui utilisent « ${integrationKey.name} » ne pourront plus envoyer d'alarmes. Cette action est définitive.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Annuler
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={revoke.isPending}>
            {revoke.isPending ? 'Révocation...' : 'Révoquer la clé'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
