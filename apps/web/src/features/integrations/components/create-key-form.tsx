import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { useCreateIntegrationKey } from '../api/create-integration-key';
import { CreatedKeyDialog } from './created-key-dialog';

/** Names a new key (the panel or receiving centre it is for) and shows it once. */
export function CreateKeyForm() {
  const create = useCreateIntegrationKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Le nom de la clé est obligatoire');
      return;
    }
    try {
      const answer = await create.mutateAsync(name.trim());
      setCreated({ name: answer.name, key: answer.key });
      setName('');
    } catch (failure) {
      const { onFields, rest } = splitServerError(failure, ['name'], 'Impossible de créer la clé');
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField(['integration-key-name']);
      }
      if (rest) toast.error('Erreur', { description: rest });
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          id="integration-key-name"
          label="Nom de la clé"
          error={error ?? undefined}
          className="flex-1"
        >
          <Input
            id="integration-key-name"
            autoComplete="off"
            placeholder="Ex. Centrale Ajax — Entrepôt Nord"
            maxLength={100}
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'integration-key-name-error' : undefined}
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
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
