import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { focusFirstField, splitServerError } from '../../lib/field-errors';
import { t } from '../../lib/i18n/i18n';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import type { NewDeviceKey } from './one-time-key';

type KeyNameFormProps = {
  /** Id of the name field (its error is `${id}-error`). */
  id: string;
  label: string;
  placeholder: string;
  /** Said under the field when it is left empty. */
  requiredMessage: string;
  /** Creates the key on the server. */
  create: (name: string) => Promise<NewDeviceKey>;
  isPending: boolean;
  onCreated: (created: NewDeviceKey) => void;
  /** The toast of a refusal that is not about the name: its title, and the words when the server gave none. */
  errorTitle?: string;
  errorFallback?: string;
};

/** Names a device and creates its key: 'Créer une clé', with the server's refusal of the name under the field. */
export function KeyNameForm({
  id,
  label,
  placeholder,
  requiredMessage,
  create,
  isPending,
  onCreated,
  errorTitle = t('Impossible de créer la clé'),
  errorFallback,
}: KeyNameFormProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(requiredMessage);
      return;
    }
    try {
      const answer = await create(name.trim());
      onCreated({ name: answer.name, key: answer.key });
      setName('');
    } catch (failure) {
      const { onFields, rest } = splitServerError(failure, ['name'], errorFallback);
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField([id]);
      }
      if (rest) toast.error(errorTitle, { description: rest });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField id={id} label={label} error={error ?? undefined} className="flex-1">
        <Input
          id={id}
          autoComplete="off"
          placeholder={placeholder}
          maxLength={100}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" disabled={isPending} className="sm:mt-7">
        <Plus aria-hidden="true" />
        {isPending ? t('Création...') : t('Créer une clé')}
      </Button>
    </form>
  );
}
