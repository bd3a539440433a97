import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { msg, t } from '../../../lib/i18n/i18n';
import { useReportAgents } from '../api/get-report-agents';
import { type InterventionDraft, interventionSchema } from './report-form-schema';

type InterventionsSectionProps = {
  items: InterventionDraft[];
  onAdd: (intervention: InterventionDraft) => void;
  onRemove: (index: number) => void;
};

const empty: InterventionDraft = { description: '', time: '', agentName: '', agentId: null };

/** Who intervened, when and how: a small form adds one to the list ('Intervention ajoutée'). */
export function InterventionsSection({ items, onAdd, onRemove }: InterventionsSectionProps) {
  const agents = useReportAgents();
  const [draft, setDraft] = useState<InterventionDraft>(empty);
  const [error, setError] = useState<string | undefined>();
  const agentOptions = [
    { value: '', label: t('Aucun agent choisi') },
    ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.name })),
  ];

  const add = () => {
    const parsed = interventionSchema.safeParse(draft);
    if (!parsed.success) {
      const message =
        parsed.error.issues[0]?.message ?? msg("Veuillez remplir la description de l'intervention");
      setError(message);
      toast.error(t('Erreur'), { description: t(message) });
      return;
    }
    onAdd(draft);
    setDraft(empty);
    setError(undefined);
    toast.success(t('Intervention ajoutée'));
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-ink-700 p-4">
      <legend className="px-1 text-sm font-semibold text-fg">
        {t('Interventions ({count})', { count: items.length })}
      </legend>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {items.map((it, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: an added intervention is never reordered.
              key={i}
              className="flex items-start justify-between gap-3 rounded-lg bg-ink-900/60 p-3 text-sm"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-medium text-fg">
                  {it.time || '—'} · {it.agentName || t('Agent non précisé')}
                </p>
                <p className="break-words text-fg-muted">{it.description}</p>
              </div>
              <Button
                variant="danger-ghost"
                size="icon"
                aria-label={t("Retirer l'intervention {position}", { position: i + 1 })}
                onClick={() => onRemove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <FormField id="intervention-time" label={t('Heure')}>
          <Input
            id="intervention-time"
            type="time"
            value={draft.time ?? ''}
            onChange={(e) => setDraft({ ...draft, time: e.target.value })}
          />
        </FormField>
        <FormField id="intervention-agent" label={t('Agent')}>
          <NativeSelect
            id="intervention-agent"
            options={agentOptions}
            value={draft.agentId ?? ''}
            onChange={(e) => {
              const agent = agents.data?.find((a) => a.id === e.target.value);
              setDraft({ ...draft, agentId: agent?.id ?? null, agentName: agent?.name ?? '' });
            }}
          />
        </FormField>
        <FormField
          id="intervention-description"
          label={t("Description de l'intervention")}
          error={error}
          className="sm:col-span-2"
        >
          <Textarea
            id="intervention-description"
            className="min-h-20"
            value={draft.description}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'intervention-description-error' : undefined}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </FormField>
      </div>
      <Button variant="secondary" className="self-start" onClick={add}>
        <Plus aria-hidden="true" />
        {t("Ajouter l'intervention")}
      </Button>
    </fieldset>
  );
}
