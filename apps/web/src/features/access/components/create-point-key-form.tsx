import type { AccessPoint } from '@vigie/contract/access.contract';
import { Copy, Plus, TriangleAlert } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { useCreatePointKey } from '../api/create-point-key';

/** Names a reader, creates its key and shows it once (only its hash is stored on the server). */
export function CreatePointKeyForm({ point }: { point: AccessPoint }) {
  const create = useCreatePointKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Le nom du lecteur est obligatoire');
      return;
    }
    try {
      const answer = await create.mutateAsync({ pointId: point.id, name: name.trim() });
      setCreated({ name: answer.name, key: answer.key });
      setName('');
    } catch (failure) {
      const { onFields, rest } = splitServerError(failure, ['name']);
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField(['point-key-name']);
      }
      if (rest) toast.error('Impossible de créer la clé', { description: rest });
    }
  };

  if (created) return <CreatedKey created={created} onDone={() => setCreated(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField id="point-key-name" label="Nom du lecteur" error={error ?? undefined} className="flex-1">
        <Input
          id="point-key-name"
          autoComplete="off"
          placeholder="Ex. Lecteur entrée, Borne accueil"
          maxLength={100}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'point-key-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" disabled={create.isPending} className="sm:mt-7">
        <Plus aria-hidden="true" />
        {create.isPending ? 'Création...' : 'Créer une clé'}
      </Button>
    </form>
  );
}

function CreatedKey({ created, onDone }: { created: { name: string; key: string }; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('Clé copiée', { description: 'Collez-la dans la configuration du lecteur.' });
    } catch {
      // No clipboard access (plain http): select it for a manual copy.
      input.current?.select();
      toast.info('Sélectionnée', { description: 'Copiez la clé avec Ctrl+C.' });
    }
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="created-point-key-title">
      <h3 id="created-point-key-title" className="text-sm font-semibold text-white">
        Clé créée pour « {created.name} »
      </h3>
      <p className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copiez cette clé maintenant : elle ne sera plus jamais affichée. En cas de perte, révoquez-la et
        créez-en une nouvelle.
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="created-point-key">Clé du lecteur</Label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="created-point-key"
            readOnly
            value={created.key}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-sm text-fg"
            data-testid="created-point-key"
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copier
          </Button>
        </div>
      </div>
      <p className="text-sm text-fg-muted">
        Pour une tablette à l'entrée, ouvrez{' '}
        <span className="font-mono text-fg">{`${window.location.origin}/borne`}</span> sur la tablette et
        collez-y cette clé : elle devient la borne d'accès de ce point.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>J'ai copié la clé</Button>
      </div>
    </section>
  );
}
