import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';

type SelfExclusionDialogProps = {
  /** The server's explanation (409), or null when closed. */
  detail: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The new allowlist would exclude the administrator's own address: confirm before saving. */
export function SelfExclusionDialog({ detail, pending, onCancel, onConfirm }: SelfExclusionDialogProps) {
  return (
    <Dialog open={detail !== null} onOpenChange={(open) => !open && onCancel()}>
      {detail !== null ? (
        <DialogContent title={t('Votre adresse ne sera plus autorisée')} description={detail}>
          <p className="mb-5 flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(
              'Si vous confirmez, vous serez déconnecté et ne pourrez plus vous connecter depuis cette adresse.',
            )}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel}>
              {t('Annuler')}
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending ? t('Enregistrement...') : t('Enregistrer quand même')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
