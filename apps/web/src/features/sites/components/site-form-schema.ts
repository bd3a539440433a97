// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type QualificationType,
  qualificationLabels,
  qualificationTypes,
} from '@vigie/contract/agents.contract';
import { createSiteBody, type Site, siteTypeLabels, siteTypes } from '@vigie/contract/sites.contract';
import { z } from 'zod';
import { msg } from '../../../lib/i18n/i18n';

/** A coordinate typed as text ('' = none; a comma is accepted as the decimal separator). */
const coordinate = (message: string, bound: number) => {
  return z
    .string()
    .trim()
    .refine(
      (v) => {
        if (v === '') return true;
        const n = Number(v.replace(',', '.'));
        return Number.isFinite(n) && n >= -bound && n <= bound;
      },
      { error: message },
    )
    .transform((v) => (v === '' ? null : Number(v.replace(',', '.'))));
};

/** The clock-in radius typed as text, in whole metres. */
const radius = z
  .string()
  .trim()
  .refine((v) => /^\d+$/.test(v) && Number(v) >= 20 && Number(v) <= 5000, {
    error: msg('Le rayon doit être compris entre 20 et 5000 m'),
  })
  .transform(Number);

/** The contract's body, with the coordinates and the radius typed as text in the form. */
export const siteFormSchema = createSiteBody
  .omit({
    latitude: true,
    longitude: true,
    status: true,
    geofenceRadiusM: true,
    requiredQualifications: true,
  })
  .extend({
    latitude: coordinate(msg('La latitude doit être comprise entre -90 et 90'), 90),
    longitude: coordinate(msg('La longitude doit être comprise entre -180 et 180'), 180),
    geofenceRadiusM: radius,
    // A group of checkboxes: react-hook-form gives false when none is ticked.
    requiredQualifications: z
      .union([z.array(z.enum(qualificationTypes)), z.literal(false)])
      .transform((v) => (v === false ? [] : v)),
  });

/** Qualifications a site may require of the agents planned there. */
export const requirableQualifications = (
  ['SSIAP1', 'SSIAP2', 'SSIAP3', 'SST', 'CQP_APS', 'H0B0', 'CYNOPHILE'] as const
).map((value) => ({ value, label: qualificationLabels[value] }));

export type SiteFormValues = z.input<typeof siteFormSchema>;
export type SiteFormOutput = z.output<typeof siteFormSchema>;

export const emptySiteForm: SiteFormValues = {
  name: '',
  type: 'commercial',
  address: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  latitude: '',
  longitude: '',
  geofenceRadiusM: '200',
  requiredQualifications: [],
};

export function siteToForm(site: Site): SiteFormValues {
  return {
    name: site.name,
    type: site.type,
    address: site.address,
    contactName: site.contactName ?? '',
    contactPhone: site.contactPhone ?? '',
    contactEmail: site.contactEmail ?? '',
    latitude: site.latitude === null ? '' : String(site.latitude),
    longitude: site.longitude === null ? '' : String(site.longitude),
    geofenceRadiusM: String(site.geofenceRadiusM),
    requiredQualifications: site.requiredQualifications.filter((q): q is QualificationType =>
      (qualificationTypes as readonly string[]).includes(q),
    ),
  };
}

export const siteTypeOptions = siteTypes.map((value) => ({ value, label: siteTypeLabels[value] }));
