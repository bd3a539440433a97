import { zodResolver } from '@hookform/resolvers/zod';
// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { PASSWORD_MIN } from '@vigie/contract/auth.contract';
import { createUserBody } from '@vigie/contract/users.contract';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateUser } from '../api/create-user';
import { roleOptions } from './role-options';

const emptyForm = { name: '', email: '', password: '', phone: '', role: 'agent' as const, city: '' };

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const userFields = Object.keys(emptyForm) as (keyof typeof emptyForm)[];

export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const mutation = useCreateUser();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createUserBody), defaultValues: emptyForm });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset(emptyForm);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await mutation.mutateAsync(values);
      toast.success(t('Utilisateur ajouté'), {
        description: t('{name} peut maintenant se connecter.', { name: user.name }),
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, userFields);
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const a11y = (name: keyof typeof errors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `user-${name}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {t('Ajouter un utilisateur')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('Ajouter un utilisateur')}
        description={t(
          'Le compte est créé dans votre société ; communiquez le mot de passe à la personne concernée.',
        )}
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="user-name" label={t('Nom complet')} required error={errors.name?.message}>
            <Input id="user-name" autoComplete="off" {...a11y('name')} {...register('name')} />
          </FormField>
          <FormField id="user-email" label={t('Email')} required error={errors.email?.message}>
            <Input
              id="user-email"
              type="email"
              autoComplete="off"
              {...a11y('email')}
              {...register('email')}
            />
          </FormField>
          <FormField
            id="user-password"
            label={t('Mot de passe')}
            required
            error={errors.password?.message}
            hint={t('Au moins {min} caractères ; évitez les mots de passe courants.', { min: PASSWORD_MIN })}
          >
            <Input
              id="user-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'user-password-error' : 'user-password-hint'}
              {...register('password')}
            />
          </FormField>
          <FormField id="user-phone" label={t('Téléphone')} error={errors.phone?.message}>
            <Input id="user-phone" type="tel" {...a11y('phone')} {...register('phone')} />
          </FormField>
          <FormField id="user-role" label={t('Rôle')} required error={errors.role?.message}>
            <FormSelect control={control} name="role" id="user-role" options={roleOptions()} />
          </FormField>
          <FormField id="user-city" label={t('Ville')} error={errors.city?.message}>
            <Input id="user-city" {...a11y('city')} {...register('city')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('Annuler')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('Création...') : t("Créer l'utilisateur")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
