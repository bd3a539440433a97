import { zodResolver } from '@hookform/resolvers/zod';
import type { RuleCode, Shift } from '@vigie/contract/planning.contract';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-errors';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateShift } from '../api/create-shift';
import { useUpdateShift } from '../api/update-shift';
import { ofName } from './of-name';
import { formatDay, formatHours } from './planning-dates';
import { timeRange } from './shift-badges';
import { ShiftFormFields } from './shift-form-fields';
import {
  emptyShiftForm,
  nonOverridableRules,
  type ShiftFormOutput,
  type ShiftFormValues,
  shiftFormSchema,
  shiftToForm,
} from './shift-form-schema';
import { type BrokenRule, ShiftRulesPanel } from './shift-rules-panel';
import { useShiftRules } from './use-shift-rules';

type ShiftFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this shift; without it, plan a new one on `date`. */
  shift?: Shift;
  date: string;
  isAdmin: boolean;
};

/** 'Nouvelle garde' and 'Modifier': the rules are checked as the form is filled, then on save. */
export function ShiftFormDialog({ open, onOpenChange, shift, date, isAdmin }: ShiftFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={shift ? t('Modifier la garde') : t('Nouvelle garde')}
        description={
          shift
            ? t('Garde {ofAgent} du {date}.', {
                ofAgent: ofName(shift.agentName),
                date: formatDay(shift.date),
              })
            : t(
                'Planifiez une garde : les règles de la convention collective sont vérifiées avant l’enregistrement.',
              )
        }
      >
        {/* Mounted on open: the form starts from the shift (or the defaults) every time. */}
        <ShiftForm onOpenChange={onOpenChange} shift={shift} date={date} isAdmin={isAdmin} />
      </DialogContent>
    </Dialog>
  );
}

/** The broken rules of a 422 answer (`loc: ['rules', code]`), or null for any other error. */
function rulesOf(error: unknown): BrokenRule[] | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const rules = (error.detail as { loc?: unknown[]; msg?: string }[])
    .filter((item) => item.loc?.[0] === 'rules' && typeof item.msg === 'string')
    .map((item) => ({
      message: item.msg as string,
      overridable: !nonOverridableRules.has(item.loc?.[1] as RuleCode),
    }));
  return rules.length > 0 ? rules : null;
}

/** The form's fields, named as in the request body (a refusal about one shows under it). */
const shiftFields = Object.keys(emptyShiftForm('')) as (keyof ShiftFormValues)[];

function ShiftForm({ onOpenChange, shift, date, isAdmin }: Omit<ShiftFormDialogProps, 'open'>) {
  const create = useCreateShift();
  const update = useUpdateShift();
  const {
    control,
    register,
    setValue,
    getValues,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShiftFormValues, unknown, ShiftFormOutput>({
    resolver: zodResolver(shiftFormSchema),
    defaultValues: shift ? shiftToForm(shift) : emptyShiftForm(date),
  });
  const values = useWatch({ control }) as ShiftFormValues;
  const check = useShiftRules(values, shift?.id);
  // The rules a refused save named, until the form changes again.
  const [refused, setRefused] = useState<{ rules: BrokenRule[]; for: string } | null>(null);
  const snapshot = JSON.stringify({ ...values, override: undefined, overrideReason: undefined });
  const saveRules = refused && refused.for === snapshot ? refused.rules : null;

  const rules: BrokenRule[] = saveRules ?? check.violations;
  const allOverridable = rules.length > 0 && rules.every((r) => r.overridable);
  const offerOverride = isAdmin && allOverridable && (saveRules !== null || check.canOverride);
  const override = offerOverride && values.override;
  // The override only stands while it is offered (its justification is required while ticked).
  useEffect(() => {
    if (!offerOverride && getValues('override')) setValue('override', false);
  }, [offerOverride, getValues, setValue]);

  const onSubmit = handleSubmit(async (form) => {
    const { override: _o, overrideReason, ...fields } = form;
    const body = { ...fields, ...(override ? { overrideReason: overrideReason.trim() } : {}) };
    const failure = shift ? t('Impossible de modifier la garde') : t("Impossible d'ajouter la garde");
    try {
      const saved = shift ? await update.mutateAsync({ id: shift.id, body }) : await create.mutateAsync(body);
      const what = `${saved.agentName} · ${saved.siteName} · ${formatDay(saved.date)} ${timeRange(saved)}`;
      if (shift) toast.success(t('Garde modifiée'), { description: what });
      else
        toast.success(t('Garde ajoutée — {hours} de travail', { hours: formatHours(saved.workedMinutes) }), {
          description: what,
        });
      onOpenChange(false);
    } catch (error) {
      const broken = rulesOf(error);
      if (broken) setRefused({ rules: broken, for: snapshot });
      const rest = showServerErrors(error, setError, shiftFields);
      if (rest) toast.error(failure, { description: rest });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <ShiftFormFields
        control={control}
        register={register}
        errors={errors}
        setValue={setValue}
        getValues={getValues}
        editing={shift !== undefined}
      />
      <ShiftRulesPanel
        workedMinutes={check.workedMinutes}
        rules={rules}
        checking={check.checking}
        checked={check.checked && saveRules === null}
        checkError={saveRules ? null : check.error}
        offerOverride={offerOverride}
        override={override}
        register={register}
        errors={errors}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {shift
            ? isSubmitting
              ? t('Enregistrement...')
              : t('Enregistrer')
            : isSubmitting
              ? t('Création...')
              : t('Ajouter la garde')}
        </Button>
      </div>
    </form>
  );
}
