import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { msg, t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import {
  type BadgeFormOutput,
  type BadgeFormValues,
  maxTimeWindows,
  newTimeWindow,
} from './badge-form-schema';

/** ISO weekdays, as the contract numbers them (1 = lundi … 7 = dimanche). */
const weekdays = [
  { day: 1, label: msg('lundi') },
  { day: 2, label: msg('mardi') },
  { day: 3, label: msg('mercredi') },
  { day: 4, label: msg('jeudi') },
  { day: 5, label: msg('vendredi') },
  { day: 6, label: msg('samedi') },
  { day: 7, label: msg('dimanche') },
] as const;

// A day's initial: one message for the seven, as « M » is both mardi and mercredi in French.
const dayInitial = (day: number) =>
  t('{day, select, d1 {L} d2 {M} d3 {M} d4 {J} d5 {V} d6 {S} other {D}}', { day: `d${day}` });

type TimeWindowsFieldProps = {
  control: Control<BadgeFormValues, unknown, BadgeFormOutput>;
  register: UseFormRegister<BadgeFormValues>;
  errors: FieldErrors<BadgeFormValues>;
};

/** « Plages horaires »: none means any hour; each row is days, a start and an end. */
export function TimeWindowsField({ control, register, errors }: TimeWindowsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'timeWindows' });

  return (
    <fieldset className="sm:col-span-2" aria-describedby="badge-timeWindows-hint">
      <legend className="mb-1 text-sm font-medium text-fg">{t('Plages horaires')}</legend>
      <p id="badge-timeWindows-hint" className="mb-2 text-xs text-fg-muted">
        {t(
          'Sans plage horaire, le badge est accepté à toute heure. Une fin avant le début passe minuit (ex. 22:00 → 06:00). Heures du fuseau de la société.',
        )}
      </p>
      <div className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const rowErrors = errors.timeWindows?.[index];
          const messages = [
            rowErrors?.days?.message,
            rowErrors?.start?.message,
            rowErrors?.end?.message,
            rowErrors?.message,
          ]
            .filter((message): message is string => Boolean(message))
            .map((message) => t(message));
          const errorId = `badge-tw-${index}-error`;
          return (
            <fieldset
              key={field.id}
              className="flex flex-wrap items-end gap-3 rounded-lg border border-ink-700 p-3"
            >
              <legend className="sr-only">{t('Plage {index}', { index: index + 1 })}</legend>
              <Controller
                control={control}
                name={`timeWindows.${index}.days`}
                render={({ field: days }) => (
                  <fieldset className="flex gap-1">
                    <legend className="sr-only">{t('Jours')}</legend>
                    {weekdays.map(({ day, label }) => {
                      const on = days.value.includes(day);
                      return (
                        <button
                          key={day}
                          type="button"
                          aria-label={t(label)}
                          aria-pressed={on}
                          title={t(label)}
                          onClick={() =>
                            days.onChange(
                              on
                                ? days.value.filter((d) => d !== day)
                                : [...days.value, day].sort((a, b) => a - b),
                            )
                          }
                          className={cn(
                            'size-9 rounded-md border text-sm font-medium transition-colors',
                            on
                              ? 'border-accent bg-accent text-white'
                              : 'border-ink-600 text-fg-muted hover:bg-ink-800',
                          )}
                        >
                          {dayInitial(day)}
                        </button>
                      );
                    })}
                  </fieldset>
                )}
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={`badge-tw-${index}-start`} className="text-xs text-fg-muted">
                  {t('Début')}
                </Label>
                <Input
                  id={`badge-tw-${index}-start`}
                  type="time"
                  className="w-32 [color-scheme:dark]"
                  aria-invalid={rowErrors?.start || rowErrors?.message ? true : undefined}
                  aria-describedby={messages.length > 0 ? errorId : undefined}
                  {...register(`timeWindows.${index}.start`)}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`badge-tw-${index}-end`} className="text-xs text-fg-muted">
                  {t('Fin')}
                </Label>
                <Input
                  id={`badge-tw-${index}-end`}
                  type="time"
                  className="w-32 [color-scheme:dark]"
                  aria-invalid={rowErrors?.end || rowErrors?.message ? true : undefined}
                  aria-describedby={messages.length > 0 ? errorId : undefined}
                  {...register(`timeWindows.${index}.end`)}
                />
              </div>
              <Button variant="danger-ghost" size="sm" className="ml-auto" onClick={() => remove(index)}>
                {t('Retirer')}
              </Button>
              {messages.length > 0 ? (
                <p id={errorId} role="alert" className="w-full text-xs text-red-300">
                  {messages.join(' · ')}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        disabled={fields.length >= maxTimeWindows}
        onClick={() => append({ ...newTimeWindow, days: [...newTimeWindow.days] })}
      >
        {t('Ajouter une plage')}
      </Button>
      {errors.timeWindows?.message ? (
        <p role="alert" className="mt-1 text-xs text-red-300">
          {t(errors.timeWindows.message)}
        </p>
      ) : null}
    </fieldset>
  );
}
