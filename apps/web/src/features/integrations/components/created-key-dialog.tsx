import { Copy, TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';

type CreatedKeyDialogProps = { created: { name: string; key: string } | null; onClose: () => void };

/** The only time the key is visible: only its hash is stored on the server. */
export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('Clé copiée', { description: 'Collez-la dans la configuration de la centrale.' });
    } catch {
      // No clipboard access (plain http): select it for a manual copy.
      input.current?.select();
      toast.info('Sélectionnée', { description: 'Copiez la clé avec Ctrl+C.' });
    }
  };

  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      {created ? (
        <DialogContent title="Clé d'intégration créée" description={`Clé « ${created.name} »`}>
          <div className="flex flex-col gap-4">
            <p className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Copiez cette clé maintenant : elle ne sera plus jamais affichée. En cas de perte, révoquez-la et
              créez-en une nouvelle.
            </p>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="created-integration-key">Clé d'intégration</Label>
              <div className="flex gap-2">
                <input
                  ref={input}
                  id="created-integration-key"
                  readOnly
                  value={created.key}
                  onFocus={(event) => event.currentTarget.select()}
                  className="h-10 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-sm text-fg"
                  data-testid="created-integration-key"
                />
                <Button variant="secondary" onClick={() => void copy()}>
                  <Copy aria-hidden="true" />
                  Copier
                </Button>
              </div>
            </div>
            <div className="flex justify-end">
              <Button onClick={onClose}>J'ai copié la clé</Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
