import { zodResolver } from '@hookform/resolvers/zod';
import type { Site } from '@vigie/contract/sites.contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { deName } from '../../../lib/french';
import { currentLocale, t } from '../../../lib/i18n/i18n';
import { useCreateSite } from '../api/create-site';
import { useUpdateSite } from '../api/update-site';
import {
  emptySiteForm,
  requirableQualifications,
  type SiteFormOutput,
  type SiteFormValues,
  siteFormSchema,
  siteToForm,
  siteTypeOptions,
} from './site-form-schema';

type SiteFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this site; absent: create a new one. */
  site?: Site;
};

/** « de Tour A », « d'Entrepôt » in French (lib/french.ts); the other languages place the bare name. */
const ofSite = (name: string) => (currentLocale() === 'fr' ? deName(name) : name);

/** 'Nouveau site' and 'Modifier': the same form, POST or PATCH. */
export function SiteFormDialog({ open, onOpenChange, site }: SiteFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={site ? t('Modifier le site') : t('Nouveau site')}
        description={
          site
            ? t('Modifiez les informations {ofSite}.', { ofSite: ofSite(site.name) })
            : t('Ajoutez un site client à surveiller : adresse, type et contact sur place.')
        }
      >
        {/* Mounted on open: the form starts from the site (or empty) every time. */}
        <SiteForm onOpenChange={onOpenChange} site={site} />
      </DialogContent>
    </Dialog>
  );
}

/** The fields that show a message, named as in the request body (a refusal about one shows under it). */
const siteFields = (Object.keys(emptySiteForm) as (keyof SiteFormValues)[]).filter(
  (name) => name !== 'requiredQualifications',
);

function SiteForm({ onOpenChange, site }: Omit<SiteFormDialogProps, 'open'>) {
  const create = useCreateSite();
  const update = useUpdateSite();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SiteFormValues, unknown, SiteFormOutput>({
    resolver: zodResolver(siteFormSchema),
    defaultValues: site ? siteToForm(site) : emptySiteForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    if (site) {
      try {
        const saved = await update.mutateAsync({ id: site.id, body: values });
        toast.success(t('Site modifié'), {
          description: t('Les informations {ofSite} ont été enregistrées.', { ofSite: ofSite(saved.name) }),
        });
        onOpenChange(false);
      } catch (error) {
        const rest = showServerErrors(error, setError, siteFields);
        if (rest) toast.error(t('Impossible de modifier le site'), { description: rest });
      }
      return;
    }
    try {
      await create.mutateAsync(values);
      toast.success(t('Site créé'), { description: t('Le site a été ajouté avec succès') });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, siteFields);
      if (rest) toast.error(t('Impossible de créer le site'), { description: rest });
    }
  });

  const a11y = (name: keyof SiteFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `site-${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="site-name" label={t('Nom du site')} required error={errors.name?.message}>
        <Input id="site-name" autoComplete="off" {...a11y('name')} {...register('name')} />
      </FormField>
      <FormField id="site-type" label={t('Type')} required error={errors.type?.message}>
        <FormSelect
          control={control}
          name="type"
          id="site-type"
          options={siteTypeOptions.map((o) => ({ ...o, label: t(o.label) }))}
        />
      </FormField>
      <FormField
        id="site-address"
        label={t('Adresse')}
        required
        error={errors.address?.message}
        className="sm:col-span-2"
      >
        <Input id="site-address" autoComplete="off" {...a11y('address')} {...register('address')} />
      </FormField>
      <FormField id="site-contactName" label={t('Nom du contact')} error={errors.contactName?.message}>
        <Input
          id="site-contactName"
          autoComplete="off"
          {...a11y('contactName')}
          {...register('contactName')}
        />
      </FormField>
      <FormField
        id="site-contactPhone"
        label={t('Téléphone du contact')}
        error={errors.contactPhone?.message}
      >
        <Input id="site-contactPhone" type="tel" {...a11y('contactPhone')} {...register('contactPhone')} />
      </FormField>
      <FormField
        id="site-contactEmail"
        label={t('Email du contact')}
        error={errors.contactEmail?.message}
        className="sm:col-span-2"
      >
        <Input
          id="site-contactEmail"
          type="email"
          autoComplete="off"
          {...a11y('contactEmail')}
          {...register('contactEmail')}
        />
      </FormField>
      <FormField
        id="site-latitude"
        label={t('Latitude')}
        hint={t('Facultatif, ex. 48.8566')}
        error={errors.latitude?.message}
      >
        <Input id="site-latitude" inputMode="decimal" {...a11y('latitude')} {...register('latitude')} />
      </FormField>
      <FormField
        id="site-longitude"
        label={t('Longitude')}
        hint={t('Facultatif, ex. 2.3522')}
        error={errors.longitude?.message}
      >
        <Input id="site-longitude" inputMode="decimal" {...a11y('longitude')} {...register('longitude')} />
      </FormField>
      <FormField
        id="site-geofenceRadiusM"
        label={t('Rayon de pointage (m)')}
        hint={t('Les agents prennent leur service à cette distance du site au plus (200 m par défaut)')}
        error={errors.geofenceRadiusM?.message}
      >
        <Input
          id="site-geofenceRadiusM"
          inputMode="numeric"
          {...a11y('geofenceRadiusM')}
          {...register('geofenceRadiusM')}
        />
      </FormField>
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('Qualifications exigées des agents')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {requirableQualifications.map((q) => (
            <label key={q.value} className="flex min-h-8 items-center gap-2 text-sm text-fg-muted">
              <input
                type="checkbox"
                value={q.value}
                className="size-4 accent-blue-500"
                {...register('requiredQualifications')}
              />
              {t(q.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {site
            ? isSubmitting
              ? t('Enregistrement...')
              : t('Enregistrer')
            : isSubmitting
              ? t('Création...')
              : t('Créer le site')}
        </Button>
      </div>
    </form>
  );
}
