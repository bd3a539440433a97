// Radio traffic contract: radio alerts (SOS and detected emergencies) with the nearest agents on
// duty, and the summary card.
import { z } from 'zod';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  nulMessage,
  timestampSchema,
} from '../common';
import { emergencyCategories } from './communications';

const tags = ['radio'];

export const radioAlertTypes = ['sos', 'emergency'] as const;
export const radioAlertTypeLabels: Record<(typeof radioAlertTypes)[number], string> = {
  sos: 'SOS',
  emergency: 'Urgence détectée',
};
/** The screens tell an active alert from the others. */
export const radioAlertStatuses = ['active', 'acknowledged', 'resolved'] as const;
export const radioAlertStatusLabels: Record<(typeof radioAlertStatuses)[number], string> = {
  active: 'Active',
  acknowledged: 'Prise en compte',
  resolved: 'Résolue',
};

/** Agents on duty whose position is at most this old are proposed for an alert. */
export const NEAREST_POSITION_MAX_AGE_MS = 15 * 60_000;

export const nearestAgentSchema = z.object({
  agentId: idSchema,
  name: z.string(),
  /** Straight-line distance from the alert's position, in metres. */
  distanceM: z.number().int(),
  positionAt: timestampSchema,
  /** Where the position comes from: the agent's radio or their phone (clock-in). */
  positionSource: z.enum(['radio', 'phone']),
  siteName: z.string().nullable(),
});
export type NearestAgent = z.infer<typeof nearestAgentSchema>;

export const radioAlertSchema = z.object({
  id: idSchema,
  type: z.enum(radioAlertTypes),
  severity: z.enum(['critical', 'high']),
  status: z.enum(radioAlertStatuses),
  radioId: idSchema.nullable(),
  imei: z.string().nullable(),
  agentId: idSchema.nullable(),
  agentName: z.string().nullable(),
  description: z.string(),
  aiRecommendation: z.string(),
  category: z.enum(emergencyCategories).nullable(),
  keywords: z.array(z.string()),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Where the location comes from: the device's SOS, or the radio's last report. */
  locationSource: z.enum(['device', 'radio', 'none']),
  communicationId: idSchema.nullable(),
  alarmId: idSchema.nullable(),
  siteId: idSchema.nullable(),
  siteName: z.string().nullable(),
  dispatchedAgent: z
    .object({
      agentId: idSchema,
      name: z.string(),
      distanceM: z.number().int().nullable(),
      at: timestampSchema,
    })
    .nullable(),
  createdAt: timestampSchema,
  acknowledgedAt: timestampSchema.nullable(),
  resolvedAt: timestampSchema.nullable(),
  /** Seconds from the alert to its first handling (acknowledgement or dispatch). */
  responseSeconds: z.number().int().nullable(),
});
export type RadioAlert = z.infer<typeof radioAlertSchema>;
export const radioAlertWithNearestSchema = radioAlertSchema.extend({
  nearestAgents: z.array(nearestAgentSchema),
});
export type RadioAlertWithNearest = z.infer<typeof radioAlertWithNearestSchema>;

export const listRadioAlertsQuery = listQuery.extend({
  status: z.enum(radioAlertStatuses, { error: 'Statut invalide' }).optional(),
});

const latitude = z
  .number({ error: 'La latitude doit être un nombre' })
  .min(-90, { error: 'La latitude doit être comprise entre -90 et 90' })
  .max(90, { error: 'La latitude doit être comprise entre -90 et 90' });
const longitude = z
  .number({ error: 'La longitude doit être un nombre' })
  .min(-180, { error: 'La longitude doit être comprise entre -180 et 180' })
  .max(180, { error: 'La longitude doit être comprise entre -180 et 180' });
export const latLngSchema = z.object({ lat: latitude, lng: longitude });

/** The SOS body: radio_id and location {lat, lng}; radio_id is the radio's id or its IMEI. */
export const sosBody = z.object({
  radio_id: z
    .string({ error: "L'identifiant de la radio est obligatoire" })
    .trim()
    .min(1, { error: "L'identifiant de la radio est obligatoire" })
    .max(64, { error: 'Identifiant de radio invalide' }),
  /** Absent: the radio's last reported position. */
  location: latLngSchema.nullish(),
});

export const dispatchBody = z.object({ agentId: idSchema });
export const resolveRadioAlertBody = z.object({
  note: z
    .string()
    .trim()
    .max(1000, { error: 'La note ne doit pas dépasser 1000 caractères' })
    .refine(hasNoNul, { error: nulMessage('La note') })
    .optional(),
});

/** The summary card; its recommendation follows the radio display rules. */
export const radioSummarySchema = z.object({
  radiosTotal: z.number().int(),
  radiosActive: z.number().int(),
  radiosOnline: z.number().int(),
  activeAlerts: z.number().int(),
  channels: z.number().int(),
  /** Average minutes from a radio alert to its handling over the last 30 days; null when none. */
  avgResponseMinutes: z.number().nullable(),
  communicationsToday: z.number().int(),
  emergenciesToday: z.number().int(),
  recommendation: z.object({ level: z.enum(['intervention', 'coverage', 'optimal']), text: z.string() }),
});
export type RadioSummary = z.infer<typeof radioSummarySchema>;

export const listRadioAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/radio/alerts/',
  summary: 'Alertes radio (SOS et urgences détectées), les plus récentes en premier',
  tags,
  auth: true,
  query: listRadioAlertsQuery,
  response: z.array(radioAlertSchema),
});
export const getRadioAlert = defineEndpoint({
  method: 'GET',
  path: '/api/radio/alerts/:id',
  summary: "Détail d'une alerte radio et les agents disponibles les plus proches",
  tags,
  auth: true,
  params: idParams,
  response: radioAlertWithNearestSchema,
});
export const triggerSos = defineEndpoint({
  method: 'POST',
  path: '/api/radio/alerts/sos',
  summary: 'Déclencher un SOS pour une radio (alarme critique, agents les plus proches)',
  tags,
  auth: true,
  status: 201,
  body: sosBody,
  response: radioAlertWithNearestSchema,
});
export const dispatchRadioAlert = defineEndpoint({
  method: 'POST',
  path: '/api/radio/alerts/:id/dispatch',
  summary: 'Envoyer un agent sur une alerte radio',
  tags,
  auth: true,
  params: idParams,
  body: dispatchBody,
  response: radioAlertWithNearestSchema,
});
export const acknowledgeRadioAlert = defineEndpoint({
  method: 'POST',
  path: '/api/radio/alerts/:id/acknowledge',
  summary: 'Prendre en compte une alerte radio',
  tags,
  auth: true,
  params: idParams,
  response: radioAlertSchema,
});
export const resolveRadioAlert = defineEndpoint({
  method: 'POST',
  path: '/api/radio/alerts/:id/resolve',
  summary: 'Clore une alerte radio',
  tags,
  auth: true,
  params: idParams,
  body: resolveRadioAlertBody,
  response: radioAlertSchema,
});
export const getRadioSummary = defineEndpoint({
  method: 'GET',
  path: '/api/radio/summary',
  summary: "Carte d'analyse : radios actives, alertes, temps de réponse moyen, recommandation",
  tags,
  auth: true,
  response: radioSummarySchema,
});
