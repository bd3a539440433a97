import type { Tour } from '@vigie/contract/guard-tours.contract';
import { FileDown, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
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
      toast.success(`Étiquette de « ${name} » remplacée`, {
        description: "L'ancienne est refusée dès maintenant : imprimez la nouvelle.",
      });
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, "Impossible de remplacer l'étiquette") });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Remplacer une étiquette"
        description="Étiquette perdue, abîmée ou copiée : le point reçoit une nouvelle étiquette et celle qui est imprimée est refusée au prochain scan."
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
                  {replaced.includes(c.id) ? 'Remplacée : à imprimer' : `Étiquette n° ${c.labelVersion}`}
                </p>
              </div>
              {asking === c.id ? (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setAsking(null)}>
                    Annuler
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={regenerate.isPending}
                    onClick={() => void confirm(c.id, c.name)}
                  >
                    {regenerate.isPending ? 'Remplacement…' : 'Confirmer le remplacement'}
                  </Button>
                </div>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Remplacer l'étiquette de « ${c.name} »`}
                  onClick={() => setAsking(c.id)}
                >
                  <RefreshCw /> Remplacer
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Fermer
          </Button>
          <Button disabled={replaced.length === 0} onClick={() => onPrint(tour)}>
            <FileDown /> Imprimer les étiquettes
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
