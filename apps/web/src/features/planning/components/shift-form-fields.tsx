import type { ShiftType } from '@vigie/contract/planning.contract';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormGetValues,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useAgents } from '../../../lib/agents-api';
import { msg, t } from '../../../lib/i18n/i18n';
import { usePlanningSites } from '../api/get-planning-sites';
import {
  presetTimes,
  type ShiftFormOutput,
  type ShiftFormValues,
  shiftTypeOptions,
} from './shift-form-schema';

type ShiftFormFieldsProps = {
  control: Control<ShiftFormValues, unknown, ShiftFormOutput>;
  register: UseFormRegister<ShiftFormValues>;
  errors: FieldErrors<ShiftFormValues>;
  setValue: UseFormSetValue<ShiftFormValues>;
  getValues: UseFormGetValues<ShiftFormValues>;
  editing: boolean;
};

type TimeField = 'startTime' | 'breakStart' | 'breakEnd' | 'endTime';
const timeFields: { name: TimeField; label: string; required: boolean }[] = [
  { name: 'startTime', label: msg('Début'), required: true },
  { name: 'endTime', label: msg('Fin'), required: true },
  { name: 'breakStart', label: msg('Début de pause'), required: false },
  { name: 'breakEnd', label: msg('Fin de pause'), required: false },
];

/** Agent, site, date, type (its preset fills the times) and the four times. */
export function ShiftFormFields({
  control,
  register,
  errors,
  setValue,
  getValues,
  editing,
}: ShiftFormFieldsProps) {
  const agents = useAgents();
  const sites = usePlanningSites();
  const agentOptions = (agents.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.badge})` }));
  const siteOptions = (sites.data ?? [])
    .filter((s) => s.status === 'active' || s.id === getValues('siteId'))
    .map((s) => ({ value: s.id, label: s.name }));

  const a11y = (name: keyof ShiftFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `shift-${name}-error` : undefined,
  });
  const dirty = { shouldValidate: false, shouldDirty: true } as const;

  return (
    <>
      <FormField id="shift-agentId" label={t('Agent')} required error={errors.agentId?.message}>
        <Controller
          control={control}
          name="agentId"
          render={({ field }) => (
            <Select
              id="shift-agentId"
              options={agentOptions}
              placeholder={
                agents.isPending
                  ? t('Chargement…')
                  : agentOptions.length === 0
                    ? t('Aucun agent')
                    : t('Choisir un agent')
              }
              value={field.value}
              onValueChange={(id) => {
                field.onChange(id);
                // A new shift goes to the agent's assigned site unless one was chosen.
                const assigned = agents.data?.find((a) => a.id === id)?.assignedSiteId;
                if (!editing && assigned && !getValues('siteId')) setValue('siteId', assigned, dirty);
              }}
              {...a11y('agentId')}
            />
          )}
        />
      </FormField>
      <FormField id="shift-siteId" label={t('Site')} required error={errors.siteId?.message}>
        <FormSelect
          control={control}
          name="siteId"
          id="shift-siteId"
          options={siteOptions}
          placeholder={
            siteOptions.length === 0 ? t('Aucun site : créez-en un d’abord') : t('Choisir un site')
          }
          {...a11y('siteId')}
        />
      </FormField>
      <FormField id="shift-date" label={t('Date')} required error={errors.date?.message}>
        <Input id="shift-date" type="date" {...a11y('date')} {...register('date')} />
      </FormField>
      <FormField id="shift-shiftType" label={t('Type de garde')} required error={errors.shiftType?.message}>
        <Controller
          control={control}
          name="shiftType"
          render={({ field }) => (
            <Select
              id="shift-shiftType"
              options={shiftTypeOptions()}
              value={field.value}
              onValueChange={(type) => {
                field.onChange(type);
                const times = presetTimes(type as ShiftType);
                for (const name of ['startTime', 'endTime', 'breakStart', 'breakEnd'] as const) {
                  setValue(name, times[name], dirty);
                }
              }}
            />
          )}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4 sm:col-span-2">
        {timeFields.map(({ name, label, required }) => (
          <FormField
            key={name}
            id={`shift-${name}`}
            label={t(label)}
            required={required}
            error={errors[name]?.message}
          >
            <Input id={`shift-${name}`} type="time" {...a11y(name)} {...register(name)} />
          </FormField>
        ))}
      </div>
    </>
  );
}
