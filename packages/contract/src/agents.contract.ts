import { z } from 'zod';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  nulMessage,
  requiredText,
  timestampSchema,
} from './common';

/** Specialities, levels, and statuses (the filter values of the agents tab). */
export const agentSpecialities = [
  'Surveillance',
  'Intervention',
  'Cynophile',
  'Incendie',
  'Accueil',
  'Rondier',
] as const;
export type AgentSpeciality = (typeof agentSpecialities)[number];

export const agentLevels = ['junior', 'senior', 'expert'] as const;
export type AgentLevel = (typeof agentLevels)[number];
export const agentLevelLabels: Record<AgentLevel, string> = {
  junior: 'Junior',
  senior: 'Senior',
  expert: 'Expert',
};

/** Statuses an administrator sets; 'en service' is derived (clocked in on a shift), never typed. */
export const agentStoredStatuses = ['actif', 'repos', 'en congé', 'indisponible'] as const;
export type AgentStoredStatus = (typeof agentStoredStatuses)[number];
export const agentStatuses = [...agentStoredStatuses, 'en service'] as const;
export type AgentStatus = (typeof agentStatuses)[number];
export const agentStatusLabels: Record<AgentStatus, string> = {
  actif: 'Actif',
  repos: 'Repos',
  'en congé': 'En congé',
  indisponible: 'Indisponible',
  'en service': 'En service',
};

export const qualificationTypes = [
  'SSIAP1',
  'SSIAP2',
  'SSIAP3',
  'SST',
  'CQP_APS',
  'H0B0',
  'CYNOPHILE',
  'AUTRE',
] as const;
export type QualificationType = (typeof qualificationTypes)[number];
export const qualificationLabels: Record<QualificationType, string> = {
  SSIAP1: 'SSIAP 1',
  SSIAP2: 'SSIAP 2',
  SSIAP3: 'SSIAP 3',
  SST: 'SST',
  CQP_APS: 'TFP/CQP APS',
  H0B0: 'H0B0',
  CYNOPHILE: 'Cynophile',
  AUTRE: 'Autre',
};

/** A CNAPS professional card number: CAR-<department>-<expiry yyyy-mm-dd>-<11 digits>. */
export const cnapsCardPattern = /^CAR-\d{3}-\d{4}-\d{2}-\d{2}-\d{11}$/;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= '2200-12-31'
  );
};
/** A calendar day `YYYY-MM-DD` that exists. */
export const daySchema = (label: string) =>
  z
    .string({ error: `${label} est obligatoire` })
    .regex(isoDay, { error: `${label} doit être une date au format AAAA-MM-JJ` })
    .refine(isRealDay, { error: `${label} n'est pas une date valide` });

const nullableText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const qualificationInput = z.object({
  type: z.enum(qualificationTypes, { error: 'Type de qualification invalide' }),
  number: nullableText('Le numéro de la qualification', 60),
  obtainedOn: daySchema("La date d'obtention")
    .nullish()
    .transform((v) => v ?? null),
  expiresOn: daySchema("La date d'expiration")
    .nullish()
    .transform((v) => v ?? null),
});

export const licenceAlertKinds = [
  'cnaps_missing',
  'cnaps_expired',
  'cnaps_expiring',
  'qualification_expired',
  'qualification_expiring',
] as const;

export const agentQualificationSchema = z.object({
  type: z.enum(qualificationTypes),
  label: z.string(),
  number: z.string().nullable(),
  obtainedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** The given expiry, or the one the rules derive (SST 24 months, SSIAP refresher 36 months). */
  effectiveExpiresOn: z.string().nullable(),
});

export const licenceAlertSchema = z.object({
  kind: z.enum(licenceAlertKinds),
  message: z.string(),
  expiresOn: z.string().nullable(),
});
export type LicenceAlertDto = z.infer<typeof licenceAlertSchema>;

export const agentSchema = z.object({
  id: idSchema,
  name: z.string(),
  badge: z.string(),
  phone: z.string(),
  email: z.string(),
  speciality: z.enum(agentSpecialities),
  level: z.enum(agentLevels),
  hireDate: z.string(),
  assignedSiteId: idSchema.nullable(),
  /** Name of the assigned site (spec: currentSite), null when not assigned. */
  currentSite: z.string().nullable(),
  status: z.enum(agentStatuses),
  storedStatus: z.enum(agentStoredStatuses),
  /** Authenticated URL of the photo, or null. */
  photo: z.string().nullable(),
  cnapsNumber: z.string().nullable(),
  cnapsExpiresOn: z.string().nullable(),
  qualifications: z.array(agentQualificationSchema),
  /** Spec: certifications as text (labels of the qualifications). */
  certifications: z.array(z.string()),
  alerts: z.array(licenceAlertSchema),
  userId: idSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Agent = z.infer<typeof agentSchema>;

const phoneSchema = z
  .string({ error: 'Le téléphone est obligatoire' })
  .trim()
  .min(1, { error: 'Le téléphone est obligatoire' })
  .max(30, { error: 'Le numéro de téléphone est trop long' })
  .regex(/^[+0-9 ().-]*$/, { error: 'Numéro de téléphone invalide' });
const emailSchema = z
  .string({ error: "L'email est obligatoire" })
  .trim()
  .min(1, { error: "L'email est obligatoire" })
  .max(254, { error: "L'adresse e-mail est trop longue" })
  .pipe(z.email({ error: 'Adresse e-mail invalide' }))
  .transform((v) => v.toLowerCase());
const cnapsSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(40, { error: 'Numéro de carte professionnelle trop long' })
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v))
  .refine((v) => v === null || cnapsCardPattern.test(v), {
    error: 'Numéro de carte professionnelle CNAPS invalide (format CAR-075-2030-03-14-20190123456)',
  });

