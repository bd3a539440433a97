// Radio traffic contract: the API the 4G handsets or their gateway call, and the push-to-talk
// socket's ticket and messages.
import { z } from 'zod';
import { defineEndpoint, hasNoNul, idSchema, nulMessage, timestampSchema } from '../common';
import { imeiSchema } from '../radio.contract';
import { latLngSchema, radioAlertWithNearestSchema } from './alerts';
import { communicationSchema } from './communications';

const tags = ['radio'];

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
