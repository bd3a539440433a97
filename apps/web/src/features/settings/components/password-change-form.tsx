// French zod messages for the schema's generic errors.
import '@vigie/contract/locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, NEW_PASSWORD_MIN } from '@vigie/contract/me.contract';
import { KeyRound } from 'lucide-react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { showServerErrors } from '../../../lib/field-errors';
import { useChangePassword } from '../api/change-password';
import { PasswordInput } from './password-input';

type Values = z.input<typeof changePasswordBody>;
type Field = keyof Values;

const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fields: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
/** The specification's toast, with its final period (also the contract's message). */
const MISMATCH = 'Les mots de passe ne correspondent pas.';

type PasswordChangeFormProps = {
  /** Prefix of the fields' ids: the form appears in Paramètres and on the expired-password screen. */
  idPrefix: string;
  submitLabel?: string;
  onChanged?: () => void;
};

/** Current, new and confirmation, each with show/hide; the other sessions end on success. */
export function PasswordChangeForm({
  idPrefix,
  submitLabel = 'Changer le mot de passe',
  onChanged,
}: PasswordChangeFormProps) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(changePasswordBody), defaultValues: empty });

  const onInvalid = (invalid: FieldErrors<Values>) => {
    if (invalid.confirmPassword?.message === MISMATCH) toast.error(MISMATCH);
    const first = fields.find((name) => invalid[name]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(values);
      reset(empty);
      const closed = result.sessionsClosed;
      toast.success('Mot de passe modifié', {
        description:
          closed > 0
            ? `${closed} autre${closed > 1 ? 's' : ''} session${closed > 1 ? 's ont été fermées' : ' a été fermée'}.`
            : undefined,
      });
      onChanged?.();
    } catch (error) {
      const rest = showServerErrors(error, setError, fields, 'Impossible de changer le mot de passe');
      if (rest) toast.error('Erreur', { description: rest });
    }
  }, onInvalid);

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} required error={error} hint={hint}>
        <PasswordInput
          id={id}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          {...register(name)}
        />
      </FormField>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {field('currentPassword', 'Mot de passe actuel', 'current-password')}
      {field(
        'newPassword',
        'Nouveau mot de passe',
        'new-password',
        `Au moins ${NEW_PASSWORD_MIN} caractères ; évitez les mots de passe courants.`,
      )}
      {field('confirmPassword', 'Confirmer le nouveau mot de passe', 'new-password')}
      <Button type="submit" disabled={isSubmitting} className="self-end">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? 'Modification...' : submitLabel}
      </Button>
    </form>
  );
}
