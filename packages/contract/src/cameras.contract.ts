import { z } from 'zod';
import {
  defineEndpoint,
  idParams,
  idSchema,
  listQuery,
  noContent,
  requiredText,
  timestampSchema,
} from './common';

export const cameraTypes = ['fixed', 'ptz'] as const;
export const cameraTypeLabels: Record<(typeof cameraTypes)[number], string> = { fixed: 'Fixe', ptz: 'PTZ' };
export const cameraResolutions = ['720p', '1080p', '4K'] as const;
export const cameraStatuses = ['En ligne', 'Hors ligne'] as const;
export type CameraStatus = (typeof cameraStatuses)[number];

const cameraTypeSchema = z.enum(cameraTypes, { error: 'Type de caméra invalide (fixed ou ptz)' });
const resolutionSchema = z.enum(cameraResolutions, { error: 'Résolution invalide (720p, 1080p ou 4K)' });

const emptyToNull = <T>(v: T | null | undefined) => (v === '' ? null : v);

const urlWithSchemes = (schemes: string[], error: string) =>
  z
    .string()
    .trim()
    .max(500, { error: "L'URL ne doit pas dépasser 500 caractères" })
    .refine(
      (v) => {
        if (v === '') return true;
        try {
          const u = new URL(v);
          return schemes.includes(u.protocol) && u.hostname !== '';
        } catch {
          return false;
        }
      },
      { error },
    )
    .nullish()
    .transform(emptyToNull);

/** RTSP, NVR/DVR or HTTP stream address. */
const streamUrlSchema = urlWithSchemes(
  ['rtsp:', 'rtsps:', 'http:', 'https:'],
  'URL de flux invalide (rtsp://, rtsps://, http:// ou https://)',
);
/** ONVIF device service of a PTZ camera (http://camera/onvif/device_service). */
const onvifUrlSchema = urlWithSchemes(['http:', 'https:'], 'URL ONVIF invalide (http:// ou https://)');
/** Seconds of pre-alarm picture: each such camera holds its stream open all the time. */
const preAlarmSchema = z
  .number({ error: 'Durée de pré-alarme invalide (nombre de secondes)' })
  .int({ error: 'Durée de pré-alarme invalide (nombre entier de secondes)' })
  .min(0, { error: 'La durée de pré-alarme ne peut pas être négative' })
  .max(30, { error: 'La durée de pré-alarme ne doit pas dépasser 30 secondes' });
/** Still image most IP cameras and NVRs expose over HTTP. */
const snapshotUrlSchema = urlWithSchemes(['http:', 'https:'], "URL d'image invalide (http:// ou https://)");

const isIp = (v: string) => z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success;
const ipAddressSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isIp(v), { error: 'Adresse IP invalide (IPv4 ou IPv6)' })
  .nullish()
  .transform(emptyToNull);

const credentialSchema = (label: string) =>
  z
    .string()
    .max(200, { error: `${label} ne doit pas dépasser 200 caractères` })
    .nullish()
    .transform(emptyToNull);

export const cameraSchema = z.object({
  id: idSchema,
  siteId: idSchema,
  siteName: z.string(),
  name: z.string(),
  location: z.string(),
  type: z.enum(cameraTypes),
  resolution: z.enum(cameraResolutions),
  ipAddress: z.string().nullable(),
  rtspUrl: z.string().nullable(),
  snapshotUrl: z.string().nullable(),
  nightVision: z.boolean(),
  motionDetection: z.boolean(),
  recording: z.boolean(),
  status: z.enum(cameraStatuses),
  lastPing: timestampSchema.nullable(),
  /** ONVIF device service of a PTZ camera (moves and presets). */
  onvifUrl: z.string().nullable(),
  /** Live video re-encoded to H.264 (H.265 or MJPEG cameras): CPU on the server. */
  liveTranscode: z.boolean(),
  /** Seconds of picture kept before an alarm (0 = none). */
  preAlarmSeconds: z.number().int(),
  /** Stream credentials are stored; only their presence is ever sent back. */
  hasCredentials: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Camera = z.infer<typeof cameraSchema>;

const siteIdSchema = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'Le site est obligatoire'
      : 'Identifiant de site invalide',
});

