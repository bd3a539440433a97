import { zodResolver } from '@hookform/resolvers/zod';
import type { Alarm } from '@vigie/contract/alarms.contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input, Textarea } from '../../../components/ui/input';
import type { SelectOption } from '../../../components/ui/select';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateAlarm } from '../api/create-alarm';
import {
  type AlarmFormOutput,
  type AlarmFormValues,
  alarmFormSchema,
  alarmSeverityOptions,
  alarmTypeOptions,
  emptyAlarmForm,
} from './alarm-form-schema';

type AlarmFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sites: readonly SelectOption[];
  onCreated?: (alarm: Alarm) => void;
};

/** 'Nouvelle alarme': raises an alarm by hand (a guard's report, a phone call from a client). */
export function AlarmFormDialog({ open, onOpenChange, sites, onCreated }: AlarmFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={t('Nouvelle alarme')}
        description={t(
          'Déclenchez une alarme sur un site : elle apparaît aussitôt chez tous les opérateurs.',
        )}
      >
        {/* Mounted on open: the form starts empty every time. */}
        <AlarmForm onOpenChange={onOpenChange} sites={sites} onCreated={onCreated} />
      </DialogContent>
    </Dialog>
  );
}

/** The contract's labels in the current language. */
const translated = (options: { value: string; label: string }[]) =>
  options.map((o) => ({ ...o, label: t(o.label) }));

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const alarmFields = Object.keys(emptyAlarmForm('')) as (keyof AlarmFormValues)[];

function AlarmForm({ onOpenChange, sites, onCreated }: Omit<AlarmFormDialogProps, 'open'>) {
  const create = useCreateAlarm();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AlarmFormValues, unknown, AlarmFormOutput>({
    resolver: zodResolver(alarmFormSchema),
    defaultValues: emptyAlarmForm(sites.length === 1 ? sites[0]?.value : ''),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const alarm = await create.mutateAsync(values);
      toast.success(t('Alarme créée'), { description: `${alarm.title} — ${alarm.siteName}` });
      onCreated?.(alarm);
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, alarmFields, t("Impossible de créer l'alarme"));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const a11y = (name: keyof AlarmFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `alarm-${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="alarm-siteId"
        label={t('Site')}
        required
        error={errors.siteId?.message}
        className="sm:col-span-2"
      >
        <FormSelect
          control={control}
          name="siteId"
          id="alarm-siteId"
          options={sites}
          placeholder={sites.length === 0 ? t('Aucun site : créez-en un d’abord') : t('Choisir un site')}
          {...a11y('siteId')}
        />
      </FormField>
      <FormField id="alarm-type" label={t('Type')} required error={errors.type?.message}>
        <FormSelect control={control} name="type" id="alarm-type" options={translated(alarmTypeOptions)} />
      </FormField>
      <FormField id="alarm-severity" label={t('Gravité')} required error={errors.severity?.message}>
        <FormSelect
          control={control}
          name="severity"
          id="alarm-severity"
          options={translated(alarmSeverityOptions)}
        />
      </FormField>
      <FormField
        id="alarm-title"
        label={t('Titre')}
        required
        error={errors.title?.message}
        className="sm:col-span-2"
      >
        <Input
          id="alarm-title"
          autoComplete="off"
          placeholder={t('Ex. Intrusion détectée')}
          {...a11y('title')}
          {...register('title')}
        />
      </FormField>
      <FormField
        id="alarm-description"
        label={t('Description')}
        required
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <Textarea id="alarm-description" rows={3} {...a11y('description')} {...register('description')} />
      </FormField>
      <FormField id="alarm-location" label={t('Emplacement')} required error={errors.location?.message}>
        <Input
          id="alarm-location"
          autoComplete="off"
          placeholder={t('Ex. Porte arrière')}
          {...a11y('location')}
          {...register('location')}
        />
      </FormField>
      <FormField id="alarm-triggeredBy" label={t('Déclenchée par')} error={errors.triggeredBy?.message}>
        <Input
          id="alarm-triggeredBy"
          autoComplete="off"
          placeholder={t('Ex. Détecteur DT-12')}
          {...a11y('triggeredBy')}
          {...register('triggeredBy')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('Création...') : t("Créer l'alarme")}
        </Button>
      </div>
    </form>
  );
}
