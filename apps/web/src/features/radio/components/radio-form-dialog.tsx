import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateRadio } from '../api/create-radio';
import {
  emptyRadioForm,
  type RadioFormOutput,
  type RadioFormValues,
  radioFormSchema,
} from './radio-form-schema';
import { formatImei } from './radio-format';
import { useAgentOptions } from './use-agent-options';

type RadioFormDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Ajouter une radio': a 4G push-to-talk handset, identified by its IMEI. */
export function RadioFormDialog({ open, onOpenChange }: RadioFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Ajouter une radio')}
        description={t(
          "Un terminal push-to-talk 4G, identifié par son IMEI (composez *#06# sur le terminal pour l'afficher).",
        )}
      >
        {/* Mounted on open: the form starts empty every time. */}
        <RadioForm onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const radioFields = Object.keys(emptyRadioForm) as (keyof RadioFormValues)[];

function RadioForm({ onOpenChange }: Omit<RadioFormDialogProps, 'open'>) {
  const create = useCreateRadio();
  const agents = useAgentOptions();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RadioFormValues, unknown, RadioFormOutput>({
    resolver: zodResolver(radioFormSchema),
    defaultValues: emptyRadioForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const agentName = agents.nameOf(values.agentId) ?? undefined;
      const radio = await create.mutateAsync({ ...values, agentName });
      toast.success(t('Radio ajoutée'), {
        description: `IMEI ${formatImei(radio.radioId)} — ${radio.agentName ?? t('non assignée')}`,
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, radioFields, t("Impossible d'ajouter la radio"));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const a11y = (name: keyof RadioFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `radio-${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="radio-radioId"
        label={t('Identifiant radio (IMEI)')}
        required
        hint={t('15 chiffres ; espaces et tirets acceptés.')}
        error={errors.radioId?.message}
      >
        <Input
          id="radio-radioId"
          autoComplete="off"
          inputMode="numeric"
          placeholder={t('Ex. 35 209900 176148 1')}
          {...a11y('radioId')}
          {...register('radioId')}
        />
      </FormField>
      <FormField
        id="radio-serialNumber"
        label={t('Numéro de série')}
        required
        error={errors.serialNumber?.message}
      >
        <Input
          id="radio-serialNumber"
          autoComplete="off"
          placeholder={t('Ex. PTT4G-00123')}
          {...a11y('serialNumber')}
          {...register('serialNumber')}
        />
      </FormField>
      <FormField id="radio-agentId" label={t('Agent')} error={errors.agentId?.message}>
        <FormSelect
          control={control}
          name="agentId"
          id="radio-agentId"
          options={agents.options}
          {...a11y('agentId')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('Ajout...') : t('Ajouter la radio')}
        </Button>
      </div>
    </form>
  );
}
