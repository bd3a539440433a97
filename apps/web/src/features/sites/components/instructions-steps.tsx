import { type InstructionStep, instructionLimits } from '@vigie/contract/site-instructions.contract';
import { Plus } from 'lucide-react';
import { type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import type { InstructionsControl, InstructionsFormValues } from './instructions-form-schema';
import { RankBadge, RowActions } from './instructions-parts';

/** The intervention's checklist, in order. */
export function StepsView({ steps }: { steps: InstructionStep[] }) {
  if (steps.length === 0) {
    return <p className="text-sm text-fg-muted">{t("Aucune consigne d'intervention enregistrée.")}</p>;
  }
  return (
    <ol className="flex flex-col gap-2">
      {steps.map((s, i) => (
        <li key={s.id} className="flex items-start gap-3 text-sm text-slate-200">
          <RankBadge rank={i + 1} />
          <span className="min-w-0 pt-0.5 break-words">{s.text}</span>
        </li>
      ))}
    </ol>
  );
}

export function StepsFields({
  control,
  register,
  errors,
}: {
  control: InstructionsControl;
  register: UseFormRegister<InstructionsFormValues>;
  errors: FieldErrors<InstructionsFormValues>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'steps' });
  const listError = errors.steps?.root?.message ?? errors.steps?.message;
  return (
    <div className="flex flex-col gap-2">
      <ol className="flex flex-col gap-2">
        {fields.map((field, i) => {
          const error = errors.steps?.[i]?.text?.message;
          const id = `step-${i}-text`;
          return (
            <li key={field.id} className="flex flex-col gap-1">
              {/* On a phone the buttons go under the text, which keeps the width. */}
              <div className="flex flex-wrap items-center gap-2">
                <RankBadge rank={i + 1} />
                <Input
                  id={id}
                  autoComplete="off"
                  aria-label={t('Étape {number}', { number: i + 1 })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className="min-w-0 flex-1 basis-48"
                  {...register(`steps.${i}.text`)}
                />
                <RowActions
                  index={i}
                  count={fields.length}
                  labels={{
                    up: t("Monter l'étape {number}", { number: i + 1 }),
                    down: t("Descendre l'étape {number}", { number: i + 1 }),
                    remove: t("Retirer l'étape {number}", { number: i + 1 }),
                  }}
                  onMove={move}
                  onRemove={() => remove(i)}
                  canRemove={fields.length > 1}
                  className="ml-auto"
                />
              </div>
              {error ? (
                <p id={`${id}-error`} role="alert" className="pl-8 text-xs text-red-300">
                  {t(error)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p role="alert" className="text-xs text-red-300">
          {t(listError)}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={fields.length >= instructionLimits.steps}
        onClick={() => append({ text: '' })}
      >
        <Plus aria-hidden="true" />
        {t('Ajouter une étape')}
      </Button>
    </div>
  );
}
