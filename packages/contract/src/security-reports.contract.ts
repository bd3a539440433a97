import { z } from 'zod';
import { daySchema } from './agents.contract';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  noContent,
  nulMessage,
  timestampSchema,
} from './common';

/** Incident types. */
export const incidentTypes = ['intrusion', 'vol', 'vandalisme', 'alarme', 'incendie', 'autre'] as const;
export type IncidentType = (typeof incidentTypes)[number];
export const incidentTypeLabels: Record<IncidentType, string> = {
  intrusion: 'Intrusion',
  vol: 'Vol',
  vandalisme: 'Vandalisme',
  alarme: 'Alarme',
  incendie: 'Incendie',
  autre: 'Autre',
};

/** Brouillon → Finalisé → Exporté. */
export const securityReportStatuses = ['draft', 'finalized', 'exported'] as const;
export type SecurityReportStatus = (typeof securityReportStatuses)[number];
export const securityReportStatusLabels: Record<SecurityReportStatus, string> = {
  draft: 'Brouillon',
  finalized: 'Finalisé',
  exported: 'Exporté',
};

export const exportFormats = ['pdf', 'word', 'excel'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The form's validation messages. */
export const securityReportMessages = {
  siteRequired: 'Veuillez sélectionner un site',
  incidentDescription: "Veuillez remplir la description de l'incident",
  interventionDescription: "Veuillez remplir la description de l'intervention",
} as const;

/** The legal mention of article L612-14 of the code de la sécurité intérieure, on every document. */
export const legalMention =
  "L'autorisation d'exercice ne confère aucune prérogative de puissance publique à l'entreprise ou aux personnes qui en bénéficient (article L612-14 du code de la sécurité intérieure).";

/** A drawn signature (PNG from signature_pad) up to 300 KB, sent in base64 (a data URL or not). */
export const maxSignatureBytes = 300 * 1024;
export const maxSignatureChars = Math.ceil(maxSignatureBytes / 3) * 4 + 100;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} doit être un texte` })
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) });

/** Optional long text: absent, null or empty is stored as null. */
const longText = (label: string, max = 5000) =>
  text(label, max)
    .nullish()
    .transform((v) => (v ? v : null));

const describe = (message: string, max = 2000) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `La description ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage('La description') });

export const incidentSchema = z.object({
  type: z.enum(incidentTypes, {
    error: "Type d'incident invalide (intrusion, vol, vandalisme, alarme, incendie ou autre)",
  }),
  description: describe(securityReportMessages.incidentDescription),
  measuresTaken: longText('Les mesures prises', 2000),
});
export type Incident = z.infer<typeof incidentSchema>;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
export const interventionSchema = z.object({
  description: describe(securityReportMessages.interventionDescription),
  /** Local time of the intervention, HH:MM. */
  time: z
    .string()
    .trim()
    .regex(new RegExp(`${hhmm.source}|^$`), { error: "L'heure doit être au format HH:MM" })
    .nullish()
    .transform((v) => (v ? v : null)),
  agentName: longText("Le nom de l'agent", 120),
  agentId: idSchema.nullish().transform((v) => v ?? null),
});
export type Intervention = z.infer<typeof interventionSchema>;

/** The device position as the form shows it: 'latitude, longitude'. */
export const geolocationSchema = z
  .string()
  .trim()
  .max(120)
  .refine(
    (v) => {
      if (v === '') return true;
      const m = /^(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(v);
      return !!m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180;
    },
    { error: 'Position invalide : « latitude, longitude » attendu' },
  )
  .nullish()
  .transform((v) => (v ? v : null));

const signatureField = z
  .string({ error: 'La signature doit être une image encodée en base64' })
  .max(maxSignatureChars, { error: 'La signature ne doit pas dépasser 300 Ko' });

const day = (label: string) =>
  daySchema(label)
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null);

const contentFields = {
  siteId: z
    .string({ error: securityReportMessages.siteRequired })
    .trim()
    .min(1, { error: securityReportMessages.siteRequired })
    .pipe(idSchema),
  periodStart: day('La date de début'),
  periodEnd: day('La date de fin'),
  geolocation: geolocationSchema,
  incidents: z.array(incidentSchema).max(200, { error: '200 incidents au plus' }).default([]),
  interventions: z.array(interventionSchema).max(200, { error: '200 interventions au plus' }).default([]),
  repairs: longText('Les réparations'),
  improvements: longText('Les améliorations'),
  observations: longText('Les observations'),
  comments: longText('Les commentaires'),
  responsibleName: longText('Le nom du responsable', 120),
};

const periodInOrder = (b: { periodStart?: string | null; periodEnd?: string | null }) =>
  !b.periodStart || !b.periodEnd || b.periodStart <= b.periodEnd;
const periodError = {
  error: 'La date de fin doit suivre la date de début',
  path: ['periodEnd'],
};

/** The form's fields without the signature (read from the pad, not typed), for the web form. */
export const securityReportFormSchema = z.object(contentFields).refine(periodInOrder, periodError);

export const createSecurityReportBody = z
  .object({
    ...contentFields,
    /** Sent only if drawn. */
    responsibleSignature: signatureField.nullish(),
  })
  .refine(periodInOrder, periodError);

