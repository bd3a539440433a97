import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { useCreateRadioKey } from '../api/create-radio-key';
import { CreatedRadioKey } from './created-radio-key';

/** Names a gateway, creates its key and shows it once (only its hash is stored on the server). */
export function CreateRadioKeyForm() {
  const create = useCreateRadioKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Le nom de la passerelle est obligatoire');
      return;
    }
    try {
      const answer = await create.mutateAsync(name.trim());
      setCreated({ name: answer.name, key: answer.key });
      setName('');
    } catch (failure) {
      const { onFields, rest } = splitServerError(failure, ['name']);
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField(['radio-key-name']);
      }
      if (rest) toast.error('Impossible de créer la clé', { description: rest });
    }
  };

  if (created) return <CreatedRadioKey created={created} onDone={() => setCreated(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id="radio-key-name"
        label="Nom de la passerelle"
        error={error ?? undefined}
        className="flex-1"
      >
        <Input
          id="radio-key-name"
          autoComplete="off"
          placeholder="Ex. Passerelle PTT opérateur, Terminal 12"
          maxLength={100}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'radio-key-name-error' : undefined}
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