const agentFields = {
  name: requiredText("Le nom de l'agent", 120),
  badge: requiredText('Le matricule', 40),
  phone: phoneSchema,
  email: emailSchema,
  speciality: z.enum(agentSpecialities, {
    error: 'Spécialité invalide (Surveillance, Intervention, Cynophile, Incendie, Accueil ou Rondier)',
  }),
  level: z.enum(agentLevels, { error: 'Niveau invalide (junior, senior ou expert)' }),
  hireDate: daySchema("La date d'embauche"),
};

export const createAgentBody = z.object({
  ...agentFields,
  assignedSiteId: idSchema.nullish().transform((v) => v ?? null),
  status: z
    .enum(agentStoredStatuses, { error: 'Statut invalide (actif, repos, en congé ou indisponible)' })
    .default('actif'),
  cnapsNumber: cnapsSchema,
  cnapsExpiresOn: daySchema("La date d'expiration de la carte CNAPS")
    .nullish()
    .transform((v) => v ?? null),
  qualifications: z.array(qualificationInput).max(20, { error: '20 qualifications au maximum' }).default([]),
  userId: idSchema.nullish().transform((v) => v ?? null),
});
export type CreateAgentBody = z.input<typeof createAgentBody>;

export const updateAgentBody = z
  .object({
    ...agentFields,
    status: z.enum(agentStoredStatuses, {
      error: 'Statut invalide (actif, repos, en congé ou indisponible)',
    }),
    qualifications: z.array(qualificationInput).max(20, { error: '20 qualifications au maximum' }),
  })
  .partial()
  .extend({
    assignedSiteId: idSchema.nullable().optional(),
    cnapsNumber: cnapsSchema.optional(),
    cnapsExpiresOn: daySchema("La date d'expiration de la carte CNAPS").nullable().optional(),
    userId: idSchema.nullable().optional(),
  })
  .strict();
export type UpdateAgentBody = z.input<typeof updateAgentBody>;

export const listAgentsQuery = listQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .optional(),
  status: z.enum(agentStatuses, { error: 'Statut invalide' }).optional(),
  siteId: idSchema.optional(),
});

/** 5 MB of image, base64 in JSON: 4/3 of it plus the envelope. */
export const maxPhotoBytes = 5 * 1024 * 1024;
export const agentPhotoBody = z.object({
  data: z
    .string({ error: 'La photo est obligatoire' })
    .min(1, { error: 'La photo est obligatoire' })
    .max(Math.ceil((maxPhotoBytes * 4) / 3) + 4, { error: 'La photo ne doit pas dépasser 5 Mo' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'La photo doit être encodée en base64' }),
});

export const listAgents = defineEndpoint({
  method: 'GET',
  path: '/api/agents',
  summary: 'Agents de la société (filtres statut, site, recherche sans accents)',
  tags: ['planning'],
  auth: true,
  query: listAgentsQuery,
  response: z.array(agentSchema),
});

export const getAgent = defineEndpoint({
  method: 'GET',
  path: '/api/agents/:id',
  summary: "Détail d'un agent",
  tags: ['planning'],
  auth: true,
  params: idParams,
  response: agentSchema,
});

export const createAgent = defineEndpoint({
  method: 'POST',
  path: '/api/agents',
  summary: "Créer un agent (dans la limite de l'offre)",
  tags: ['planning'],
  auth: true,
  status: 201,
  body: createAgentBody,
  response: agentSchema,
});

export const updateAgent = defineEndpoint({
  method: 'PATCH',
  path: '/api/agents/:id',
  summary: 'Modifier un agent',
  tags: ['planning'],
  auth: true,
  params: idParams,
  body: updateAgentBody,
  response: agentSchema,
});

export const deleteAgent = defineEndpoint({
  method: 'DELETE',
  path: '/api/agents/:id',
  summary: 'Supprimer un agent sans garde enregistrée',
  tags: ['planning'],
  auth: true,
  status: 204,
  params: idParams,
  response: z.null(),
});

export const putAgentPhoto = defineEndpoint({
  method: 'PUT',
  path: '/api/agents/:id/photo',
  summary: "Photo de l'agent (JPEG, PNG ou WebP, 5 Mo au plus, base64)",
  tags: ['planning'],
  auth: true,
  params: idParams,
  body: agentPhotoBody,
  response: agentSchema,
});

export const getAgentPhoto = defineEndpoint({
  method: 'GET',
  path: '/api/agents/:id/photo',
  summary: "Photo de l'agent (image WebP)",
  tags: ['planning'],
  auth: true,
  params: idParams,
  response: z.any(),
});
