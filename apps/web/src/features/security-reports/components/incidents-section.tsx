import type { IncidentType } from '@vigie/contract/security-reports.contract';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { msg, t } from '../../../lib/i18n/i18n';
import { type IncidentDraft, incidentLabel, incidentSchema, incidentTypeOptions } from './report-form-schema';

type IncidentsSectionProps = {
  items: IncidentDraft[];
  onAdd: (incident: IncidentDraft) => void;
  onRemove: (index: number) => void;
};

const empty: IncidentDraft = { type: 'intrusion', description: '', measuresTaken: '' };

/** The incidents of the report: a small form adds one to the list ('Incident ajouté'). */
export function IncidentsSection({ items, onAdd, onRemove }: IncidentsSectionProps) {
  const [draft, setDraft] = useState<IncidentDraft>(empty);
  const [error, setError] = useState<string | undefined>();

  const add = () => {
    const parsed = incidentSchema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? msg("Veuillez remplir la description de l'incident");
      setError(message);
      toast.error(t('Erreur'), { description: t(message) });
      return;
    }
    onAdd(draft);
    setDraft(empty);
    setError(undefined);
    toast.success(t('Incident ajouté'));
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-ink-700 p-4">
      <legend className="px-1 text-sm font-semibold text-fg">
        {t('Incidents ({count})', { count: items.length })}
      </legend>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {items.map((it, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: an added incident is never reordered.
              key={i}
              className="flex items-start justify-between gap-3 rounded-lg bg-ink-900/60 p-3 text-sm"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <Badge tone="warning" className="self-start">
                  {t(incidentLabel(it.type as IncidentType))}
                </Badge>
                <p className="break-words text-fg">{it.description}</p>
                {it.measuresTaken ? (
                  <p className="break-words text-fg-muted">
                    {t('Mesures prises : {measures}', { measures: it.measuresTaken })}
                  </p>
                ) : null}
              </div>
              <Button
                variant="danger-ghost"
                size="icon"
                aria-label={t("Retirer l'incident {position}", { position: i + 1 })}
                onClick={() => onRemove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <FormField id="incident-type" label={t("Type d'incident")}>
          <NativeSelect
            id="incident-type"
            options={incidentTypeOptions()}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as IncidentType })}
          />
        </FormField>
        <FormField id="incident-description" label={t("Description de l'incident")} error={error}>
          <Textarea
            id="incident-description"
            className="min-h-20"
            value={draft.description}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'incident-description-error' : undefined}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </FormField>
        <FormField id="incident-measures" label={t('Mesures prises')} className="sm:col-span-2">
          <Textarea
            id="incident-measures"
            className="min-h-16"
            value={draft.measuresTaken ?? ''}
            onChange={(e) => setDraft({ ...draft, measuresTaken: e.target.value })}
          />
        </FormField>
      </div>
      <Button variant="secondary" className="self-start" onClick={add}>
        <Plus aria-hidden="true" />
        {t("Ajouter l'incident")}
      </Button>
    </fieldset>
  );
}
