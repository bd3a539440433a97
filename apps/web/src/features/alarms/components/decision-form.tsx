import { decisionOutcomeLabels, decisionOutcomes } from '@vigie/contract/alarm-file.contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useEntrySubmit } from './file-entry-submit';

type Outcome = (typeof decisionOutcomes)[number];

/** The three outcomes as radio buttons and the reason (also inside the resolve form). */
export function DecisionFields({
  idPrefix,
  outcome,
  reason,
  onOutcome,
  onReason,
  errors,
}: {
  idPrefix: string;
  outcome: Outcome | '';
  reason: string;
  onOutcome: (o: Outcome) => void;
  onReason: (r: string) => void;
  errors: { outcome?: string; reason?: string };
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium text-fg">{t('Décision')}</legend>
        <div className="flex flex-wrap gap-2">
          {decisionOutcomes.map((o) => (
            <label
              key={o}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                outcome === o ? 'border-accent bg-accent/15 text-white' : 'border-ink-700 text-fg-muted',
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-outcome`}
                value={o}
                checked={outcome === o}
                onChange={() => onOutcome(o)}
                className="accent-blue-500"
              />
              {t(decisionOutcomeLabels[o])}
            </label>
          ))}
        </div>
        {errors.outcome ? (
          <p role="alert" className="text-xs text-red-300">
            {errors.outcome}
          </p>
        ) : null}
      </fieldset>
      <FormField id={`${idPrefix}-reason`} label={t('Motif')} error={errors.reason} required>
        <Textarea
          id={`${idPrefix}-reason`}
          rows={2}
          value={reason}
          placeholder={t('Ex. Intrus visible sur la caméra du quai')}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${idPrefix}-reason-error` : undefined}
          onChange={(e) => onReason(e.target.value)}
        />
      </FormField>
    </>
  );
}

export function DecisionForm({ alarmId }: { alarmId: string }) {
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [reason, setReason] = useState('');
  const { submit, errors, setErrors, clear, pending } = useEntrySubmit(
    alarmId,
    ['outcome', 'reason'] as const,
    t('Décision consignée'),
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!outcome || !reason.trim()) {
      setErrors({
        outcome: outcome ? undefined : t('Choisissez la décision'),
        reason: reason.trim() ? undefined : t('Le motif de la décision est obligatoire'),
      });
      return;
    }
    if (await submit({ kind: 'decision', outcome, reason: reason.trim() })) {
      setOutcome('');
      setReason('');
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <DecisionFields
        idPrefix="file-decision"
        outcome={outcome}
        reason={reason}
        onOutcome={(o) => {
          setOutcome(o);
          clear('outcome');
        }}
        onReason={(r) => {
          setReason(r);
          clear('reason');
        }}
        errors={errors}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending}>
          {t('Consigner la décision')}
        </Button>
      </div>
    </form>
  );
}
