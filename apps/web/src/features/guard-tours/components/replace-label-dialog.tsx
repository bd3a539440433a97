import type { Tour } from '@vigie/contract/guard-tours.contract';
import { FileDown, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useRegenerateLabel } from '../api/regenerate-checkpoint-label';

/**
 * A lost, torn or copied QR label: its checkpoint gets a new one, and the printed one is refused at
 * the next scan. Asked twice (the agents' printed label stops working), then the sheet to print.
 */
export function ReplaceLabelDialog({
  tour,
  open,
  onOpenChange,
  onPrint,
}: {
  tour: Tour;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPrint: (tour: Tour) => void;
}) {
  const regenerate = useRegenerateLabel();
  const [asking, setAsking] = useState<string | null>(null);
  const [replaced, setReplaced] = useState<string[]>([]);
  const qrCheckpoints = tour.checkpoints.filter((c) => c.kind === 'qr');
  const confirm = async (checkpointId: string, name: string) => {
    try {
      await regenerate.mutateAsync({ tourId: tour.id, checkpointId });
      setReplaced((list) => [...list, checkpointId]);
      setAsking(null);
      toast.success(t('Étiquette de « {name} » remplacée', { name }), {
        description: t("L'ancienne est refusée dès maintenant : imprimez la nouvelle."),
      });
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t("Impossible de remplacer l'étiquette")),
      });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Remplacer une étiquette')}
        description={t(
          'Étiquette perdue, abîmée ou copiée : le point reçoit une nouvelle étiquette et celle qui est imprimée est refusée au prochain scan.',
        )}
      >
        <ul className="flex flex-col gap-2">
          {qrCheckpoints.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-600 bg-ink-850 p-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-white">
                  {c.position + 1}. {c.name}
                </p>
                <p className="text-xs text-fg-muted">
                  {replaced.includes(c.id)
                    ? t('Remplacée : à imprimer')
                    : t('Étiquette n° {version}', { version: c.labelVersion })}
                </p>
              </div>
              {asking === c.id ? (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setAsking(null)}>
                    {t('Annuler')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={regenerate.isPending}
                    onClick={() => void confirm(c.id, c.name)}
                  >
                    {regenerate.isPending ? t('Remplacement…') : t('Confirmer le remplacement')}
                  </Button>
                </div>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t("Remplacer l'étiquette de « {name} »", { name: c.name })}
                  onClick={() => setAsking(c.id)}
                >
                  <RefreshCw /> {t('Remplacer')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('Fermer')}
          </Button>
          <Button disabled={replaced.length === 0} onClick={() => onPrint(tour)}>
            <FileDown /> {t('Imprimer les étiquettes')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
