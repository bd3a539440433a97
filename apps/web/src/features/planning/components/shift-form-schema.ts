// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { idSchema } from '@vigie/contract/common';
import {
  createShiftBody,
  defaultShift,
  type RuleCode,
  type Shift,
  type ShiftType,
  shiftPresets,
  shiftTypeLabels,
  shiftTypes,
} from '@vigie/contract/planning.contract';
import { z } from 'zod';
import { msg, t } from '../../../lib/i18n/i18n';

/** What the rules are checked on: the contract's body without the administrator's override. */
export const shiftRulesSchema = createShiftBody.omit({ overrideReason: true });

export const shiftFormSchema = shiftRulesSchema
  .extend({
    agentId: z
      .string()
      .min(1, { error: msg('Choisissez un agent') })
      .pipe(idSchema),
    siteId: z
      .string()
      .min(1, { error: msg('Choisissez un site') })
      .pipe(idSchema),
    shiftType: z.enum(shiftTypes, { error: msg('Type de garde invalide') }),
    override: z.boolean(),
    overrideReason: z.string(),
  })
  .superRefine((v, ctx) => {
    if (Boolean(v.breakStart) !== Boolean(v.breakEnd)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.breakStart ? 'breakEnd' : 'breakStart'],
        message: msg('Indiquez le début et la fin de la pause, ou aucun des deux'),
      });
    }
    const reason = v.overrideReason.trim();
    if (v.override && reason.length < 10) {
      ctx.addIssue({
        code: 'custom',
        path: ['overrideReason'],
        message: msg('La justification doit compter au moins 10 caractères'),
      });
    }
    if (reason.length > 500) {
      ctx.addIssue({
        code: 'custom',
        path: ['overrideReason'],
        message: msg('La justification ne doit pas dépasser 500 caractères'),
      });
    }
  });

export type ShiftFormValues = z.input<typeof shiftFormSchema>;
export type ShiftFormOutput = z.output<typeof shiftFormSchema>;

/** The default shift: a custom one of 08:00–17:00 with a break of 12:00–13:00. */
export function emptyShiftForm(date: string): ShiftFormValues {
  return {
    agentId: '',
    siteId: '',
    date,
    shiftType: 'custom',
    startTime: defaultShift.startTime,
    breakStart: defaultShift.breakStart,
    breakEnd: defaultShift.breakEnd,
    endTime: defaultShift.endTime,
    override: false,
    overrideReason: '',
  };
}

export function shiftToForm(shift: Shift): ShiftFormValues {
  return {
    agentId: shift.agentId,
    siteId: shift.siteId,
    date: shift.date,
    shiftType: shift.type,
    startTime: shift.startTime,
    breakStart: shift.breakStart ?? '',
    breakEnd: shift.breakEnd ?? '',
    endTime: shift.endTime,
    override: false,
    overrideReason: '',
  };
}

/** The times a type fills in: its preset; the custom type gets the default shift and its break. */
export function presetTimes(type: ShiftType) {
  if (type === 'custom') return { ...defaultShift };
  return { ...shiftPresets[type], breakStart: '', breakEnd: '' };
}

const hours = (type: ShiftType) =>
  type === 'custom' ? '' : ` (${shiftPresets[type].startTime}–${shiftPresets[type].endTime})`;
/** The type select's options in the user's language (called at render). */
export const shiftTypeOptions = () =>
  shiftTypes.map((value) => ({ value, label: `${t(shiftTypeLabels[value])}${hours(value)}` }));

/** Rules refused whatever the role (contract: overridable false): used when only a 422 names them. */
export const nonOverridableRules = new Set<RuleCode>(['overlap', 'cnaps_invalid', 'qualification_missing']);
