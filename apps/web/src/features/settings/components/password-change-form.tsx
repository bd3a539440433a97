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
import { msg, t } from '../../../lib/i18n/i18n';
import { useChangePassword } from '../api/change-password';
import { PasswordInput } from './password-input';

type Values = z.input<typeof changePasswordBody>;
type Field = keyof Values;

const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fields: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
/** The specification's toast, with its final period (also the contract's message). */
const MISMATCH = msg('Les mots de passe ne correspondent pas.');

type PasswordChangeFormProps = {
  /** Prefix of the fields' ids: the form appears in Paramètres and on the expired-password screen. */
  idPrefix: string;
  /** Already in the user's language. */
  submitLabel?: string;
  onChanged?: () => void;
};

/** Current, new and confirmation, each with show/hide; the other sessions end on success. */
export function PasswordChangeForm({ idPrefix, submitLabel, onChanged }: PasswordChangeFormProps) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(changePasswordBody), defaultValues: empty });

  const onInvalid = (invalid: FieldErrors<Values>) => {
    if (invalid.confirmPassword?.message === MISMATCH) toast.error(t(MISMATCH));
    const first = fields.find((name) => invalid[name]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(values);
      reset(empty);
      const closed = result.sessionsClosed;
      toast.success(t('Mot de passe modifié'), {
        description:
          closed > 0
            ? t(
                '{count, plural, one {{count} autre session a été fermée.} other {{count} autres sessions ont été fermées.}}',
                { count: closed },
              )
            : undefined,
      });
      onChanged?.();
    } catch (error) {
      const rest = showServerErrors(error, setError, fields, t('Impossible de changer le mot de passe'));
      if (rest) toast.error(t('Erreur'), { description: rest });
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
      {field('currentPassword', t('Mot de passe actuel'), 'current-password')}
      {field(
        'newPassword',
        t('Nouveau mot de passe'),
        'new-password',
        t('Au moins {min} caractères ; évitez les mots de passe courants.', { min: NEW_PASSWORD_MIN }),
      )}
      {field('confirmPassword', t('Confirmer le nouveau mot de passe'), 'new-password')}
      <Button type="submit" disabled={isSubmitting} className="self-end">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? t('Modification...') : (submitLabel ?? t('Changer le mot de passe'))}
      </Button>
    </form>
  );
}
