import type { User } from '@vigie/contract/auth.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserDialog({ user, disabled }: { user: User; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteUser();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(user.id);
      toast.success(t('Utilisateur supprimé'), {
        description: t("{name} n'a plus accès à la plateforme.", { name: user.name }),
      });
      setOpen(false);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="danger-ghost"
          size="sm"
          disabled={disabled}
          aria-label={t('Supprimer {name}', { name: user.name })}
        >
          <Trash2 aria-hidden="true" />
          {t('Supprimer')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('Supprimer cet utilisateur ?')}
        description={t(
          "{name} ({email}) perdra immédiatement l'accès à la plateforme. Cette action est définitive.",
          { name: user.name, email: user.email },
        )}
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
