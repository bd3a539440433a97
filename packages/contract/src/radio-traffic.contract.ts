// Radio traffic: communications (with their audio and the emergency analysis of their transcript),
// radio alerts (SOS and detected emergencies) with the nearest agents on duty, the summary card,
// the API the 4G handsets or their gateway call, and the push-to-talk socket's ticket.
import { z } from 'zod';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  nulMessage,
  timestampSchema,
} from './common';
import { imeiSchema } from './radio.contract';

const tags = ['radio'];

export const emergencyCategories = [
  'agression',
  'arme',
  'incendie',
  'blesse',
  'intrusion',
  'appel_aide',
] as const;
export type EmergencyCategory = (typeof emergencyCategories)[number];
export const emergencyCategoryLabels: Record<EmergencyCategory, string> = {
  agression: 'Agression',
  arme: 'Arme',
  incendie: 'Incendie',
  blesse: 'Blessé / malaise',
  intrusion: 'Intrusion',
  appel_aide: "Appel à l'aide",
};

/** Spec section 3: aiAnalysis (recommendation, keywords_found), plus the score and category. */
export const aiAnalysisSchema = z.object({
  score: z.number(),
  category: z.enum(emergencyCategories).nullable(),
  keywords_found: z.array(z.string()),
  recommendation: z.string(),
});
export type AiAnalysis = z.infer<typeof aiAnalysisSchema>;

export const transcriptStatuses = ['none', 'pending', 'done', 'failed'] as const;

export const communicationSchema = z.object({
  id: idSchema,
  fromAgentName: z.string(),
  channelId: idSchema.nullable(),
  channelName: z.string(),
  radioId: idSchema.nullable(),
  source: z.enum(['device', 'browser']),
  timestamp: timestampSchema,
  durationMs: z.number().int().nullable(),
  transcript: z.string().nullable(),
  /** none: no audio to transcribe or no service; pending: sent to the speech-to-text service. */
  transcriptStatus: z.enum(transcriptStatuses),
  emergencyDetected: z.boolean(),
  aiAnalysis: aiAnalysisSchema.nullable(),
  hasAudio: z.boolean(),
});
export type Communication = z.infer<typeof communicationSchema>;

export const listCommunicationsQuery = listQuery.extend({
  channelId: idSchema.optional(),
  emergency: z
    .enum(['true', 'false'], { error: 'Filtre urgence invalide (true ou false)' })
    .transform((v) => v === 'true')
    .optional(),
});

export const radioAlertTypes = ['sos', 'emergency'] as const;
export const radioAlertTypeLabels: Record<(typeof radioAlertTypes)[number], string> = {
  sos: 'SOS',
  emergency: 'Urgence détectée',
};
/** Spec section 4: active or other. */
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

/** Spec section 7: radio_id and location {lat, lng}; radio_id is the radio's id or its IMEI. */
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

/** Spec section 9, radio display rules: the summary card. */
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

