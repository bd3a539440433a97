// Access control contract: badges (QR Code or NFC), their holders, allowed points and sites, weekly
// time windows, and the signed QR code and printable card of a badge.
import { z } from 'zod';
import { daySchema } from '../agents.contract';
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

/** Badge types. */
export const badgeTypes = ['qrcode', 'nfc'] as const;
export type BadgeType = (typeof badgeTypes)[number];
export const badgeTypeLabels: Record<BadgeType, string> = { qrcode: 'QR Code', nfc: 'NFC' };

/** A badge is Actif or not; Expiré is derived from the expiry date. */
export const storedBadgeStatuses = ['Actif', 'Suspendu'] as const;
export const badgeStatuses = ['Actif', 'Suspendu', 'Expiré'] as const;

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
