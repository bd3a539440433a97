// Radio POC 4G: push-to-talk radios (4G handsets identified by their IMEI) and the channels they
// talk on. Communications, alerts, the device API and push-to-talk are in radio-traffic.contract.
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
} from './common';
import {
  createdIntegrationKeySchema,
  createIntegrationKeyBody,
  integrationKeySchema,
} from './integrations.contract';

const tags = ['radio'];

/** Luhn check over the 15 digits of an IMEI (the last one is the check digit). */
export function isValidImei(value: string) {
  if (!/^\d{15}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(value[14 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An IMEI as typed (spaces, dashes and slashes allowed), stored as its 15 digits. */
export const imeiSchema = z
  .string({ error: "L'identifiant radio (IMEI) est obligatoire" })
  .trim()
  .transform((v) => v.replace(/[\s/-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: "L'identifiant radio (IMEI) est obligatoire" })
      .regex(/^\d{15}$/, { error: "L'IMEI doit compter 15 chiffres" })
      .refine(isValidImei, { error: "L'IMEI est invalide (chiffre de contrôle incorrect)" }),
  );

/** active, assigned or other; active and assigned both count as active. */
export const radioStatuses = ['active', 'assigned', 'inactive'] as const;
export type RadioStatus = (typeof radioStatuses)[number];
export const radioStatusLabels: Record<RadioStatus, string> = {
  active: 'Active',
  assigned: 'Assignée',
  inactive: 'Hors service',
};
export const isActiveRadioStatus = (s: RadioStatus) => s === 'active' || s === 'assigned';

/** Channel types. */
export const channelTypes = ['site', 'emergency', 'general', 'team'] as const;
export type ChannelType = (typeof channelTypes)[number];
export const channelTypeLabels: Record<ChannelType, string> = {
  site: 'Site',
  emergency: 'Urgence',
  general: 'Général',
  team: 'Équipe',
};
export const channelPriorities = [0, 1, 2] as const;
export type ChannelPriority = (typeof channelPriorities)[number];
export const channelPriorityLabels: Record<ChannelPriority, string> = {
  0: 'Normal',
  1: 'Haute',
  2: 'Urgence',
};

/** A radio whose last report is younger than this is online (it reports every few seconds). */
export const RADIO_ONLINE_WINDOW_MS = 2 * 60_000;

export const positionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** Metres, as the device reports it; null when unknown. */
  accuracy: z.number().nullable(),
  at: timestampSchema,
});
export type Position = z.infer<typeof positionSchema>;

export const radioSchema = z.object({
  id: idSchema,
  /** The IMEI (15 digits). */
  radioId: z.string(),
  serialNumber: z.string(),
  agentId: idSchema.nullable(),
  agentName: z.string().nullable(),
  status: z.enum(radioStatuses),
  /** Percent, as last reported by the device; null before its first report. */
  battery: z.number().int().nullable(),
  signalStrength: z.number().int().nullable(),
  currentChannelId: idSchema.nullable(),
  /** Spec display: the channel's name. */
  currentChannel: z.string().nullable(),
  lastLocation: positionSchema.nullable(),
  lastSeen: timestampSchema.nullable(),
  /** Reported within the last 2 minutes. */
  online: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Radio = z.infer<typeof radioSchema>;

export const createRadioBody = z.object({
  radioId: imeiSchema,
  serialNumber: requiredText('Le numéro de série', 64),
  agentId: idSchema.nullish().transform((v) => v ?? null),
  /** Sent by the specification's form; the name shown is always the agent's own. */
  agentName: z.string().max(200).optional(),
  status: z.enum(radioStatuses, { error: 'Statut invalide (active, assigned ou inactive)' }).optional(),
});
export const updateRadioBody = z.object({
  radioId: imeiSchema.optional(),
  serialNumber: requiredText('Le numéro de série', 64).optional(),
  /** null: unassigned. */
  agentId: idSchema.nullish(),
  status: z.enum(radioStatuses, { error: 'Statut invalide (active, assigned ou inactive)' }).optional(),
  currentChannelId: idSchema.nullish(),
});
export const listRadiosQuery = listQuery.extend({
  status: z.enum(radioStatuses, { error: 'Statut invalide' }).optional(),
});

export const channelMemberSchema = z.object({
  kind: z.enum(['agent', 'radio']),
  id: idSchema,
  /** The agent's name, or the radio's IMEI with its agent's name. */
  name: z.string(),
  /** An agent on duty now or holding an online radio; a radio that reported within 2 minutes. */
  active: z.boolean(),
});
export type ChannelMember = z.infer<typeof channelMemberSchema>;

export const channelSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(channelTypes),
  description: z.string().nullable(),
  priority: z.number().int().min(0).max(2),
  /** Members active now (see channelMemberSchema.active). */
  activeMembers: z.number().int(),
  memberCount: z.number().int(),
  members: z.array(channelMemberSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Channel = z.infer<typeof channelSchema>;

const idList = (label: string) =>
  z
    .array(idSchema, { error: `${label} : liste d'identifiants attendue` })
    .max(500, { error: `${label} : 500 au plus` })
    .transform((ids) => [...new Set(ids)]);

const descriptionSchema = z
  .string()
  .trim()
  .max(500, { error: 'La description ne doit pas dépasser 500 caractères' })
  .refine(hasNoNul, { error: nulMessage('La description') })
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v));

const prioritySchema = z.coerce
  .number({ error: 'Priorité invalide (0, 1 ou 2)' })
  .int({ error: 'Priorité invalide (0, 1 ou 2)' })
  .min(0, { error: 'Priorité invalide (0, 1 ou 2)' })
  .max(2, { error: 'Priorité invalide (0, 1 ou 2)' });

export const createChannelBody = z.object({
  name: requiredText('Le nom du canal', 80),
  type: z.enum(channelTypes, { error: 'Type de canal invalide (site, emergency, general ou team)' }),
  description: descriptionSchema,
  priority: prioritySchema.default(0),
  agentIds: idList('Agents').optional(),
  radioIds: idList('Radios').optional(),
});
export const updateChannelBody = z.object({
  name: requiredText('Le nom du canal', 80).optional(),
  type: createChannelBody.shape.type.optional(),
  // Absent: unchanged; empty or null: cleared.
  description: z
    .string()
    .trim()
    .max(500, { error: 'La description ne doit pas dépasser 500 caractères' })
    .refine(hasNoNul, { error: nulMessage('La description') })
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  priority: prioritySchema.optional(),
});
export const channelMembersBody = z.object({
  agentIds: idList('Agents'),
  radioIds: idList('Radios'),
});

// The specification writes the radio paths with a trailing slash; the server answers both forms.
export const listRadios = defineEndpoint({
  method: 'GET',
  path: '/api/radio/radios/',
  summary: 'Radios de la société (état rapporté par les terminaux)',
  tags,
  auth: true,
  query: listRadiosQuery,
  response: z.array(radioSchema),
});
export const getRadio = defineEndpoint({
  method: 'GET',
  path: '/api/radio/radios/:id',
  summary: "Détail d'une radio",
  tags,
  auth: true,
  params: idParams,
  response: radioSchema,
});
export const createRadio = defineEndpoint({
  method: 'POST',
  path: '/api/radio/radios/',
  summary: 'Ajouter une radio (IMEI à 15 chiffres, clé de Luhn vérifiée)',
  tags,
  auth: true,
  status: 201,
  body: createRadioBody,
  response: radioSchema,
});
export const updateRadio = defineEndpoint({
  method: 'PATCH',
  path: '/api/radio/radios/:id',
  summary: 'Modifier une radio (agent, statut, canal)',
  tags,
  auth: true,
  params: idParams,
  body: updateRadioBody,
  response: radioSchema,
});
export const deleteRadio = defineEndpoint({
  method: 'DELETE',
  path: '/api/radio/radios/:id',
  summary: 'Retirer une radio (ses communications et alertes sont conservées)',
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});

export const listChannels = defineEndpoint({
  method: 'GET',
  path: '/api/radio/channels/',
  summary: 'Canaux radio de la société, par priorité',
  tags,
  auth: true,
  query: listQuery,
  response: z.array(channelSchema),
});
export const getChannel = defineEndpoint({
  method: 'GET',
  path: '/api/radio/channels/:id',
  summary: "Détail d'un canal et de ses membres",
  tags,
  auth: true,
  params: idParams,
  response: channelSchema,
});
export const createChannel = defineEndpoint({
  method: 'POST',
  path: '/api/radio/channels/',
  summary: 'Créer un canal (site, urgence, général, équipe)',
  tags,
  auth: true,
  status: 201,
  body: createChannelBody,
  response: channelSchema,
});
export const updateChannel = defineEndpoint({
  method: 'PATCH',
  path: '/api/radio/channels/:id',
  summary: 'Modifier un canal',
  tags,
  auth: true,
  params: idParams,
  body: updateChannelBody,
  response: channelSchema,
});
export const deleteChannel = defineEndpoint({
  method: 'DELETE',
  path: '/api/radio/channels/:id',
  summary: "Supprimer un canal (l'historique des communications est conservé)",
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});
export const listChannelMembers = defineEndpoint({
  method: 'GET',
  path: '/api/radio/channels/:id/members',
  summary: "Membres d'un canal (agents et radios)",
  tags,
  auth: true,
  params: idParams,
  response: z.array(channelMemberSchema),
});
export const setChannelMembers = defineEndpoint({
  method: 'PUT',
  path: '/api/radio/channels/:id/members',
  summary: "Remplacer les membres d'un canal",
  tags,
  auth: true,
  params: idParams,
  body: channelMembersBody,
  response: channelSchema,
});

/** Keys of radio gateways (integration keys with scope 'radio'), for administrators. */
export const listRadioKeys = defineEndpoint({
  method: 'GET',
  path: '/api/radio/keys',
  summary: 'Clés des passerelles radio (administrateurs)',
  tags,
  auth: true,
  response: z.array(integrationKeySchema),
});
export const createRadioKey = defineEndpoint({
  method: 'POST',
  path: '/api/radio/keys',
  summary: 'Créer une clé de passerelle radio (affichée une seule fois)',
  tags,
  auth: true,
  status: 201,
  body: createIntegrationKeyBody,
  response: createdIntegrationKeySchema,
});
export const revokeRadioKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/radio/keys/:keyId',
  summary: 'Révoquer une clé de passerelle radio',
  tags,
  auth: true,
  params: z.object({ keyId: idSchema }),
  status: 204,
  response: noContent,
});
