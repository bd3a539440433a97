import { Plus, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import {
  type AgentFormOutput,
  type AgentFormValues,
  emptyQualification,
  qualificationOptions,
} from './agent-form-schema';

type QualificationsEditorProps = {
  control: Control<AgentFormValues, unknown, AgentFormOutput>;
  register: UseFormRegister<AgentFormValues>;
  errors: FieldErrors<AgentFormValues>['qualifications'];
};

/** Rows of qualifications (SSIAP, SST, CQP APS…): type, number, obtained and expiry dates. */
export function QualificationsEditor({ control, register, errors }: QualificationsEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'qualifications' });
  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-fg">{t('Qualifications')}</legend>
      {fields.length === 0 ? <p className="text-sm text-fg-muted">{t('Aucune qualification.')}</p> : null}
      {fields.map((field, index) => {
        const rowErrors = errors?.[index];
        const id = (name: string) => `agent-qualification-${index}-${name}`;
        const a11y = (name: 'number' | 'obtainedOn' | 'expiresOn') => ({
          'aria-invalid': rowErrors?.[name] ? true : undefined,
          'aria-describedby': rowErrors?.[name] ? `${id(name)}-error` : undefined,
        });
        return (
          <div
            key={field.id}
            className="grid gap-3 rounded-lg border border-ink-700 bg-ink-900/50 p-3 sm:grid-cols-[1fr_1fr_auto]"
            data-testid="qualification-row"
          >
            <FormField id={id('type')} label={t('Type')} error={rowErrors?.type?.message}>
              <FormSelect
                control={control}
                name={`qualifications.${index}.type`}
                id={id('type')}
                options={qualificationOptions.map((o) => ({ ...o, label: t(o.label) }))}
              />
            </FormField>
            <FormField id={id('number')} label={t('Numéro')} error={rowErrors?.number?.message}>
              <Input
                id={id('number')}
                autoComplete="off"
                {...a11y('number')}
                {...register(`qualifications.${index}.number`)}
              />
            </FormField>
            <div className="flex items-end">
              <Button
                variant="danger-ghost"
                size="icon"
                onClick={() => remove(index)}
                aria-label={t('Retirer la qualification {number}', { number: index + 1 })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <FormField id={id('obtainedOn')} label={t('Obtenue le')} error={rowErrors?.obtainedOn?.message}>
              <Input
                id={id('obtainedOn')}
                type="date"
                {...a11y('obtainedOn')}
                {...register(`qualifications.${index}.obtainedOn`)}
              />
            </FormField>
            <FormField
              id={id('expiresOn')}
              label={t('Expire le')}
              hint={t('Vide : calculée (SST 24 mois, SSIAP 36 mois)')}
              error={rowErrors?.expiresOn?.message}
            >
              <Input
                id={id('expiresOn')}
                type="date"
                {...a11y('expiresOn')}
                {...register(`qualifications.${index}.expiresOn`)}
              />
            </FormField>
          </div>
        );
      })}
      {fields.length < 20 ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => append({ ...emptyQualification })}>
            <Plus aria-hidden="true" />
            {t('Ajouter une qualification')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
