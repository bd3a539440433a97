import { RECORDING_RETENTION_MAX_DAYS, recordingRetentionBody } from '@vigie/contract/radio-traffic.contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { useRecordingRetention } from '../api/get-recording-retention';
import { useSetRecordingRetention } from '../api/set-recording-retention';

/** How long the recordings are kept (personal data: 6 months at most). */
export function RetentionForm() {
  const retention = useRecordingRetention();
  return (
    <QueryState
      query={retention}
      layout="inline"
      loading="Chargement de la durée de conservation…"
      error="Impossible de charger la durée de conservation"
    >
      {(data) => <RetentionFields initialDays={data.days} />}
    </QueryState>
  );
}

function RetentionFields({ initialDays }: { initialDays: number }) {
  const save = useSetRecordingRetention();
  const [days, setDays] = useState(String(initialDays));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = recordingRetentionBody.safeParse({ days: days.trim() === '' ? undefined : days });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Durée de conservation invalide');
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data.days);
      toast.success('Conservation mise à jour', {
        description: `Les enregistrements sont conservés ${saved.days} jour${saved.days > 1 ? 's' : ''}.`,
      });
    } catch (failure) {
      const { onFields, rest } = splitServerError(
        failure,
        ['days'],
        'Impossible de modifier la conservation',
      );
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField(['radio-retention-days']);
      }
      if (rest) toast.error('Erreur', { description: rest });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id="radio-retention-days"
        label="Durée de conservation (jours)"
        hint={`Les enregistrements sont conservés 6 mois au plus (${RECORDING_RETENTION_MAX_DAYS} jours).`}
        error={error ?? undefined}
        className="flex-1"
      >
        <Input
          id="radio-retention-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={RECORDING_RETENTION_MAX_DAYS}
          value={days}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'radio-retention-days-error' : undefined}
          onChange={(event) => {
            setDays(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" disabled={save.isPending} className="sm:mt-7">
        {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
      </Button>
    </form>
  );
}
