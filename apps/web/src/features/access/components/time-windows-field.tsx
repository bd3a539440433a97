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
import { cn } from '../../../lib/utils';
import {
  type BadgeFormOutput,
  type BadgeFormValues,
  maxTimeWindows,
  newTimeWindow,
} from './badge-form-schema';

/** ISO weekdays, as the contract numbers them (1 = lundi … 7 = dimanche). */
const weekdays = [
  { day: 1, short: 'L', label: 'lundi' },
  { day: 2, short: 'M', label: 'mardi' },
  { day: 3, short: 'M', label: 'mercredi' },
  { day: 4, short: 'J', label: 'jeudi' },
  { day: 5, short: 'V', label: 'vendredi' },
  { day: 6, short: 'S', label: 'samedi' },
  { day: 7, short: 'D', label: 'dimanche' },
] as const;

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
      <legend className="mb-1 text-sm font-medium text-fg">Plages horaires</legend>
      <p id="badge-timeWindows-hint" className="mb-2 text-xs text-fg-muted">
        Sans plage horaire, le badge est accepté à toute heure. Une fin avant le début passe minuit (ex. 22:00
        → 06:00). Heures du fuseau de la société.
      </p>
      <div className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const rowErrors = errors.timeWindows?.[index];
          const messages = [
            rowErrors?.days?.message,
            rowErrors?.start?.message,
            rowErrors?.end?.message,
            rowErrors?.message,
          ].filter(Boolean);
          const errorId = `badge-tw-${index}-error`;
          return (
            <fieldset
              key={field.id}
              className="flex flex-wrap items-end gap-3 rounded-lg border border-ink-700 p-3"
            >
              <legend className="sr-only">{`Plage ${index + 1}`}</legend>
              <Controller
                control={control}
                name={`timeWindows.${index}.days`}
                render={({ field: days }) => (
                  <fieldset className="flex gap-1">
                    <legend className="sr-only">Jours</legend>
                    {weekdays.map(({ day, short, label }) => {
                      const on = days.value.includes(day);
                      return (
                        <button
                          key={day}
                          type="button"
                          aria-label={label}
                          aria-pressed={on}
                          title={label}
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
                          {short}
                        </button>
                      );
                    })}
                  </fieldset>
                )}
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={`badge-tw-${index}-start`} className="text-xs text-fg-muted">
                  Début
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
                  Fin
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
                Retirer
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
        Ajouter une plage
      </Button>
      {errors.timeWindows?.message ? (
        <p role="alert" className="mt-1 text-xs text-red-300">
          {errors.timeWindows.message}
        </p>
      ) : null}
    </fieldset>
  );
}
