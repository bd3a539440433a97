// Camera video (issue 33): the live view's socket ticket, stills and clips with their fingerprint,
// and the legal hold that keeps a clip past the one-month retention.
import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, timestampSchema } from './common';

const tags = ['cameras'];

/**
 * A one-time ticket for the live socket (a browser cannot send the bearer header on a WebSocket,
 * and a token in the URL would leak into logs): valid 30 seconds, once, for one camera.
 */
export const liveTicketSchema = z.object({ ticket: z.string(), expiresAt: timestampSchema });
export const createLiveTicket = defineEndpoint({
  method: 'POST',
  path: '/api/cameras/:id/live',
  summary: 'Ticket à usage unique pour la vidéo en direct de la caméra',
  tags,
  auth: true,
  params: idParams,
  response: liveTicketSchema,
});
/** The socket: GET /api/cameras/live/socket?ticket=… (WebSocket upgrade). */
export const LIVE_SOCKET_PATH = '/api/cameras/live/socket';

/** What the live socket says besides the video's bytes (text frames, JSON). */
export type LiveServerMessage =
  | { type: 'init'; codec: string }
  | { type: 'interrupted' }
  | { type: 'error'; detail: string };

/** Longest clip an operator can record. */
export const MAX_CLIP_SECONDS = 600;
/** Clip recorded when an alarm goes off on a site with cameras. */
export const ALARM_CLIP_SECONDS = 60;

export const recordingKinds = ['still', 'clip'] as const;
export const recordingKindLabels: Record<(typeof recordingKinds)[number], string> = {
  still: "Capture d'écran",
  clip: 'Clip vidéo',
};

export const recordingSchema = z.object({
  id: idSchema,
  cameraId: idSchema,
  cameraName: z.string(),
  kind: z.enum(recordingKinds),
  trigger: z.enum(['manual', 'alarm']),
  alarmId: idSchema.nullable(),
  contentType: z.string(),
  state: z.enum(['recording', 'ready', 'failed']),
  startedAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  sizeBytes: z.number().int(),
  /** SHA-256 of the file, hexadecimal, once it is complete. */
  sha256: z.string().nullable(),
  legalHold: z.boolean(),
  holdReason: z.string().nullable(),
  /** When retention removes it (one month after it started), or null under legal hold. */
  expiresAt: timestampSchema.nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const listCameraRecordings = defineEndpoint({
  method: 'GET',
  path: '/api/cameras/:id/recordings',
  summary: "Captures et clips d'une caméra (les plus récents d'abord, 100 au plus)",
  tags,
  auth: true,
  params: idParams,
  response: z.array(recordingSchema),
});

export const captureStill = defineEndpoint({
  method: 'POST',
  path: '/api/cameras/:id/captures',
  summary: "Capture d'écran de l'image en direct (prise par le serveur dans le flux)",
  tags,
  auth: true,
  status: 201,
  params: idParams,
  response: recordingSchema,
});

export const startClip = defineEndpoint({
  method: 'POST',
  path: '/api/cameras/:id/clips',
  summary: 'Démarrer un clip vidéo (MP4, 10 minutes au plus)',
  tags,
  auth: true,
  status: 201,
  params: idParams,
  body: z
    .object({
      seconds: z
        .number({ error: 'Durée invalide (nombre de secondes)' })
        .int({ error: 'Durée invalide (nombre entier de secondes)' })
        .min(1, { error: "La durée d'un clip est d'au moins 1 seconde" })
        .max(MAX_CLIP_SECONDS, { error: 'Un clip ne doit pas dépasser 10 minutes' })
        .default(MAX_CLIP_SECONDS),
    })
    .strict()
    // A POST without a body (the button) records up to the longest clip.
    .nullish()
    .transform((v) => v ?? { seconds: MAX_CLIP_SECONDS }),
  response: recordingSchema,
});

export const stopClip = defineEndpoint({
  method: 'POST',
  path: '/api/cameras/recordings/:id/stop',
  summary: "Arrêter l'enregistrement d'un clip",
  tags,
  auth: true,
  params: idParams,
  response: recordingSchema,
});

/** Answers the file's bytes (image/jpeg or video/mp4) with its SHA-256 in a header. */
export const downloadRecording = defineEndpoint({
  method: 'GET',
  path: '/api/cameras/recordings/:id/file',
  summary: "Télécharger une capture ou un clip (empreinte SHA-256 dans l'en-tête X-Content-SHA256)",
  tags,
  auth: true,
  params: idParams,
  response: z.custom<Uint8Array>((v) => v instanceof Uint8Array),
});

export const alarmRecordings = defineEndpoint({
  method: 'GET',
  path: '/api/alarms/:id/recordings',
  summary: "Clips vidéo enregistrés à l'alarme",
  tags,
  auth: true,
  params: idParams,
  response: z.array(recordingSchema),
});

export const setLegalHold = defineEndpoint({
  method: 'PUT',
  path: '/api/cameras/recordings/:id/hold',
  summary: 'Placer une vidéo sous conservation judiciaire (administrateurs)',
  tags,
  auth: true,
  params: idParams,
  body: z
    .object({
      reason: z
        .string({ error: 'Le motif est obligatoire (réquisition, enquête…)' })
        .trim()
        .min(3, { error: 'Le motif est obligatoire (réquisition, enquête…)' })
        .max(500, { error: 'Le motif ne doit pas dépasser 500 caractères' }),
    })
    .strict(),
  response: recordingSchema,
});

export const liftLegalHold = defineEndpoint({
  method: 'DELETE',
  path: '/api/cameras/recordings/:id/hold',
  summary: 'Lever la conservation judiciaire (administrateurs)',
  tags,
  auth: true,
  params: idParams,
  response: recordingSchema,
});
