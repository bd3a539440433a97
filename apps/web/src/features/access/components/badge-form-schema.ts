// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type Badge,
  badgeTypeLabels,
  badgeTypes,
  createBadgeBody,
  nfcUidSchema,
} from '@vigie/contract/access.contract';
import { daySchema } from '@vigie/contract/agents.contract';
import { idSchema } from '@vigie/contract/common';
import { z } from 'zod';

/** A date input: '' means no date. */
const optionalDay = (label: string) =>
  z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(daySchema(label).nullable());

/**
 * The contract's body as the form holds it: text inputs ('' = none), a group of checkboxes for
 * the points (react-hook-form gives false when a group has no box ticked), and the NFC UID
 * checked only for an NFC badge (the field is hidden for a QR badge, its text ignored).
 */
export const badgeFormSchema = createBadgeBody
  .pick({ badgeType: true, badgeId: true, holderName: true, department: true })
  .extend({
    expiryDate: optionalDay("La date d'expiration"),
    nfcUid: z.string(),
    allowedPointIds: z
      .union([z.array(idSchema), z.literal(false)])
      .transform((v) => (v === false ? [] : [...new Set(v)])),
  })
  .superRefine((values, ctx) => {
    if (values.badgeType !== 'nfc' || values.nfcUid.trim() === '') return;
    const uid = nfcUidSchema.safeParse(values.nfcUid);
    if (!uid.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['nfcUid'],
        message: uid.error.issues[0]?.message ?? 'UID invalide',
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
};

export function badgeToForm(badge: Badge): BadgeFormValues {
  return {
    badgeType: badge.badgeType,
    badgeId: badge.badgeId,
    holderName: badge.holderName,
    department: badge.department ?? '',
    expiryDate: badge.expiryDate ?? '',
    nfcUid: badge.nfcUid ?? '',
    allowedPointIds: badge.allowedPointIds,
  };
}

export const badgeTypeOptions = badgeTypes.map((value) => ({ value, label: badgeTypeLabels[value] }));

/** Fields of the form a 422 from the server may name. */
export const badgeFormFields = new Set<string>(Object.keys(emptyBadgeForm));
