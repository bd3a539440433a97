// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type AccessPoint,
  accessPointKindLabels,
  accessPointKinds,
  accessPointStatuses,
  createAccessPointBody,
} from '@vigie/contract/access.contract';
import { idSchema } from '@vigie/contract/common';
import { z } from 'zod';
import { msg } from '../../../lib/i18n/i18n';

/** The contract's body; an unchosen site says so rather than 'Identifiant invalide'. */
export const pointFormSchema = createAccessPointBody.extend({
  siteId: z
    .string()
    .refine((v) => v !== '', { error: msg('Choisissez le site du point d’accès') })
    .pipe(idSchema),
  status: z.enum(accessPointStatuses, { error: msg('Statut invalide') }),
});

export type PointFormValues = z.input<typeof pointFormSchema>;
export type PointFormOutput = z.output<typeof pointFormSchema>;

export const emptyPointForm: PointFormValues = { name: '', siteId: '', kind: 'porte', status: 'Actif' };

export function pointToForm(point: AccessPoint): PointFormValues {
  return { name: point.name, siteId: point.siteId, kind: point.kind, status: point.status };
}

export const pointKindOptions = accessPointKinds.map((value) => ({
  value,
  label: accessPointKindLabels[value],
}));
export const pointStatusOptions = accessPointStatuses.map((value) => ({ value, label: value }));