const cameraFields = {
  siteId: siteIdSchema,
  name: requiredText('Le nom de la caméra'),
  location: requiredText("L'emplacement"),
  type: cameraTypeSchema,
  resolution: resolutionSchema,
  ipAddress: ipAddressSchema,
  rtspUrl: streamUrlSchema,
  snapshotUrl: snapshotUrlSchema,
  streamUsername: credentialSchema("Le nom d'utilisateur du flux"),
  streamPassword: credentialSchema('Le mot de passe du flux'),
  nightVision: z.boolean({ error: 'Valeur booléenne attendue' }),
  motionDetection: z.boolean({ error: 'Valeur booléenne attendue' }),
  recording: z.boolean({ error: 'Valeur booléenne attendue' }),
  onvifUrl: onvifUrlSchema,
  liveTranscode: z.boolean({ error: 'Valeur booléenne attendue' }),
  preAlarmSeconds: preAlarmSchema,
};

export const createCameraBody = z.object({
  ...cameraFields,
  type: cameraTypeSchema.default('fixed'),
  resolution: resolutionSchema.default('1080p'),
  nightVision: cameraFields.nightVision.default(false),
  motionDetection: cameraFields.motionDetection.default(false),
  recording: cameraFields.recording.default(false),
  liveTranscode: cameraFields.liveTranscode.default(false),
  preAlarmSeconds: cameraFields.preAlarmSeconds.default(0),
});
export type CreateCameraBody = z.input<typeof createCameraBody>;

export const updateCameraBody = z
  .object({
    siteId: siteIdSchema,
    name: cameraFields.name,
    location: cameraFields.location,
    type: cameraTypeSchema,
    resolution: resolutionSchema,
    nightVision: cameraFields.nightVision,
    motionDetection: cameraFields.motionDetection,
    recording: cameraFields.recording,
    liveTranscode: cameraFields.liveTranscode,
    preAlarmSeconds: cameraFields.preAlarmSeconds,
  })
  .partial()
  .extend({
    ipAddress: ipAddressSchema,
    rtspUrl: streamUrlSchema,
    snapshotUrl: snapshotUrlSchema,
    onvifUrl: onvifUrlSchema,
    streamUsername: cameraFields.streamUsername,
    streamPassword: cameraFields.streamPassword,
  })
  .strict();
export type UpdateCameraBody = z.input<typeof updateCameraBody>;

/** The specification also calls an online camera 'online'. */
const statusFilter = z
  .enum(['En ligne', 'Hors ligne', 'online', 'offline'], {
    error: 'Statut invalide (En ligne ou Hors ligne)',
  })
  .transform((v): CameraStatus => (v === 'online' ? 'En ligne' : v === 'offline' ? 'Hors ligne' : v));

export const listCamerasQuery = listQuery.extend({
  siteId: idSchema.optional(),
  status: statusFilter.optional(),
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .optional(),
});

export const listCameras = defineEndpoint({
  method: 'GET',
  path: '/api/cameras',
  summary: 'Caméras de la société (filtres site, statut, recherche sans accents)',
  tags: ['cameras'],
  auth: true,
  query: listCamerasQuery,
  response: z.array(cameraSchema),
});

export const getCamera = defineEndpoint({
  method: 'GET',
  path: '/api/cameras/:id',
  summary: "Détail d'une caméra",
  tags: ['cameras'],
  auth: true,
  params: idParams,
  response: cameraSchema,
});

export const createCamera = defineEndpoint({
  method: 'POST',
  path: '/api/cameras',
  summary: "Ajouter une caméra (dans la limite de l'offre)",
  tags: ['cameras'],
  auth: true,
  status: 201,
  body: createCameraBody,
  response: cameraSchema,
});

export const updateCamera = defineEndpoint({
  method: 'PATCH',
  path: '/api/cameras/:id',
  summary: 'Modifier une caméra',
  tags: ['cameras'],
  auth: true,
  params: idParams,
  body: updateCameraBody,
  response: cameraSchema,
});

export const deleteCamera = defineEndpoint({
  method: 'DELETE',
  path: '/api/cameras/:id',
  summary: 'Supprimer une caméra',
  tags: ['cameras'],
  auth: true,
  status: 204,
  params: idParams,
  response: noContent,
});

/** Answers the image bytes (image/jpeg or image/png), fetched by the server with the camera's credentials. */
export const getCameraSnapshot = defineEndpoint({
  method: 'GET',
  path: '/api/cameras/:id/snapshot',
  summary: "Image actuelle d'une caméra (JPEG ou PNG, jamais mise en cache)",
  tags: ['cameras'],
  auth: true,
  params: idParams,
  response: z.custom<Uint8Array>((v) => v instanceof Uint8Array),
});
