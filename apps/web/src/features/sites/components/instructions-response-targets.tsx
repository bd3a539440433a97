import { type AlarmSeverity, alarmSeverities, alarmSeverityLabels } from '@vigie/contract/alarms.contract';
import type { ResponseTarget } from '@vigie/contract/site-instructions.contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import type { InstructionsFormValues } from './instructions-form-schema';

// From the most to the least severe: the order an operator reads them in.
const bySeverity = [...alarmSeverities].reverse();

/** How fast an agent must accept a proposed intervention, and be on site, by the alarm's severity. */
export function ResponseTargetsView({ targets }: { targets: Record<AlarmSeverity, ResponseTarget> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {bySeverity.map((s) => (
        <div key={s} className="flex flex-col gap-0.5 rounded-md border border-ink-700 px-3 py-2">
          <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">
            {t(alarmSeverityLabels[s])}
          </dt>
          <dd className="text-sm text-slate-200">
            {t('Acceptation : {seconds} s', { seconds: targets[s].acceptSeconds })}
          </dd>
          <dd className="text-sm text-slate-200">
            {t('Sur place : {minutes} min', { minutes: targets[s].arriveMinutes })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ResponseTargetsFields({
  register,
  errors,
}: {
  register: UseFormRegister<InstructionsFormValues>;
  errors: FieldErrors<InstructionsFormValues>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {bySeverity.map((s) => {
        const e = errors.responseTargets?.[s];
        const accept = `target-${s}-accept`;
        const arrive = `target-${s}-arrive`;
        return (
          <fieldset key={s} className="grid grid-cols-2 gap-3 rounded-md border border-ink-700 p-3">
            <legend className="px-1 text-sm font-medium text-white">{t(alarmSeverityLabels[s])}</legend>
            <FormField id={accept} label={t('Acceptation (s)')} error={e?.acceptSeconds?.message}>
              <Input
                id={accept}
                type="number"
                inputMode="numeric"
                min={10}
                max={3600}
                aria-invalid={e?.acceptSeconds ? true : undefined}
                aria-describedby={e?.acceptSeconds ? `${accept}-error` : undefined}
                {...register(`responseTargets.${s}.acceptSeconds`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField id={arrive} label={t('Sur place (min)')} error={e?.arriveMinutes?.message}>
              <Input
                id={arrive}
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                aria-invalid={e?.arriveMinutes ? true : undefined}
                aria-describedby={e?.arriveMinutes ? `${arrive}-error` : undefined}
                {...register(`responseTargets.${s}.arriveMinutes`, { valueAsNumber: true })}
              />
            </FormField>
          </fieldset>
        );
      })}
    </div>
  );
}
