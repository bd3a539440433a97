import { zodResolver } from '@hookform/resolvers/zod';
import type { Agent } from '@vigie/contract/agents.contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateAgent } from '../api/create-agent';
import { usePutAgentPhoto } from '../api/put-agent-photo';
import { useUpdateAgent } from '../api/update-agent';
import { AgentFormFields } from './agent-form-fields';
import {
  type AgentFormOutput,
  type AgentFormValues,
  agentFormSchema,
  agentToForm,
  emptyAgentForm,
  fileToBase64,
} from './agent-form-schema';
import { AgentPhotoInput } from './agent-photo-input';
import { ofName } from './of-name';
import { QualificationsEditor } from './qualifications-editor';

type AgentFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this agent; without it, create a new one. */
  agent?: Agent;
  today: string;
  /** Administrators may link the agent to a user account of role Agent (the users list is theirs). */
  isAdmin: boolean;
};

/** 'Nouvel agent' and 'Modifier': the same form, POST or PATCH, then the photo if one was chosen. */
export function AgentFormDialog({ open, onOpenChange, agent, today, isAdmin }: AgentFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="xl"
        title={agent ? t("Modifier l'agent") : t('Nouvel agent')}
        description={
          agent
            ? t('Modifiez la fiche {ofAgent}.', { ofAgent: ofName(agent.name) })
            : t('Ajoutez un agent : identité, spécialité, carte professionnelle et qualifications.')
        }
      >
        {/* Mounted on open: the form starts from the agent (or empty) every time. */}
        <AgentForm onOpenChange={onOpenChange} agent={agent} today={today} isAdmin={isAdmin} />
      </DialogContent>
    </Dialog>
  );
}

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const agentFields = Object.keys(agentFormSchema.shape) as (keyof AgentFormValues)[];

function AgentForm({ onOpenChange, agent, today, isAdmin }: Omit<AgentFormDialogProps, 'open'>) {
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const putPhoto = usePutAgentPhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<AgentFormValues, unknown, AgentFormOutput>({
    resolver: zodResolver(agentFormSchema),
    defaultValues: agent ? agentToForm(agent) : emptyAgentForm(today),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const uploadPhoto = async (saved: Agent) => {
    if (!photo) return;
    try {
      await putPhoto.mutateAsync({ id: saved.id, data: await fileToBase64(photo) });
    } catch (error) {
      toast.error(t("La photo n'a pas été enregistrée"), { description: errorMessage(error) });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    // Only administrators see the linked account: others leave it as it is.
    const { userId, ...rest } = values;
    const body = isAdmin ? values : rest;
    if (agent) {
      try {
        const saved = await update.mutateAsync({ id: agent.id, body });
        await uploadPhoto(saved);
        toast.success(t('Agent modifié'), {
          description: t('La fiche {ofAgent} a été enregistrée.', { ofAgent: ofName(saved.name) }),
        });
        onOpenChange(false);
      } catch (error) {
        const rest = showServerErrors(error, setError, agentFields);
        if (rest) toast.error(t("Impossible de modifier l'agent"), { description: rest });
      }
      return;
    }
    try {
      const saved = await create.mutateAsync(isAdmin ? values : { ...rest, userId: null });
      await uploadPhoto(saved);
      toast.success(t('Agent ajouté'), {
        description: t('{name} a été ajouté à vos agents.', { name: saved.name }),
      });
      onOpenChange(false);
    } catch (error) {
      // The server's detail (e.g. the plan limit), else the screen's own message.
      const rest = showServerErrors(error, setError, agentFields, t("Impossible d'ajouter l'agent"));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <AgentPhotoInput
        name={form.watch('name')}
        current={agent?.photo ?? null}
        file={photo}
        onChange={setPhoto}
      />
      <AgentFormFields control={control} register={register} errors={errors} isAdmin={isAdmin} />
      <QualificationsEditor control={control} register={register} errors={errors.qualifications} />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {agent
            ? isSubmitting
              ? t('Enregistrement...')
              : t('Enregistrer')
            : isSubmitting
              ? t('Création...')
              : t("Ajouter l'agent")}
        </Button>
      </div>
    </form>
  );
}
