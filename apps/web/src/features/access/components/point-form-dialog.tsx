import { zodResolver } from '@hookform/resolvers/zod';
import type { AccessPoint } from '@vigie/contract/access.contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateAccessPoint } from '../api/create-access-point';
import { useAccessSites } from '../api/get-access-sites';
import { useUpdateAccessPoint } from '../api/update-access-point';
import { pointStatusText } from './access-status';
import {
  emptyPointForm,
  type PointFormOutput,
  type PointFormValues,
  pointFormSchema,
  pointKindOptions,
  pointStatusOptions,
  pointToForm,
} from './point-form-schema';

type PointFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this point; without it, create a new one. */
  point?: AccessPoint;
};

/** 'Nouveau point d'accès' and 'Modifier': the same form, POST or PATCH. */
export function PointFormDialog({ open, onOpenChange, point }: PointFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={point ? t("Modifier le point d'accès") : t("Nouveau point d'accès")}
        description={
          point
            ? t('Modifiez {name}.', { name: point.name })
            : t('Une porte, un portail, une barrière ou un tourniquet équipé d’un lecteur de badges.')
        }
      >
        {/* Mounted on open: the form starts from the point (or empty) every time. */}
        <PointForm onOpenChange={onOpenChange} point={point} />
      </DialogContent>
    </Dialog>
  );
}

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const pointFields = Object.keys(emptyPointForm) as (keyof PointFormValues)[];

function PointForm({ onOpenChange, point }: Omit<PointFormDialogProps, 'open'>) {
  const create = useCreateAccessPoint();
  const update = useUpdateAccessPoint();
  const sites = useAccessSites();
  const siteOptions = (sites.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PointFormValues, unknown, PointFormOutput>({
    resolver: zodResolver(pointFormSchema),
    defaultValues: point ? pointToForm(point) : emptyPointForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    if (point) {
      try {
        const saved = await update.mutateAsync({ id: point.id, body: values });
        toast.success(t("Point d'accès modifié"), {
          description: t('{name} a été enregistré.', { name: saved.name }),
        });
        onOpenChange(false);
      } catch (error) {
        const rest = showServerErrors(error, setError, pointFields);
        if (rest) toast.error(t("Impossible de modifier le point d'accès"), { description: rest });
      }
      return;
    }
    try {
      const saved = await create.mutateAsync(values);
      toast.success(t("Point d'accès créé"), {
        description: t('{name} ({site}) a été ajouté.', { name: saved.name, site: saved.site }),
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, pointFields);
      if (rest) toast.error(t("Impossible de créer le point d'accès"), { description: rest });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="point-name"
        label={t('Nom du point')}
        required
        error={errors.name?.message}
        className="sm:col-span-2"
      >
        <Input
          id="point-name"
          autoComplete="off"
          placeholder={t('Ex. Entrée principale')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'point-name-error' : undefined}
          {...register('name')}
        />
      </FormField>
      <FormField
        id="point-siteId"
        label={t('Site')}
        required
        error={errors.siteId?.message}
        className="sm:col-span-2"
      >
        <FormSelect
          control={control}
          name="siteId"
          id="point-siteId"
          options={siteOptions}
          placeholder={siteOptions.length ? t('Choisissez un site') : t('Aucun site : créez-en un d’abord')}
          aria-invalid={errors.siteId ? true : undefined}
          aria-describedby={errors.siteId ? 'point-siteId-error' : undefined}
        />
      </FormField>
      <FormField id="point-kind" label={t('Type')} required error={errors.kind?.message}>
        <FormSelect
          control={control}
          name="kind"
          id="point-kind"
          options={pointKindOptions.map((option) => ({ ...option, label: t(option.label) }))}
        />
      </FormField>
      <FormField id="point-status" label={t('Statut')} required error={errors.status?.message}>
        <FormSelect
          control={control}
          name="status"
          id="point-status"
          options={pointStatusOptions.map((option) => ({ ...option, label: pointStatusText(option.value) }))}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {point
            ? isSubmitting
              ? t('Enregistrement...')
              : t('Enregistrer')
            : isSubmitting
              ? t('Création...')
              : t('Créer le point')}
        </Button>
      </div>
    </form>
  );
}
