import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n/i18n';
import { formatHours } from './planning-dates';
import type { ShiftFormValues } from './shift-form-schema';

export type BrokenRule = { message: string; overridable: boolean };

type ShiftRulesPanelProps = {
  workedMinutes: number | null;
  rules: readonly BrokenRule[];
  checking: boolean;
  /** The rules were checked for the values as they stand (and none is broken when `rules` is empty). */
  checked: boolean;
  checkError: string | null;
  /** An administrator facing only overridable rules: offer the override and its justification. */
  offerOverride: boolean;
  override: boolean;
  register: UseFormRegister<ShiftFormValues>;
  errors: FieldErrors<ShiftFormValues>;
};

/** Worked time, the working-time rules the shift breaks, and the administrator's override. */
export function ShiftRulesPanel({
  workedMinutes,
  rules,
  checking,
  checked,
  checkError,
  offerOverride,
  override,
  register,
  errors,
}: ShiftRulesPanelProps) {
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      <p className="flex items-center gap-2 text-sm text-slate-200" aria-live="polite">
        <Clock aria-hidden="true" className="size-4 text-blue-300" />
        {t('Temps de travail : {hours}', {
          hours: workedMinutes === null ? '—' : formatHours(workedMinutes),
        })}
        {checking ? <Spinner className="[&_svg]:size-4" label={t('Vérification des règles…')} /> : null}
      </p>
      {rules.length > 0 || checkError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-500/50 bg-red-500/10 p-3 text-sm text-red-200"
        >
          <p className="mb-1.5 font-medium">{t('Règles du temps de travail non respectées :')}</p>
          <ul className="flex flex-col gap-1" data-testid="shift-rules">
            {checkError ? <li className="flex gap-2">{checkError}</li> : null}
            {rules.map((rule) => (
              <li key={rule.message} className="flex gap-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {rule.message}
                  {rule.overridable ? null : <span className="text-red-300"> {t('(impératif)')}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : checked ? (
        <p className="flex items-center gap-2 text-sm text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('Règles du temps de travail respectées')}
        </p>
      ) : null}
      {offerOverride ? (
        <div className="flex flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3">
          <label className="flex min-h-8 items-center gap-2 text-sm text-amber-100">
            <input type="checkbox" className="size-4 accent-amber-500" {...register('override')} />
            {t('Passer outre les règles (administrateur)')}
          </label>
          {override ? (
            <FormField
              id="shift-overrideReason"
              label={t('Justification')}
              required
              error={errors.overrideReason?.message}
            >
              <Textarea
                id="shift-overrideReason"
                rows={3}
                placeholder={t("Ex. Remplacement urgent d'un agent malade, accord du salarié")}
                aria-invalid={errors.overrideReason ? true : undefined}
                aria-describedby={errors.overrideReason ? 'shift-overrideReason-error' : undefined}
                {...register('overrideReason')}
              />
            </FormField>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
