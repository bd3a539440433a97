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
  requiredText,
  timestampSchema,
} from './common';
import { createdIntegrationKeySchema, integrationKeySchema } from './integrations.contract';

/** Spec section 9: badge types. */
export const badgeTypes = ['qrcode', 'nfc'] as const;
export type BadgeType = (typeof badgeTypes)[number];
export const badgeTypeLabels: Record<BadgeType, string> = { qrcode: 'QR Code', nfc: 'NFC' };

/** Spec section 4: a badge is Actif or not; Expiré is derived from the expiry date. */
export const storedBadgeStatuses = ['Actif', 'Suspendu'] as const;
export const badgeStatuses = ['Actif', 'Suspendu', 'Expiré'] as const;

export const accessPointKinds = ['porte', 'portail', 'barrière', 'tourniquet'] as const;
export const accessPointKindLabels: Record<(typeof accessPointKinds)[number], string> = {
  porte: 'Porte',
  portail: 'Portail',
  barrière: 'Barrière',
  tourniquet: 'Tourniquet',
};
export const accessPointStatuses = ['Actif', 'Maintenance', 'Hors service'] as const;
export const accessLogStatuses = ['Autorisé', 'Refusé'] as const;

/** Why a check was refused: the reader shows it, the log keeps it. */
export const refusalReasons = {
  unknownBadge: 'badge inconnu',
  suspended: 'badge suspendu',
  expired: 'badge expiré',
  outsideWindow: 'hors plage horaire',
  pointNotAllowed: 'point non autorisé',
  maintenance: 'point en maintenance',
  outOfService: 'point hors service',
  revokedQr: 'code QR révoqué',
} as const;

/** The visitor notice shown on the logs screen and the kiosk (CNIL). */
export const accessLogNotice =
  'Vos passages sont enregistrés et conservés 3 mois au plus, pour la sécurité du site. Pour exercer vos droits, adressez-vous au responsable du site.';

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
const hourSchema = (label: string) =>
  z
    .string({ error: `${label} est obligatoire` })
    .regex(hhmm, { error: `${label} doit être au format HH:MM` });

/** A weekly window in the company's timezone; an end before the start crosses midnight. */
export const timeWindowSchema = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7), { error: 'Jours invalides' })
      .min(1, { error: 'Choisissez au moins un jour' })
      .max(7),
    start: hourSchema("L'heure de début"),
    end: hourSchema("L'heure de fin"),
  })
  .refine((w) => w.start !== w.end, { error: "L'heure de fin doit différer de l'heure de début" });
export type TimeWindow = z.infer<typeof timeWindowSchema>;

