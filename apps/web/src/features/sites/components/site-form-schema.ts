// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { createSiteBody, type Site, siteTypeLabels, siteTypes } from '@vigie/contract/sites.contract';
import { z } from 'zod';

/** A coordinate typed as text ('' = none; a comma is accepted as the decimal separator). */
const coordinate = (label: string, bound: number) => {
  const message = `${label} doit être comprise entre -${bound} et ${bound}`;
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

/** The contract's body, with the coordinates typed as text in the form. */
export const siteFormSchema = createSiteBody.omit({ latitude: true, longitude: true, status: true }).extend({
  latitude: coordinate('La latitude', 90),
  longitude: coordinate('La longitude', 180),
});

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
  };
}

export const siteTypeOptions = siteTypes.map((value) => ({ value, label: siteTypeLabels[value] }));
