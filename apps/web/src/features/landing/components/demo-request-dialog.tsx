import { zodResolver } from '@hookform/resolvers/zod';
// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { createDemoRequestBody } from '@vigie/contract/demo-requests.contract';
import { demoSiteCounts } from '@vigie/contract/enums';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input, Textarea } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateDemoRequest } from '../api/create-demo-request';

/** The site-count choices, labelled in the current language. */
const siteCountOptions = () =>
  demoSiteCounts.map((value) => ({ value, label: t('{range} sites', { range: value }) }));

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  siteCount: '1-10' as const,
  message: '',
};

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const demoFields = Object.keys(emptyForm) as (keyof typeof emptyForm)[];

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The 'Demander une démonstration' modal; loaded on demand to keep the landing page light. */
export default function DemoRequestDialog({ open, onOpenChange }: Props) {
  const mutation = useCreateDemoRequest();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createDemoRequestBody), defaultValues: emptyForm });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(t('Demande envoyée'), { description: t('Nous vous recontactons sous 24 heures.') });
      reset(emptyForm);
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, demoFields);
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const field = (name: keyof typeof errors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `demo-${name}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Demander une démonstration')}
        description={t(
          'Laissez-nous vos coordonnées : un expert vous présente la plateforme avec vos propres cas d’usage.',
        )}
        size="lg"
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="demo-firstName" label={t('Prénom')} required error={errors.firstName?.message}>
            <Input
              id="demo-firstName"
              autoComplete="given-name"
              {...field('firstName')}
              {...register('firstName')}
            />
          </FormField>
          <FormField id="demo-lastName" label={t('Nom')} required error={errors.lastName?.message}>
            <Input
              id="demo-lastName"
              autoComplete="family-name"
              {...field('lastName')}
              {...register('lastName')}
            />
          </FormField>
          <FormField id="demo-email" label={t('Email professionnel')} required error={errors.email?.message}>
            <Input
              id="demo-email"
              type="email"
              autoComplete="email"
              {...field('email')}
              {...register('email')}
            />
          </FormField>
          <FormField id="demo-phone" label={t('Téléphone')} error={errors.phone?.message}>
            <Input id="demo-phone" type="tel" autoComplete="tel" {...field('phone')} {...register('phone')} />
          </FormField>
          <FormField id="demo-company" label={t('Société')} required error={errors.company?.message}>
            <Input
              id="demo-company"
              autoComplete="organization"
              {...field('company')}
              {...register('company')}
            />
          </FormField>
          <FormField
            id="demo-siteCount"
            label={t('Nombre de sites')}
            required
            error={errors.siteCount?.message}
          >
            <FormSelect control={control} name="siteCount" id="demo-siteCount" options={siteCountOptions()} />
          </FormField>
          <FormField
            id="demo-message"
            label={t('Message (facultatif)')}
            error={errors.message?.message}
            className="sm:col-span-2"
          >
            <Textarea id="demo-message" rows={4} {...field('message')} {...register('message')} />
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting} className="sm:col-span-2">
            <Send aria-hidden="true" />
            {isSubmitting ? t('Envoi en cours...') : t('Envoyer ma demande')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