export const badgeSchema = z.object({
  id: idSchema,
  /** The badge number (spec form: badgeId). */
  badgeId: z.string(),
  badgeType: z.enum(badgeTypes),
  /** Spec display: holder, status, department, expires. */
  holder: z.string(),
  holderName: z.string(),
  department: z.string().nullable(),
  expires: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** Expiré when past its expiry date (company timezone), whatever the stored status. */
  status: z.enum(badgeStatuses),
  storedStatus: z.enum(storedBadgeStatuses),
  agentId: idSchema.nullable(),
  nfcUid: z.string().nullable(),
  qrVersion: z.number().int(),
  allowedPointIds: z.array(idSchema),
  allowedSiteIds: z.array(idSchema),
  timeWindows: z.array(timeWindowSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Badge = z.infer<typeof badgeSchema>;

const optionalNullableText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** An NFC UID as readers send it: 4 to 10 bytes of hex, separators allowed, stored upper-case. */
export const nfcUidSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s:-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^([0-9A-F]{2}){4,10}$/, { error: "L'UID NFC doit compter 8 à 20 chiffres hexadécimaux" }),
  );

const idList = (label: string) =>
  z
    .array(idSchema)
    .max(200, { error: `${label} : 200 au plus` })
    .transform((ids) => [...new Set(ids)]);

const badgeFields = {
  badgeType: z.enum(badgeTypes, { error: 'Type de badge invalide (qrcode ou nfc)' }),
  badgeId: requiredText('Le numéro de badge', 64),
  holderName: requiredText('Le nom du titulaire', 120),
  department: optionalNullableText('Le service', 120),
  expiryDate: daySchema("La date d'expiration")
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  agentId: idSchema.nullish().transform((v) => v ?? null),
  nfcUid: nfcUidSchema.nullish().or(z.literal('').transform(() => null)),
  allowedPointIds: idList('Points autorisés').optional(),
  allowedSiteIds: idList('Sites autorisés').optional(),
  timeWindows: z.array(timeWindowSchema).max(14, { error: '14 plages horaires au plus' }).optional(),
};

export const createBadgeBody = z.object(badgeFields);
export const updateBadgeBody = z.object({
  badgeId: badgeFields.badgeId.optional(),
  holderName: badgeFields.holderName.optional(),
  // Absent: unchanged; empty or null: cleared.
  department: z
    .string()
    .trim()
    .max(120, { error: 'Le service ne doit pas dépasser 120 caractères' })
    .refine(hasNoNul, { error: nulMessage('Le service') })
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  expiryDate: daySchema("La date d'expiration")
    .nullish()
    .or(z.literal('').transform(() => null)),
  agentId: idSchema.nullish(),
  nfcUid: badgeFields.nfcUid,
  allowedPointIds: badgeFields.allowedPointIds,
  allowedSiteIds: badgeFields.allowedSiteIds,
  timeWindows: badgeFields.timeWindows,
  status: z.enum(storedBadgeStatuses, { error: 'Statut invalide (Actif ou Suspendu)' }).optional(),
});

export const listBadgesQuery = listQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .optional(),
  status: z.enum(badgeStatuses, { error: 'Statut invalide' }).optional(),
});

/** The text a QR badge carries: signed by the server, bound to the company, badge and version. */
export const badgeQrSchema = z.object({ payload: z.string(), version: z.number().int() });

