// Access control contract: the log of passages, its export, and how long it is kept (CNIL).
import { z } from 'zod';
import { daySchema } from '../agents.contract';
import { defineEndpoint, hasNoNul, idSchema, listQuery, nulMessage, timestampSchema } from '../common';
import { badgeTypes } from './badges';

export const accessLogStatuses = ['Autorisé', 'Refusé'] as const;

/** The visitor notice shown on the logs screen and the kiosk (CNIL). */
export const accessLogNotice =
  'Vos passages sont enregistrés et conservés 3 mois au plus, pour la sécurité du site. Pour exercer vos droits, adressez-vous au responsable du site.';

/** An access log line. */
export const accessLogSchema = z.object({
  id: z.string(),
  personName: z.string(),
  status: z.enum(accessLogStatuses),
  timestamp: timestampSchema,
  siteId: idSchema.nullable(),
  siteName: z.string(),
  /** The badge's number as it was. */
  badgeId: z.string().nullable(),
  department: z.string().nullable(),
  /** The access point's name. */
  location: z.string(),
  accessType: z.enum(badgeTypes),
  reason: z.string().nullable(),
});
export type AccessLog = z.infer<typeof accessLogSchema>;

export const listAccessLogsQuery = listQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .optional(),
  status: z.enum(accessLogStatuses, { error: 'Statut invalide (Autorisé ou Refusé)' }).optional(),
  siteId: idSchema.optional(),
  from: daySchema('La date de début').optional(),
  to: daySchema('La date de fin').optional(),
});

/** Export of the filtered log: the list's filters and a format; at most this many lines. */
export const maxExportedLogs = 100_000;
export const exportAccessLogsQuery = listAccessLogsQuery.omit({ limit: true, cursor: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Format invalide (csv ou xlsx)' }).default('xlsx'),
});

/** CNIL: access logs are kept 3 months at most, unless a reason (an incident, an inquiry) is recorded. */
export const accessLogRetentionMaxDays = 90;
export const accessLogRetentionSchema = z.object({ days: z.number().int(), reason: z.string().nullable() });
export const accessLogRetentionBody = z
  .object({
    days: z
      .number({ error: 'La durée de conservation est obligatoire' })
      .int({ error: 'La durée doit être un nombre entier de jours' })
      .min(1, { error: 'La durée doit être d’au moins 1 jour' })
      .max(365, { error: 'La durée ne doit pas dépasser 365 jours' }),
    reason: z
      .string()
      .trim()
      .max(500, { error: 'La justification ne doit pas dépasser 500 caractères' })
      .refine(hasNoNul, { error: nulMessage('La justification') })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((b) => b.days <= accessLogRetentionMaxDays || (b.reason !== null && b.reason.length >= 10), {
    error: 'Au-delà de 3 mois, indiquez la raison (10 caractères au moins) : incident, enquête…',
    path: ['reason'],
  });

const tags = ['access'];

export const listAccessLogs = defineEndpoint({
  method: 'GET',
  path: '/api/access/logs',
  summary:
    'Journal des passages (recherche sans accents, statut, site, période), du plus récent au plus ancien',
  tags,
  auth: true,
  query: listAccessLogsQuery,
  response: z.array(accessLogSchema),
});

export const exportAccessLogs = defineEndpoint({
  method: 'GET',
  path: '/api/access/logs/export',
  summary: 'Export du journal filtré (CSV ou XLSX, 100 000 lignes au plus), inscrit au journal d’audit',
  tags,
  auth: true,
  query: exportAccessLogsQuery,
  response: z.any(),
});

export const getAccessLogRetention = defineEndpoint({
  method: 'GET',
  path: '/api/access/retention',
  summary: 'Durée de conservation du journal des accès',
  tags,
  auth: true,
  response: accessLogRetentionSchema,
});
export const setAccessLogRetention = defineEndpoint({
  method: 'PUT',
  path: '/api/access/retention',
  summary: 'Modifier la durée de conservation (au-delà de 3 mois : raison obligatoire, administrateurs)',
  tags,
  auth: true,
  body: accessLogRetentionBody,
  response: accessLogRetentionSchema,
});
