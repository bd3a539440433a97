import { zodResolver } from '@hookform/resolvers/zod';
import { channelPriorityLabels, channelTypeLabels } from '@vigie/contract/radio.contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input, Textarea } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateChannel } from '../api/create-channel';
import {
  type ChannelFormOutput,
  type ChannelFormValues,
  channelFormSchema,
  channelPriorityOptions,
  channelTypeOptions,
  emptyChannelForm,
} from './channel-form-schema';

type ChannelFormDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Créer un canal': name, type, priority and description. */
export function ChannelFormDialog({ open, onOpenChange }: ChannelFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Créer un canal')}
        description={t('Un canal de discussion push-to-talk : un site, une équipe, les urgences.')}
      >
        <ChannelForm onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const channelFields = Object.keys(emptyChannelForm) as (keyof ChannelFormValues)[];

function ChannelForm({ onOpenChange }: Omit<ChannelFormDialogProps, 'open'>) {
  const create = useCreateChannel();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChannelFormValues, unknown, ChannelFormOutput>({
    resolver: zodResolver(channelFormSchema),
    defaultValues: emptyChannelForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const channel = await create.mutateAsync(values);
      const priorityLabel = channelPriorityLabels[channel.priority as 0 | 1 | 2];
      toast.success(t('Canal créé'), {
        description: t('{name} ({type}, priorité {priority})', {
          name: channel.name,
          type: t(channelTypeLabels[channel.type]),
          priority: priorityLabel ? t(priorityLabel) : channel.priority,
        }),
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, channelFields, t('Impossible de créer le canal'));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const a11y = (name: keyof ChannelFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `channel-${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="channel-name"
        label={t('Nom du canal')}
        required
        error={errors.name?.message}
        className="sm:col-span-2"
      >
        <Input
          id="channel-name"
          autoComplete="off"
          placeholder={t('Ex. Site Nord, Équipe de nuit')}
          maxLength={80}
          {...a11y('name')}
          {...register('name')}
        />
      </FormField>
      <FormField id="channel-type" label={t('Type')} required error={errors.type?.message}>
        <FormSelect
          control={control}
          name="type"
          id="channel-type"
          options={channelTypeOptions()}
          {...a11y('type')}
        />
      </FormField>
      <FormField id="channel-priority" label={t('Priorité')} required error={errors.priority?.message}>
        <FormSelect
          control={control}
          name="priority"
          id="channel-priority"
          options={channelPriorityOptions()}
          {...a11y('priority')}
        />
      </FormField>
      <FormField
        id="channel-description"
        label={t('Description')}
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <Textarea
          id="channel-description"
          rows={3}
          maxLength={500}
          {...a11y('description')}
          {...register('description')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('Création...') : t('Créer le canal')}
        </Button>
      </div>
    </form>
  );
}
