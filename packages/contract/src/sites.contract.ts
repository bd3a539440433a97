import { z } from 'zod';
import { qualificationTypes } from './agents.contract';
import {
  defineEndpoint,
  idParams,
  idSchema,
  listQuery,
  noContent,
  requiredText,
  timestampSchema,
} from './common';

export const siteTypes = ['commercial', 'industriel', 'residentiel', 'public'] as const;
export type SiteType = (typeof siteTypes)[number];
export const siteTypeLabels: Record<SiteType, string> = {
  commercial: 'Commercial',
  industriel: 'Industriel',
  residentiel: 'Résidentiel',
  public: 'Public',
};

export const siteStatuses = ['active', 'inactive'] as const;
export type SiteStatus = (typeof siteStatuses)[number];
export const siteStatusLabels: Record<SiteStatus, string> = { active: 'Actif', inactive: 'Inactif' };

const siteTypeSchema = z.enum(siteTypes, {
  error: 'Type de site invalide (commercial, industriel, residentiel ou public)',
});
const siteStatusSchema = z.enum(siteStatuses, { error: 'Statut invalide (active ou inactive)' });
const geofenceSchema = z
  .number({ error: 'Le rayon doit être un nombre de mètres' })
  .int({ error: 'Le rayon doit être un nombre entier de mètres' })
  .min(20, { error: 'Le rayon doit être compris entre 20 et 5000 m' })
  .max(5000, { error: 'Le rayon doit être compris entre 20 et 5000 m' });
const requiredQualificationsSchema = z
  .array(z.enum(qualificationTypes, { error: 'Qualification invalide' }))
  .max(8, { error: '8 qualifications au maximum' })
  .transform((v) => [...new Set(v)]);

const latitudeSchema = z
  .number({ error: 'La latitude doit être un nombre' })
  .min(-90, { error: 'La latitude doit être comprise entre -90 et 90' })
  .max(90, { error: 'La latitude doit être comprise entre -90 et 90' });
const longitudeSchema = z
  .number({ error: 'La longitude doit être un nombre' })
  .min(-180, { error: 'La longitude doit être comprise entre -180 et 180' })
  .max(180, { error: 'La longitude doit être comprise entre -180 et 180' });

// Optional contact fields: absent leaves a field alone (PATCH), null or an empty text clears it.
const emptyToNull = <T>(v: T | null | undefined) => (v === '' ? null : v);
const nullableText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .nullish()
    .transform(emptyToNull);
const nullablePhone = z
  .string()
  .trim()
  .max(30, { error: 'Le numéro de téléphone est trop long' })
  .regex(/^[+0-9 ().-]*$/, { error: 'Numéro de téléphone invalide' })
  .nullish()
  .transform(emptyToNull);
const nullableEmail = z
  .string()
  .trim()
  .max(254, { error: "L'adresse e-mail est trop longue" })
  .nullish()
  .transform(emptyToNull)
  .pipe(z.email({ error: 'Adresse e-mail invalide' }).nullish())
  .transform((v) => (typeof v === 'string' ? v.toLowerCase() : v));

export const siteSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  type: z.enum(siteTypes),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  status: z.enum(siteStatuses),
  camerasCount: z.number().int(),
  alarmsCount: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Clock-in is accepted within this radius (metres) of the site. */
  geofenceRadiusM: z.number().int(),
  /** Qualifications an agent must hold to be planned here (e.g. SSIAP1 on a fire-safety post). */
  requiredQualifications: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Site = z.infer<typeof siteSchema>;

export const createSiteBody = z.object({
  name: requiredText('Le nom du site'),
  address: requiredText("L'adresse", 300),
  type: siteTypeSchema.default('commercial'),
  contactName: nullableText('Le nom du contact', 200),
  contactPhone: nullablePhone,
  contactEmail: nullableEmail,
  status: siteStatusSchema.default('active'),
  latitude: latitudeSchema.nullable().optional(),
  longitude: longitudeSchema.nullable().optional(),
  geofenceRadiusM: geofenceSchema.default(200),
  requiredQualifications: requiredQualificationsSchema.default([]),
});
export type CreateSiteBody = z.input<typeof createSiteBody>;

export const updateSiteBody = z
  .object({
    name: requiredText('Le nom du site'),
    address: requiredText("L'adresse", 300),
    type: siteTypeSchema,
    status: siteStatusSchema,
    geofenceRadiusM: geofenceSchema,
    requiredQualifications: requiredQualificationsSchema,
  })
  .partial()
  .extend({
    contactName: nullableText('Le nom du contact', 200),
    contactPhone: nullablePhone,
    contactEmail: nullableEmail,
    latitude: latitudeSchema.nullable().optional(),
    longitude: longitudeSchema.nullable().optional(),
  })
  .strict();
export type UpdateSiteBody = z.input<typeof updateSiteBody>;

export const listSitesQuery = listQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .optional(),
  status: siteStatusSchema.optional(),
  type: siteTypeSchema.optional(),
});

export const listSites = defineEndpoint({
  method: 'GET',
  path: '/api/sites',
  summary: 'Sites de surveillance de la société (recherche sans accents ni casse)',
  tags: ['sites'],
  auth: true,
  query: listSitesQuery,
  response: z.array(siteSchema),
});

export const getSite = defineEndpoint({
  method: 'GET',
  path: '/api/sites/:id',
  summary: "Détail d'un site",
  tags: ['sites'],
  auth: true,
  params: idParams,
  response: siteSchema,
});

export const createSite = defineEndpoint({
  method: 'POST',
  path: '/api/sites',
  summary: "Créer un site (dans la limite de l'offre)",
  tags: ['sites'],
  auth: true,
  status: 201,
  body: createSiteBody,
  response: siteSchema,
});

export const updateSite = defineEndpoint({
  method: 'PATCH',
  path: '/api/sites/:id',
  summary: 'Modifier un site (dont Actif/Inactif)',
  tags: ['sites'],
  auth: true,
  params: idParams,
  body: updateSiteBody,
  response: siteSchema,
});

export const deleteSite = defineEndpoint({
  method: 'DELETE',
  path: '/api/sites/:id',
  summary: 'Supprimer un site sans caméra rattachée',
  tags: ['sites'],
  auth: true,
  status: 204,
  params: idParams,
  response: noContent,
});