export const accessPointSchema = z.object({
  id: idSchema,
  name: z.string(),
  siteId: idSchema,
  /** Spec display: site (its name). */
  site: z.string(),
  kind: z.enum(accessPointKinds),
  status: z.enum(accessPointStatuses),
  lastActivity: timestampSchema.nullable(),
  /** Actif and has sent a check in the last 10 minutes (system health). */
  responding: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AccessPoint = z.infer<typeof accessPointSchema>;

export const createAccessPointBody = z.object({
  name: requiredText('Le nom du point d’accès', 120),
  siteId: idSchema,
  kind: z.enum(accessPointKinds, { error: 'Type de point invalide' }),
  status: z.enum(accessPointStatuses, { error: 'Statut invalide' }).default('Actif'),
});
export const updateAccessPointBody = z.object({
  name: createAccessPointBody.shape.name.optional(),
  siteId: idSchema.optional(),
  kind: createAccessPointBody.shape.kind.optional(),
  status: z.enum(accessPointStatuses, { error: 'Statut invalide' }).optional(),
});
export const listAccessPointsQuery = listQuery.extend({
  siteId: idSchema.optional(),
  status: z.enum(accessPointStatuses, { error: 'Statut invalide' }).optional(),
});

export const pointKeyParams = z.object({ id: idSchema, keyId: idSchema });

/** Spec section 3: access log. */
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

export const accessCheckBody = z.object({
  credential: z
    .string({ error: "L'identifiant lu est obligatoire" })
    .trim()
    .min(1, { error: "L'identifiant lu est obligatoire" })
    .max(512, { error: "L'identifiant lu est trop long" })
    .refine(hasNoNul, { error: nulMessage("L'identifiant lu") }),
  type: z.enum(badgeTypes, { error: 'Type de lecture invalide (qrcode ou nfc)' }),
});
export const accessCheckSchema = z.object({
  decision: z.enum(accessLogStatuses),
  reason: z.string().nullable(),
  holder: z.string().nullable(),
  badgeId: idSchema.nullable(),
  /** The point the key belongs to: the kiosk shows where it stands. */
  point: z.string(),
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

export const listBadges = defineEndpoint({
  method: 'GET',
  path: '/api/access/badges',
  summary: 'Badges de la société (recherche sans accents, statut)',
  tags,
  auth: true,
  query: listBadgesQuery,
  response: z.array(badgeSchema),
});
export const getBadge = defineEndpoint({
  method: 'GET',
  path: '/api/access/badges/:id',
  summary: "Détail d'un badge",
  tags,
  auth: true,
  params: idParams,
  response: badgeSchema,
});
export const createBadge = defineEndpoint({
  method: 'POST',
  path: '/api/access/badges',
  summary: 'Créer un badge QR Code ou NFC',
  tags,
  auth: true,
  status: 201,
  body: createBadgeBody,
  response: badgeSchema,
});
export const updateBadge = defineEndpoint({
  method: 'PATCH',
  path: '/api/access/badges/:id',
  summary: 'Modifier un badge, le suspendre ou le réactiver',
  tags,
  auth: true,
  params: idParams,
  body: updateBadgeBody,
  response: badgeSchema,
});
export const deleteBadge = defineEndpoint({
  method: 'DELETE',
  path: '/api/access/badges/:id',
  summary: "Supprimer un badge (l'historique des passages est conservé)",
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});
export const getBadgeQr = defineEndpoint({
  method: 'GET',
  path: '/api/access/badges/:id/qr',
  summary: "Contenu signé du QR code d'un badge",
  tags,
  auth: true,
  params: idParams,
  response: badgeQrSchema,
});
export const getBadgeCard = defineEndpoint({
  method: 'GET',
  path: '/api/access/badges/:id/card',
  summary: 'Carte du badge à imprimer (PDF au format carte bancaire)',
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
export const regenerateBadgeQr = defineEndpoint({
  method: 'POST',
  path: '/api/access/badges/:id/regenerate',
  summary: "Régénérer le QR code d'un badge (l'ancien est refusé aussitôt)",
  tags,
  auth: true,
  params: idParams,
  response: badgeSchema,
});

export const listAccessPoints = defineEndpoint({
  method: 'GET',
  path: '/api/access/points',
  summary: "Points d'accès de la société",
  tags,
  auth: true,
  query: listAccessPointsQuery,
  response: z.array(accessPointSchema),
});
export const getAccessPoint = defineEndpoint({
  method: 'GET',
  path: '/api/access/points/:id',
  summary: "Détail d'un point d'accès",
  tags,
  auth: true,
  params: idParams,
  response: accessPointSchema,
});
export const createAccessPoint = defineEndpoint({
  method: 'POST',
  path: '/api/access/points',
  summary: "Créer un point d'accès (porte, portail, barrière, tourniquet)",
  tags,
  auth: true,
  status: 201,
  body: createAccessPointBody,
  response: accessPointSchema,
});
export const updateAccessPoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/access/points/:id',
  summary: "Modifier un point d'accès",
  tags,
  auth: true,
  params: idParams,
  body: updateAccessPointBody,
  response: accessPointSchema,
});
export const deleteAccessPoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/access/points/:id',
  summary: "Supprimer un point d'accès (ses clés de lecteur sont révoquées)",
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});
export const listPointKeys = defineEndpoint({
  method: 'GET',
  path: '/api/access/points/:id/keys',
  summary: "Clés de lecteur d'un point d'accès",
  tags,
  auth: true,
  params: idParams,
  response: z.array(integrationKeySchema),
});
export const createPointKey = defineEndpoint({
  method: 'POST',
  path: '/api/access/points/:id/keys',
  summary: "Créer la clé d'un lecteur ou d'une borne pour ce point (affichée une seule fois)",
  tags,
  auth: true,
  status: 201,
  params: idParams,
  body: z.object({ name: requiredText('Le nom du lecteur', 100) }),
  response: createdIntegrationKeySchema,
});
export const revokePointKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/access/points/:id/keys/:keyId',
  summary: "Révoquer la clé d'un lecteur",
  tags,
  auth: true,
  params: pointKeyParams,
  status: 204,
  response: noContent,
});

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

export const checkAccess = defineEndpoint({
  method: 'POST',
  path: '/api/access/check',
  summary: "Contrôler un badge à un point d'accès (lecteur ou borne, en-tête X-Api-Key)",
  tags,
  auth: false,
  apiKey: true,
  body: accessCheckBody,
  response: accessCheckSchema,
});
