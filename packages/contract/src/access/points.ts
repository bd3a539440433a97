// Access control contract: access points, their readers' keys, and the check a reader or a kiosk
// makes with its key (the decision and why a badge was refused).
import { z } from 'zod';
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
} from '../common';
import { createdIntegrationKeySchema, integrationKeySchema } from '../integrations.contract';
import { badgeTypes } from './badges';
import { accessLogStatuses } from './logs';

export const accessPointKinds = ['porte', 'portail', 'barrière', 'tourniquet'] as const;
export const accessPointKindLabels: Record<(typeof accessPointKinds)[number], string> = {
  porte: 'Porte',
  portail: 'Portail',
  barrière: 'Barrière',
  tourniquet: 'Tourniquet',
};
export const accessPointStatuses = ['Actif', 'Maintenance', 'Hors service'] as const;

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

const tags = ['access'];

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
