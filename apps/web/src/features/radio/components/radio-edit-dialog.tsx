import { zodResolver } from '@hookform/resolvers/zod';
import type { Radio } from '@vigie/contract/radio.contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useChannels } from '../api/get-channels';
import { useUpdateRadio } from '../api/update-radio';
import {
  NO_AGENT,
  NO_CHANNEL,
  type RadioEditOutput,
  type RadioEditValues,
  radioEditSchema,
  radioStatusOptions,
} from './radio-form-schema';
import { formatImei } from './radio-format';
import { useAgentOptions } from './use-agent-options';

type RadioEditDialogProps = { radio: Radio | null; onOpenChange: (open: boolean) => void };

/** 'Modifier la radio': its agent, status and channel. */
export function RadioEditDialog({ radio, onOpenChange }: RadioEditDialogProps) {
  return (
    <Dialog open={radio !== null} onOpenChange={onOpenChange}>
      {radio ? (
        <DialogContent title={t('Modifier la radio')} description={`IMEI ${formatImei(radio.radioId)}`}>
          <RadioEditForm radio={radio} onOpenChange={onOpenChange} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const radioEditFields = ['agentId', 'status', 'currentChannelId'] as const;

function RadioEditForm({ radio, onOpenChange }: { radio: Radio; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateRadio();
  const agents = useAgentOptions();
  const channels = useChannels();
  const channelOptions = [
    { value: NO_CHANNEL, label: t('Aucun canal') },
    ...(channels.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RadioEditValues, unknown, RadioEditOutput>({
    resolver: zodResolver(radioEditSchema),
    defaultValues: {
      agentId: radio.agentId ?? NO_AGENT,
      status: radio.status,
      currentChannelId: radio.currentChannelId ?? NO_CHANNEL,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: radio.id, body: values });
      toast.success(t('Radio modifiée'), { description: `IMEI ${formatImei(radio.radioId)}` });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, radioEditFields, t('Impossible de modifier la radio'));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="radio-edit-agentId" label={t('Agent')} error={errors.agentId?.message}>
        <FormSelect control={control} name="agentId" id="radio-edit-agentId" options={agents.options} />
      </FormField>
      <FormField id="radio-edit-status" label={t('Statut')} required error={errors.status?.message}>
        <FormSelect control={control} name="status" id="radio-edit-status" options={radioStatusOptions()} />
      </FormField>
      <FormField id="radio-edit-channel" label={t('Canal')} error={errors.currentChannelId?.message}>
        <FormSelect
          control={control}
          name="currentChannelId"
          id="radio-edit-channel"
          options={channelOptions}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('Enregistrement...') : t('Enregistrer')}
        </Button>
      </div>
    </form>
  );
}
