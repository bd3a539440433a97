import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@vigie/contract/me.contract';
import { Save, UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useUpdateProfile } from '../api/update-profile';
import { PasswordInput } from './password-input';
import {
  languageOptions,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileFormSchema,
  profileToForm,
  timezoneOptions,
  translatedOptions,
} from './profile-form-schema';

const fields = ['name', 'email', 'phone', 'language', 'timezone', 'currentPassword'] as const;

/** Name, e-mail (its change asks the current password), phone, language and timezone. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileToForm(profile),
  });
  const emailChanges = watch('email').trim().toLowerCase() !== profile.email.toLowerCase();

  const onSubmit = handleSubmit(async (values) => {
    const changesEmail = values.email !== profile.email.toLowerCase();
    if (changesEmail && values.currentPassword === '') {
      setError('currentPassword', {
        // Shown by FormField, which translates it.
        message: msg("Saisissez votre mot de passe actuel pour changer d'e-mail"),
      });
      return;
    }
    try {
      const saved = await update.mutateAsync({
        name: values.name,
        // Absent: unchanged; null: the phone is removed.
        phone: values.phone ?? null,
        language: values.language,
        timezone: values.timezone,
        ...(changesEmail ? { email: values.email, currentPassword: values.currentPassword } : {}),
      });
      reset(profileToForm(saved));
      toast.success(t('Paramètres sauvegardés'), { description: t('Votre profil a été enregistré.') });
    } catch (error) {
      const rest = showServerErrors(error, setError, fields, t('Impossible de modifier le profil'));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const a11y = (name: keyof ProfileFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-blue-300" />
          {t('Profil utilisateur')}
        </CardTitle>
        <CardDescription>
          {t('Connecté en tant que')} <span className="text-slate-200">{profile.email}</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-name" label={t('Nom complet')} required error={errors.name?.message}>
            <Input id="profile-name" autoComplete="name" {...a11y('name')} {...register('name')} />
          </FormField>
          <FormField id="profile-email" label={t('Email')} required error={errors.email?.message}>
            <Input
              id="profile-email"
              type="email"
              autoComplete="email"
              {...a11y('email')}
              {...register('email')}
            />
          </FormField>
          {emailChanges ? (
            <FormField
              id="profile-currentPassword"
              label={t('Mot de passe actuel')}
              required
              hint={t(
                'Votre e-mail sert à vous connecter : confirmez ce changement avec votre mot de passe.',
              )}
              error={errors.currentPassword?.message}
              className="sm:col-span-2"
            >
              <PasswordInput
                id="profile-currentPassword"
                autoComplete="current-password"
                {...a11y('currentPassword')}
                {...register('currentPassword')}
              />
            </FormField>
          ) : null}
          <FormField
            id="profile-phone"
            label={t('Téléphone')}
            hint={t('Au format international (+33 6 12 34 56 78) pour recevoir les alertes SMS.')}
            error={errors.phone?.message}
          >
            <Input
              id="profile-phone"
              type="tel"
              autoComplete="tel"
              {...a11y('phone')}
              {...register('phone')}
            />
          </FormField>
          <FormField id="profile-company" label={t('Société')}>
            <Input id="profile-company" value={profile.company} readOnly aria-readonly="true" />
          </FormField>
          <FormField
            id="profile-language"
            label={t('Langue')}
            hint={t('Les écrans, les notifications et les documents suivent cette langue.')}
            error={errors.language?.message}
          >
            <FormSelect
              control={control}
              name="language"
              id="profile-language"
              options={translatedOptions(languageOptions)}
              aria-describedby={errors.language ? 'profile-language-error' : 'profile-language-hint'}
            />
          </FormField>
          <FormField
            id="profile-timezone"
            label={t('Fuseau horaire')}
            hint={t("Les dates et heures de l'application sont affichées dans ce fuseau.")}
            error={errors.timezone?.message}
          >
            <FormSelect
              control={control}
              name="timezone"
              id="profile-timezone"
              options={translatedOptions(timezoneOptions)}
              aria-describedby={errors.timezone ? 'profile-timezone-error' : 'profile-timezone-hint'}
            />
          </FormField>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              <Save aria-hidden="true" />
              {isSubmitting ? t('Enregistrement...') : t('Enregistrer')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
