import type { SecurityReport } from '@vigie/contract/security-reports.contract';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';

type ConfirmDeleteDialogProps = {
  report: SecurityReport | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Only a draft can be deleted; asked twice. */
export function ConfirmDeleteDialog({ report, pending, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={report !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      {report ? (
        <DialogContent
          title={t('Supprimer le brouillon {number} ?', { number: report.number })}
          description={t('Le brouillon et sa signature seront supprimés définitivement.')}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel}>
              {t('Annuler')}
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending ? t('Suppression...') : t('Supprimer')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
