import { RECORDING_RETENTION_MAX_DAYS, recordingRetentionBody } from '@vigie/contract/radio-traffic.contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useRecordingRetention } from '../api/get-recording-retention';
import { useSetRecordingRetention } from '../api/set-recording-retention';

/** How long the recordings are kept (personal data: 6 months at most). */
export function RetentionForm() {
  const retention = useRecordingRetention();
  return (
    <QueryState
      query={retention}
      layout="inline"
      loading={t('Chargement de la durée de conservation…')}
      error={t('Impossible de charger la durée de conservation')}
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
      // The contract's French message: the field translates it where it is shown.
      setError(parsed.error.issues[0]?.message ?? msg('Durée de conservation invalide'));
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data.days);
      toast.success(t('Conservation mise à jour'), {
        description: t(
          '{count, plural, one {Les enregistrements sont conservés # jour.} other {Les enregistrements sont conservés # jours.}}',
          {
            count: saved.days,
          },
        ),
      });
    } catch (failure) {
      const { onFields, rest } = splitServerError(
        failure,
        ['days'],
        t('Impossible de modifier la conservation'),
      );
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField(['radio-retention-days']);
      }
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id="radio-retention-days"
        label={t('Durée de conservation (jours)')}
        hint={t('Les enregistrements sont conservés 6 mois au plus ({max} jours).', {
          max: RECORDING_RETENTION_MAX_DAYS,
        })}
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
        {save.isPending ? t('Enregistrement...') : t('Enregistrer')}
      </Button>
    </form>
  );
}