/** Absent fields are unchanged; `responsibleSignature: null` removes the signature. */
export const updateSecurityReportBody = z
  .object({
    siteId: contentFields.siteId.optional(),
    periodStart: contentFields.periodStart.optional(),
    periodEnd: contentFields.periodEnd.optional(),
    geolocation: contentFields.geolocation.optional(),
    incidents: z.array(incidentSchema).max(200, { error: '200 incidents au plus' }).optional(),
    interventions: z.array(interventionSchema).max(200, { error: '200 interventions au plus' }).optional(),
    repairs: contentFields.repairs.optional(),
    improvements: contentFields.improvements.optional(),
    observations: contentFields.observations.optional(),
    comments: contentFields.comments.optional(),
    responsibleName: contentFields.responsibleName.optional(),
    responsibleSignature: signatureField.nullish(),
  })
  .refine(periodInOrder, periodError)
  // An edit that names no known field is a client's mistake, not a silent success.
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Indiquez au moins un champ à modifier',
  });

export const securityReportSchema = z.object({
  id: idSchema,
  /** RS-2026-0001: sequential per company and year. */
  number: z.string(),
  siteId: idSchema.nullable(),
  siteName: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  geolocation: z.string().nullable(),
  totalIncidents: z.number().int(),
  incidents: z.array(
    z.object({ type: z.enum(incidentTypes), description: z.string(), measuresTaken: z.string().nullable() }),
  ),
  interventions: z.array(
    z.object({
      description: z.string(),
      time: z.string().nullable(),
      agentName: z.string().nullable(),
      agentId: idSchema.nullable(),
    }),
  ),
  repairs: z.string().nullable(),
  improvements: z.string().nullable(),
  observations: z.string().nullable(),
  comments: z.string().nullable(),
  responsibleName: z.string(),
  /** Whether a signature is stored; the image itself comes from its own route. */
  hasSignature: z.boolean(),
  status: z.enum(securityReportStatuses),
  /** SHA-256 of the frozen content and signature, once final. */
  fingerprint: z.string().nullable(),
  verificationUrl: z.string().nullable(),
  finalizedAt: timestampSchema.nullable(),
  generatedByName: z.string(),
  lastExport: z.object({ format: z.enum(exportFormats), at: timestampSchema, url: z.string() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SecurityReport = z.infer<typeof securityReportSchema>;

export const listSecurityReportsQuery = listQuery.extend({
  status: z
    .enum(securityReportStatuses, { error: 'Statut invalide (draft, finalized ou exported)' })
    .optional(),
  siteId: idSchema.optional(),
});

export const exportAnswerSchema = z.object({ message: z.string(), url: z.string() });

/**
 * What the public verification page may learn: that the document exists, its date, its company, and
 * its number and site (issue 29), so that a genuine fingerprint copied onto a forged document is
 * caught by comparing them with what the document prints. Nothing of its content.
 */
export const verificationSchema = z.object({
  exists: z.literal(true),
  finalizedAt: timestampSchema,
  companyName: z.string(),
  number: z.string(),
  siteName: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;
export const fingerprintParams = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Empreinte invalide' }),
});

const tags = ['security-reports'];

export const listSecurityReports = defineEndpoint({
  method: 'GET',
  path: '/api/security-reports',
  summary: 'Rapports de sécurité de la société, du plus récent au plus ancien',
  tags,
  auth: true,
  query: listSecurityReportsQuery,
  response: z.array(securityReportSchema),
});
export const getSecurityReport = defineEndpoint({
  method: 'GET',
  path: '/api/security-reports/:id',
  summary: "Détail d'un rapport de sécurité",
  tags,
  auth: true,
  params: idParams,
  response: securityReportSchema,
});
export const createSecurityReport = defineEndpoint({
  method: 'POST',
  path: '/api/security-reports',
  summary: 'Créer un rapport de sécurité (brouillon), avec la signature si elle est dessinée',
  tags,
  auth: true,
  status: 201,
  body: createSecurityReportBody,
  response: securityReportSchema,
});
export const updateSecurityReport = defineEndpoint({
  method: 'PATCH',
  path: '/api/security-reports/:id',
  summary: 'Modifier un brouillon (un rapport finalisé ne change plus)',
  tags,
  auth: true,
  params: idParams,
  body: updateSecurityReportBody,
  response: securityReportSchema,
});
export const deleteSecurityReport = defineEndpoint({
  method: 'DELETE',
  path: '/api/security-reports/:id',
  summary: 'Supprimer un brouillon',
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});
export const finalizeSecurityReport = defineEndpoint({
  method: 'POST',
  path: '/api/security-reports/:id/finalize',
  summary: 'Finaliser : le contenu et la signature sont figés et leur empreinte SHA-256 enregistrée',
  tags,
  auth: true,
  params: idParams,
  response: securityReportSchema,
});
export const getSecurityReportSignature = defineEndpoint({
  method: 'GET',
  path: '/api/security-reports/:id/signature',
  summary: 'Image de la signature (PNG)',
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
const exportEndpoint = (format: ExportFormat, label: string) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/security-reports/:id/export-${format}`,
    summary: `Exporter en ${label} (la réponse porte le message et l'adresse du fichier)`,
    tags,
    auth: true,
    params: idParams,
    response: exportAnswerSchema,
  });
export const exportSecurityReportPdf = exportEndpoint('pdf', 'PDF');
export const exportSecurityReportWord = exportEndpoint('word', 'Word');
export const exportSecurityReportExcel = exportEndpoint('excel', 'Excel');
export const downloadSecurityReport = defineEndpoint({
  method: 'GET',
  path: '/api/security-reports/:id/download',
  summary: 'Télécharger le dernier export du rapport',
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
export const verifySecurityReport = defineEndpoint({
  method: 'GET',
  path: '/api/verification/:fingerprint',
  summary:
    "Vérification publique d'un rapport finalisé : existence, numéro, site, date et société, sans contenu",
  tags,
  auth: false,
  params: fingerprintParams,
  response: verificationSchema,
});
