// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type Badge,
  badgeTypeLabels,
  badgeTypes,
  createBadgeBody,
  nfcUidSchema,
  timeWindowSchema,
} from '@vigie/contract/access.contract';
import { daySchema } from '@vigie/contract/agents.contract';
import { idSchema } from '@vigie/contract/common';
import { z } from 'zod';
import { msg } from '../../../lib/i18n/i18n';

/** A date input: '' means no date. */
const optionalDay = (label: string) =>
  z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(daySchema(label).nullable());

/** A group of checkboxes: react-hook-form gives false when no box of the group is ticked. */
const checkedIds = z
  .union([z.array(idSchema), z.literal(false)])
  .transform((v) => (v === false ? [] : [...new Set(v)]));

/**
 * The contract's body as the form holds it: text inputs ('' = none), groups of checkboxes for
 * the points and sites, the time windows as the contract has them, and the NFC UID checked only
 * for an NFC badge (the field is hidden for a QR badge, its text ignored).
 */
export const badgeFormSchema = createBadgeBody
  .pick({ badgeType: true, badgeId: true, holderName: true, department: true })
  .extend({
    expiryDate: optionalDay("La date d'expiration"),
    nfcUid: z.string(),
    allowedPointIds: checkedIds,
    allowedSiteIds: checkedIds,
    timeWindows: z.array(timeWindowSchema).max(14, { error: msg('14 plages horaires au plus') }),
  })
  .superRefine((values, ctx) => {
    if (values.badgeType !== 'nfc' || values.nfcUid.trim() === '') return;
    const uid = nfcUidSchema.safeParse(values.nfcUid);
    if (!uid.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['nfcUid'],
        message: uid.error.issues[0]?.message ?? msg('UID invalide'),
      });
    }
  })
  .transform(({ nfcUid, ...values }) => ({
    ...values,
    nfcUid: values.badgeType === 'nfc' && nfcUid.trim() !== '' ? nfcUidSchema.parse(nfcUid) : null,
  }));

export type BadgeFormValues = z.input<typeof badgeFormSchema>;
export type BadgeFormOutput = z.output<typeof badgeFormSchema>;

export const emptyBadgeForm: BadgeFormValues = {
  badgeType: 'qrcode',
  badgeId: '',
  holderName: '',
  department: '',
  expiryDate: '',
  nfcUid: '',
  allowedPointIds: [],
  allowedSiteIds: [],
  timeWindows: [],
};

/** A new row of « Plages horaires »: office hours on weekdays, the usual case. */
export const newTimeWindow = { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' };
export const maxTimeWindows = 14;

export function badgeToForm(badge: Badge): BadgeFormValues {
  return {
    badgeType: badge.badgeType,
    badgeId: badge.badgeId,
    holderName: badge.holderName,
    department: badge.department ?? '',
    expiryDate: badge.expiryDate ?? '',
    nfcUid: badge.nfcUid ?? '',
    allowedPointIds: badge.allowedPointIds,
    allowedSiteIds: badge.allowedSiteIds,
    // Copies: the form edits the rows in place, the cached badge stays as the server sent it.
    timeWindows: badge.timeWindows.map((w) => ({ ...w, days: [...w.days] })),
  };
}

export const badgeTypeOptions = badgeTypes.map((value) => ({ value, label: badgeTypeLabels[value] }));
