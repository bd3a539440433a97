import { Copy, TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';

type CreatedRadioKeyProps = { created: { name: string; key: string }; onDone: () => void };

/** The new key, shown once, with where the gateway sends its reports. */
export function CreatedRadioKey({ created, onDone }: CreatedRadioKeyProps) {
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('Clé copiée', { description: 'Collez-la dans la configuration de la passerelle.' });
    } catch {
      // No clipboard access (plain http): select it for a manual copy.
      input.current?.select();
      toast.info('Sélectionnée', { description: 'Copiez la clé avec Ctrl+C.' });
    }
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="created-radio-key-title">
      <h4 id="created-radio-key-title" className="text-sm font-semibold text-white">
        Clé créée pour « {created.name} »
      </h4>
      <p className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copiez cette clé maintenant : elle ne sera plus jamais affichée. En cas de perte, révoquez-la et
        créez-en une nouvelle.
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="created-radio-key">Clé de la passerelle</Label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="created-radio-key"
            readOnly
            value={created.key}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-sm text-fg"
            data-testid="created-radio-key"
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copier
          </Button>
        </div>
      </div>
      <p className="text-sm text-fg-muted">
        La passerelle l'envoie dans l'en-tête <span className="font-mono text-fg">X-Api-Key</span> de ses
        appels : <span className="font-mono text-fg">/api/radio/device/status</span>,{' '}
        <span className="font-mono text-fg">/communications</span> et{' '}
        <span className="font-mono text-fg">/sos</span>.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>J'ai copié la clé</Button>
      </div>
    </section>
  );
}