export const listCommunications = defineEndpoint({
  method: 'GET',
  path: '/api/radio/communications/',
  summary: 'Communications radio, les plus récentes en premier',
  tags,
  auth: true,
  query: listCommunicationsQuery,
  response: z.array(communicationSchema),
});
export const getCommunicationAudio = defineEndpoint({
  method: 'GET',
  path: '/api/radio/communications/:id/audio',
  summary: "Enregistrement d'une communication (chaque écoute est journalisée)",
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
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

/** Recordings are personal data: kept 6 months at most. */
export const RECORDING_RETENTION_MAX_DAYS = 183;
export const recordingRetentionSchema = z.object({ days: z.number().int() });
export const recordingRetentionBody = z.object({
  days: z.coerce
    .number({ error: 'Durée de conservation invalide' })
    .int({ error: 'Durée de conservation invalide' })
    .min(1, { error: 'La durée de conservation doit être d’au moins 1 jour' })
    .max(RECORDING_RETENTION_MAX_DAYS, { error: 'Les enregistrements sont conservés 6 mois au plus' }),
});
export const getRecordingRetention = defineEndpoint({
  method: 'GET',
  path: '/api/radio/retention',
  summary: 'Durée de conservation des enregistrements radio',
  tags,
  auth: true,
  response: recordingRetentionSchema,
});
export const setRecordingRetention = defineEndpoint({
  method: 'PUT',
  path: '/api/radio/retention',
  summary: 'Modifier la durée de conservation des enregistrements (6 mois au plus, administrateurs)',
  tags,
  auth: true,
  body: recordingRetentionBody,
  response: recordingRetentionSchema,
});

// ---- Device API: a 4G handset or its gateway, authenticated by a radio key (X-Api-Key) ----

const percent = (label: string, feminine: boolean) => {
  const range = `${label} doit être ${feminine ? 'comprise' : 'compris'} entre 0 et 100`;
  return z
    .number({ error: `${label} doit être un nombre` })
    .int({ error: `${label} doit être un entier` })
    .min(0, { error: range })
    .max(100, { error: range });
};

export const devicePositionSchema = latLngSchema.extend({
  accuracy: z
    .number({ error: 'La précision doit être un nombre' })
    .min(0, { error: 'La précision doit être positive' })
    .max(100_000, { error: 'Précision invalide' })
    .optional(),
});

/** A channel named by its id or its name (as the handset's menu shows it). */
const channelRef = z
  .string()
  .trim()
  .min(1, { error: 'Le canal est obligatoire' })
  .max(80, { error: 'Canal inconnu' })
  .refine(hasNoNul, { error: nulMessage('Le canal') });

export const deviceStatusBody = z.object({
  imei: imeiSchema,
  battery: percent('La batterie', true).optional(),
  signal: percent('Le signal', false).optional(),
  channel: channelRef.optional(),
  position: devicePositionSchema.optional(),
});
/** Audio of a transmission: base64 of an Ogg/WebM Opus, WAV or MP3 file, 2 MB at most. */
export const MAX_AUDIO_BYTES = 2 * 1024 * 1024;
export const deviceCommunicationBody = z.object({
  imei: imeiSchema,
  channel: channelRef,
  transcript: z
    .string()
    .trim()
    .max(5000, { error: 'La transcription ne doit pas dépasser 5000 caractères' })
    .refine(hasNoNul, { error: nulMessage('La transcription') })
    .optional(),
  audio: z
    .string()
    .max(Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 4, { error: "L'enregistrement ne doit pas dépasser 2 Mo" })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "L'enregistrement doit être encodé en base64" })
    .optional(),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 60_000, { error: 'Durée invalide' })
    .optional(),
  timestamp: timestampSchema.optional(),
});
export const deviceSosBody = z.object({ imei: imeiSchema, position: devicePositionSchema.optional() });

export const deviceAck = z.object({ ok: z.literal(true), radioId: idSchema });

export const postDeviceStatus = defineEndpoint({
  method: 'POST',
  path: '/api/radio/device/status',
  summary: 'Terminal radio : état (batterie, signal, canal, position)',
  tags,
  auth: false,
  apiKey: true,
  body: deviceStatusBody,
  response: deviceAck,
});
export const postDeviceCommunication = defineEndpoint({
  method: 'POST',
  path: '/api/radio/device/communications',
  summary: 'Terminal radio : une transmission (transcription et/ou audio), analysée aussitôt',
  tags,
  auth: false,
  apiKey: true,
  status: 201,
  body: deviceCommunicationBody,
  response: communicationSchema,
});
export const postDeviceSos = defineEndpoint({
  method: 'POST',
  path: '/api/radio/device/sos',
  summary: 'Terminal radio : bouton SOS',
  tags,
  auth: false,
  apiKey: true,
  status: 201,
  body: deviceSosBody,
  response: radioAlertWithNearestSchema,
});

// ---- Push-to-talk in the browser ----

/**
 * A one-time ticket for the push-to-talk socket (a browser cannot send the bearer header on a
 * WebSocket, and a token in the URL would leak into logs): valid 30 seconds, once.
 */
export const pttTicketSchema = z.object({ ticket: z.string(), expiresAt: timestampSchema });
export const createPttTicket = defineEndpoint({
  method: 'POST',
  path: '/api/radio/ptt/ticket',
  summary: 'Ticket à usage unique pour la connexion push-to-talk',
  tags,
  auth: true,
  body: z.object({ channelId: idSchema }),
  response: pttTicketSchema,
});
/** The socket: GET /api/radio/ptt/socket?ticket=… (WebSocket upgrade). */
export const PTT_SOCKET_PATH = '/api/radio/ptt/socket';
/** Longest transmission; the server ends it after this. */
export const PTT_MAX_TRANSMISSION_MS = 60_000;

/** Text frames of the push-to-talk socket (audio travels as binary frames). */
export type PttClientMessage = { type: 'talk-start'; mimeType: string } | { type: 'talk-end' };
export type PttServerMessage =
  | { type: 'joined'; channelId: string; channelName: string; priority: number; speaker: string | null }
  | { type: 'granted'; transmissionId: string }
  | { type: 'busy'; speaker: string; message: string }
  | { type: 'preempted'; message: string }
  | { type: 'speaker-start'; transmissionId: string; speaker: string; mimeType: string }
  | { type: 'speaker-end'; transmissionId: string; communicationId: string | null }
  | { type: 'error'; message: string };
