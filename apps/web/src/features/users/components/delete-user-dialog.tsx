import type { User } from '@vigie/contract/auth.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserDialog({ user, disabled }: { user: User; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteUser();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(user.id);
      toast.success('Utilisateur supprimé', { description: `${user.name} n'a plus accès à la plateforme.` });
      setOpen(false);
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger-ghost" size="sm" disabled={disabled} aria-label={`Supprimer ${user.name}`}>
          <Trash2 aria-hidden="true" />
          Supprimer
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Supprimer cet utilisateur ?"
        description={`${user.name} (${user.email}) perdra immédiatement l'accès à la plateforme. Cette action est définitive.`}
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
