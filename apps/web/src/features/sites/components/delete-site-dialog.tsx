import type { Site } from '@vigie/contract/sites.contract';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteSite } from '../api/delete-site';

type DeleteSiteDialogProps = { site: Site; open: boolean; onOpenChange: (open: boolean) => void };

/** Confirmation; the server refuses (409, in French) while cameras are attached to the site. */
export function DeleteSiteDialog({ site, open, onOpenChange }: DeleteSiteDialogProps) {
  const mutation = useDeleteSite();

  const confirm = async () => {
    try {
      await mutation.mutateAsync(site.id);
      toast.success(t('Site supprimé'), { description: t('{name} a été supprimé.', { name: site.name }) });
      onOpenChange(false);
    } catch (error) {
      toast.error(t('Impossible de supprimer le site'), { description: errorMessage(error) });
      onOpenChange(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Supprimer ce site ?')}
        description={t(
          '{name} ({address}) sera définitivement supprimé. Un site auquel des caméras sont rattachées ne peut pas être supprimé.',
          { name: site.name, address: site.address },
        )}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
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
