// Radio traffic contract: communications, with their audio and the emergency analysis of their
// transcript, and how long recordings are kept.
import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, listQuery, timestampSchema } from '../common';

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

/** aiAnalysis: recommendation and keywords_found, plus the score and category. */
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

/**
 * The communications log grows without end: a list's total (X-Total-Count) is counted up to this
 * many, one more meaning more. Shared by the server's count and the web app's « plus de 1 000 ».
 */
export const communicationCountCap = 1_000;

export const listCommunicationsQuery = listQuery.extend({
  channelId: idSchema.optional(),
  emergency: z
    .enum(['true', 'false'], { error: 'Filtre urgence invalide (true ou false)' })
    .transform((v) => v === 'true')
    .optional(),
});

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
