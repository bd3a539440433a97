import type { Shift } from '@vigie/contract/planning.contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCancelShift } from '../api/cancel-shift';
import { useDeleteShift } from '../api/delete-shift';
import { formatDay } from './planning-dates';
import { timeRange } from './shift-badges';

type CancelShiftDialogProps = { shift: Shift; onOpenChange: (open: boolean) => void };

/** Cancels a programmed shift (kept, with its reason); one created by mistake may be deleted. */
export function CancelShiftDialog({ shift, onOpenChange }: CancelShiftDialogProps) {
  const cancel = useCancelShift();
  const remove = useDeleteShift();
  const [reason, setReason] = useState('');
  const busy = cancel.isPending || remove.isPending;
  const what = `${shift.agentName} — ${shift.siteName}, ${formatDay(shift.date)} ${timeRange(shift)}`;

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync({ id: shift.id, reason: reason.trim() || undefined });
      toast.success(t('Garde annulée'), { description: what });
      onOpenChange(false);
    } catch (error) {
      toast.error(t("Impossible d'annuler la garde"), { description: errorMessage(error) });
    }
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(shift.id);
      toast.success(t('Garde supprimée'), { description: what });
      onOpenChange(false);
    } catch (error) {
      toast.error(t('Impossible de supprimer la garde'), { description: errorMessage(error) });
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={t('Annuler cette garde ?')} description={what}>
        <div className="flex flex-col gap-4">
          <FormField id="cancel-reason" label={t('Motif')} hint={t('Facultatif, 500 caractères au plus')}>
            <Textarea
              id="cancel-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <p className="text-xs text-fg-muted">
            {t(
              'Une garde annulée reste visible dans le planning. Créée par erreur ? Supprimez-la : elle disparaît du planning et de la paie.',
            )}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('Retour')}
            </Button>
            {shift.clockInAt === null ? (
              <Button variant="danger-ghost" onClick={confirmDelete} disabled={busy}>
                {remove.isPending ? t('Suppression...') : t('Supprimer')}
              </Button>
            ) : null}
            <Button variant="danger" onClick={confirmCancel} disabled={busy}>
              {cancel.isPending ? t('Annulation...') : t('Annuler la garde')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
