import { zodResolver } from '@hookform/resolvers/zod';
// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { PASSWORD_MIN, type User } from '@vigie/contract/auth.contract';
import { resetUserPasswordForm } from '@vigie/contract/users.contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateUser } from '../api/update-user';

type Values = z.input<typeof resetUserPasswordForm>;
const empty: Values = { password: '', adminPassword: '' };
const fields = ['password', 'adminPassword'] as const;

/**
 * An administrator sets a new password for a user, confirmed by their own password; the user's
 * open sessions end. Not for the owner, whose password only they change (Paramètres · Profil).
 */
export function ResetPasswordDialog({ user, disabled }: { user: User; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const mutation = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(resetUserPasswordForm), defaultValues: empty });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset(empty);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ id: user.id, body: values });
      toast.success(t('Mot de passe réinitialisé'), {
        description: t('{name} doit se reconnecter avec le nouveau mot de passe.', { name: user.name }),
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(
        error,
        setError,
        fields,
        t('Impossible de réinitialiser le mot de passe'),
      );
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const a11y = (name: (typeof fields)[number], hint?: boolean) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `reset-${name}-error` : hint ? `reset-${name}-hint` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          aria-label={t('Réinitialiser le mot de passe de {name}', { name: user.name })}
          title={
            disabled ? t("L'administrateur principal change son mot de passe depuis son profil") : undefined
          }
        >
          <KeyRound aria-hidden="true" />
          {t('Mot de passe')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('Réinitialiser le mot de passe')}
        description={t(
          '{name} ({email}) devra utiliser ce nouveau mot de passe : ses sessions ouvertes seront fermées. Confirmez avec votre propre mot de passe.',
          { name: user.name, email: user.email },
        )}
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField
            id="reset-password"
            label={t('Nouveau mot de passe')}
            required
            error={errors.password?.message}
            hint={t('Au moins {min} caractères ; évitez les mots de passe courants.', { min: PASSWORD_MIN })}
          >
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              {...a11y('password', true)}
              {...register('password')}
            />
          </FormField>
          <FormField
            id="reset-adminPassword"
            label={t('Votre mot de passe')}
            required
            error={errors.adminPassword?.message}
          >
            <Input
              id="reset-adminPassword"
              type="password"
              autoComplete="current-password"
              {...a11y('adminPassword')}
              {...register('adminPassword')}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('Annuler')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('Réinitialisation...') : t('Réinitialiser')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
