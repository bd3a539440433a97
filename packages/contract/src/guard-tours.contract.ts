// Guard tours (rondes): tours of a site with their checkpoints (signed QR labels or NFC tags), their
// schedule, the rounds walked by agents and their scans, alerts and the completion rate per week.
import { z } from 'zod';
import {
  clientRefSchema,
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

export const tourOrderModes = ['fixed', 'random'] as const;
export type TourOrderMode = (typeof tourOrderModes)[number];
export const tourOrderModeLabels: Record<TourOrderMode, string> = {
  fixed: 'Ordre fixe',
  random: 'Ordre aléatoire',
};
export const checkpointKinds = ['qr', 'nfc'] as const;
export type CheckpointKind = (typeof checkpointKinds)[number];
export const checkpointKindLabels: Record<CheckpointKind, string> = { qr: 'Étiquette QR', nfc: 'Tag NFC' };

export const roundStatuses = ['planned', 'in_progress', 'done', 'missed'] as const;
export type RoundStatus = (typeof roundStatuses)[number];
export const roundStatusLabels: Record<RoundStatus, string> = {
  planned: 'Planifiée',
  in_progress: 'En cours',
  done: 'Terminée',
  missed: 'Manquée',
};

/** How a scan's position compares with its site (checked by the server at each scan). */
export const scanPositionChecks = ['inside', 'outside', 'missing', 'unchecked'] as const;
export type ScanPositionCheck = (typeof scanPositionChecks)[number];
export const scanPositionCheckLabels: Record<ScanPositionCheck, string> = {
  inside: 'Sur site',
  outside: 'Hors zone',
  missing: 'Position absente',
  unchecked: 'Site sans coordonnées',
};

export const maxCheckpoints = 100;
/** A scan photo (phone camera, JPEG or PNG, reduced on the phone) up to 1 MB, sent in base64. */
export const maxScanPhotoBytes = 1024 * 1024;
export const maxScanPhotoChars = Math.ceil(maxScanPhotoBytes / 3) * 4 + 100;

const optionalLongText = (label: string, max: number) =>
  z
    .string({ error: `${label} doit être un texte` })
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .nullish()
    .transform((v) => (v ? v : null));

const hhmm = (label: string) =>
  z
    .string({ error: `${label} est obligatoire` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${label} doit être une heure au format HH:MM` });

export const tourScheduleSchema = z.object({
  everyMinutes: z
    .number({ error: "L'intervalle doit être un nombre de minutes" })
    .int({ error: "L'intervalle doit être un nombre entier de minutes" })
    .min(15, { error: "L'intervalle doit être d'au moins 15 minutes" })
    .max(1440, { error: "L'intervalle ne doit pas dépasser 1440 minutes" }),
  start: hhmm("L'heure de début"),
  end: hhmm("L'heure de fin"),
  days: z
    .array(z.number().int().min(1, { error: 'Jour invalide' }).max(7, { error: 'Jour invalide' }), {
      error: 'Les jours doivent être une liste',
    })
    .min(1, { error: 'Choisissez au moins un jour' })
    .max(7, { error: 'Au plus 7 jours' })
    .transform((d) => [...new Set(d)].sort()),
});
export type TourSchedule = z.infer<typeof tourScheduleSchema>;

const nfcUidSchema = z
  .string({ error: "L'identifiant du tag NFC doit être un texte" })
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){3,15}$/, {
    error: "L'identifiant du tag NFC doit être en hexadécimal (ex. 04:A2:1B:7C)",
  })
  .transform((v) => v.replace(/[:-]/g, '').toUpperCase());

export const checkpointInputSchema = z
  .object({
    id: idSchema.optional(),
    name: requiredText('Le nom du point de contrôle', 120),
    instructions: optionalLongText('Les consignes', 1000),
    kind: z.enum(checkpointKinds, { error: 'Le type doit être « qr » ou « nfc »' }),
    nfcUid: nfcUidSchema.nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'nfc' && !c.nfcUid)
      ctx.addIssue({ code: 'custom', path: ['nfcUid'], message: "L'identifiant du tag NFC est obligatoire" });
  });

const tourFields = {
  siteId: idSchema,
  name: requiredText('Le nom de la ronde', 120),
  expectedMinutes: z
    .number({ error: 'La durée prévue doit être un nombre de minutes' })
    .int({ error: 'La durée prévue doit être un nombre entier de minutes' })
    .min(1, { error: "La durée prévue doit être d'au moins 1 minute" })
    .max(1440, { error: 'La durée prévue ne doit pas dépasser 1440 minutes' }),
  orderMode: z.enum(tourOrderModes, { error: "L'ordre doit être « fixed » ou « random »" }),
  schedule: tourScheduleSchema.nullish().transform((v) => v ?? null),
  checkpoints: z
    .array(checkpointInputSchema, { error: 'Les points de contrôle doivent être une liste' })
    .min(1, { error: 'Ajoutez au moins un point de contrôle' })
    .max(maxCheckpoints, { error: `Au plus ${maxCheckpoints} points de contrôle` }),
};

const uniqueNfc = (b: { checkpoints?: { nfcUid?: string | null | undefined }[] | undefined }) => {
  const uids = (b.checkpoints ?? []).map((c) => c.nfcUid).filter(Boolean);
  return new Set(uids).size === uids.length;
};
const uniqueNfcError = { error: 'Deux points de contrôle ont le même tag NFC', path: ['checkpoints'] };

export const createTourBody = z
  .object({ ...tourFields, orderMode: tourFields.orderMode.default('fixed') })
  .strict()
  .refine(uniqueNfc, uniqueNfcError);
export const tourFormSchema = createTourBody;
export const updateTourBody = z.object(tourFields).partial().strict().refine(uniqueNfc, uniqueNfcError);

/**
 * What an agent's phone gets instead of an NFC tag's UID: 16 bits of a hash of the checkpoint id and
 * the UID (4 hex digits). Enough for the phone to tell which checkpoint a tag it reads belongs to
 * (offline too), far too little to type the UID of a tag the agent never read (decision 0019).
 * FNV-1a (32 bits), folded to 16: the same on the server and in the browser, synchronous.
 */
export function nfcHint(checkpointId: string, uid: string) {
  const text = `${checkpointId.toLowerCase()}:${uid.replace(/[^0-9a-f]/gi, '').toUpperCase()}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return ((h >>> 16) ^ (h & 0xffff)).toString(16).padStart(4, '0');
}

export const checkpointSchema = z.object({
  id: idSchema,
  position: z.number().int(),
  name: z.string(),
  instructions: z.string().nullable(),
  kind: z.enum(checkpointKinds),
  /** The NFC tag's UID, for administrators and operators only (null for agents). */
  nfcUid: z.string().nullable(),
  /** NFC kind: `nfcHint(id, uid)`, which lets the agent's phone recognise the tag without its UID. */
  nfcHint: z.string().nullable(),
  labelVersion: z.number().int(),
  /** The signed label's content (QR kind), for administrators and operators only. */
  code: z.string().nullable(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const tourSchema = z.object({
  id: idSchema,
  siteId: idSchema,
  siteName: z.string(),
  name: z.string(),
  expectedMinutes: z.number().int(),
  orderMode: z.enum(tourOrderModes),
  schedule: z
    .object({
      everyMinutes: z.number().int(),
      start: z.string(),
      end: z.string(),
      days: z.array(z.number().int()),
    })
    .nullable(),
  checkpoints: z.array(checkpointSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Tour = z.infer<typeof tourSchema>;

export const listToursQuery = listQuery.extend({ siteId: idSchema.optional() });

export const roundCheckpointSchema = z.object({
  checkpointId: idSchema,
  name: z.string(),
  instructions: z.string().nullable(),
  kind: z.enum(checkpointKinds),
  scan: z
    .object({
      scannedAt: timestampSchema,
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      note: z.string().nullable(),
      hasPhoto: z.boolean(),
      /** A note or a photo from the agent, or a position outside the site's radius. */
      anomaly: z.boolean(),
      /** Where the scan's position stands against the site; null for scans made before the check. */
      positionCheck: z.enum(scanPositionChecks).nullable(),
      /** Metres from the site's centre, when both are known. */
      distanceM: z.number().int().nullable(),
    })
    .nullable(),
});

export const roundSchema = z.object({
  id: idSchema,
  tourId: idSchema,
  tourName: z.string(),
  siteId: idSchema,
  siteName: z.string(),
  agentId: idSchema.nullable(),
  agentName: z.string().nullable(),
  status: z.enum(roundStatuses),
  orderMode: z.enum(tourOrderModes),
  expectedMinutes: z.number().int(),
  plannedAt: timestampSchema,
  startedAt: timestampSchema.nullable(),
  finishedAt: timestampSchema.nullable(),
  total: z.number().int(),
  scanned: z.number().int(),
  anomalies: z.number().int(),
  /** In walking order once started (drawn at start for a random tour). */
  checkpoints: z.array(roundCheckpointSchema),
});
export type Round = z.infer<typeof roundSchema>;

export const listRoundsQuery = listQuery.extend({
  siteId: idSchema.optional(),
  tourId: idSchema.optional(),
  status: z.enum(roundStatuses, { error: 'Statut inconnu' }).optional(),
});

export const createRoundBody = z
  .object({
    /** The agent walking it; an agent starting a round for himself may leave it out. */
    agentId: idSchema.optional(),
    /** Start it now (default) or leave it planned. */
    start: z.boolean({ error: '« start » doit être vrai ou faux' }).default(true),
  })
  .strict();

export const scanBody = z
  .object({
    code: z
      .string({ error: "Le contenu de l'étiquette doit être un texte" })
      .trim()
      .min(1, { error: "Le contenu de l'étiquette est vide" })
      .max(300, { error: "Le contenu de l'étiquette est trop long" })
      .optional(),
    nfcUid: nfcUidSchema.optional(),
    /**
     * When the phone read the label (a scan queued offline is sent later). The server refuses a time
     * in the future, before the round's start or older than its offline tolerance (decision 0019).
     */
    scannedAt: timestampSchema.optional(),
    position: z
      .object({
        latitude: z.number().min(-90, { error: 'Latitude invalide' }).max(90, { error: 'Latitude invalide' }),
        longitude: z
          .number()
          .min(-180, { error: 'Longitude invalide' })
          .max(180, { error: 'Longitude invalide' }),
      })
      .nullish(),
    note: optionalLongText('La note', 2000),
    photo: z
      .string({ error: 'La photo doit être une image encodée en base64' })
      .max(maxScanPhotoChars, { error: 'La photo ne doit pas dépasser 1 Mo' })
      .nullish(),
    /** Replay key: the same scan sent again answers the round (201) without a second scan. */
    clientRef: clientRefSchema.optional(),
  })
  .strict()
  .refine((b) => Boolean(b.code) !== Boolean(b.nfcUid), {
    error: "Scannez une étiquette QR (« code ») ou un tag NFC (« nfcUid »), l'un des deux",
    path: ['code'],
  });

export const tourStatsQuery = z.object({
  siteId: idSchema.optional(),
  week: z
    .string()
    .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, {
      error: 'La semaine doit être au format AAAA-Wss (ex. 2026-W48)',
    })
    .optional(),
});
export const tourStatsSchema = z.object({
  week: z.string(),
  sites: z.array(
    z.object({
      siteId: idSchema,
      siteName: z.string(),
      rounds: z.number().int(),
      done: z.number().int(),
      missed: z.number().int(),
      open: z.number().int(),
      /** Done rounds over finished ones (done + missed), 0–100, null without any. */
      completionRate: z.number().nullable(),
    }),
  ),
});
export type TourStats = z.infer<typeof tourStatsSchema>;

export const checkpointParams = z.object({ id: idSchema, checkpointId: idSchema });

const tags = ['guard-tours'];

export const listTours = defineEndpoint({
  method: 'GET',
  path: '/api/tours',
  summary: 'Rondes (circuits) de la société',
  tags,
  auth: true,
  query: listToursQuery,
  response: z.array(tourSchema),
});
export const getTourStats = defineEndpoint({
  method: 'GET',
  path: '/api/tours/stats',
  summary: 'Taux de réalisation des rondes par site pour une semaine ISO',
  tags,
  auth: true,
  query: tourStatsQuery,
  response: tourStatsSchema,
});
export const getTour = defineEndpoint({
  method: 'GET',
  path: '/api/tours/:id',
  summary: "Détail d'une ronde et de ses points de contrôle",
  tags,
  auth: true,
  params: idParams,
  response: tourSchema,
});
export const createTour = defineEndpoint({
  method: 'POST',
  path: '/api/tours',
  summary: 'Créer une ronde',
  tags,
  auth: true,
  status: 201,
  body: createTourBody,
  response: tourSchema,
});
export const updateTour = defineEndpoint({
  method: 'PATCH',
  path: '/api/tours/:id',
  summary: 'Modifier une ronde (les points de contrôle absents de la liste sont supprimés)',
  tags,
  auth: true,
  params: idParams,
  body: updateTourBody,
  response: tourSchema,
});
export const deleteTour = defineEndpoint({
  method: 'DELETE',
  path: '/api/tours/:id',
  summary: 'Supprimer une ronde et son historique',
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});
export const regenerateCheckpointLabel = defineEndpoint({
  method: 'POST',
  path: '/api/tours/:id/checkpoints/:checkpointId/regenerate',
  summary: "Régénérer l'étiquette d'un point : les étiquettes imprimées avant sont refusées",
  tags,
  auth: true,
  params: checkpointParams,
  response: tourSchema,
});
export const getTourLabels = defineEndpoint({
  method: 'GET',
  path: '/api/tours/:id/labels.pdf',
  summary: 'Étiquettes QR des points de contrôle à imprimer (PDF A4)',
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
export const createRound = defineEndpoint({
  method: 'POST',
  path: '/api/tours/:id/rounds',
  summary: "Lancer une ronde maintenant (l'agent en service, ou le PC sécurité pour un agent)",
  tags,
  auth: true,
  status: 201,
  params: idParams,
  body: createRoundBody,
  response: roundSchema,
});
export const listRounds = defineEndpoint({
  method: 'GET',
  path: '/api/rounds',
  summary: 'Passages de rondes, du plus récent au plus ancien',
  tags,
  auth: true,
  query: listRoundsQuery,
  response: z.array(roundSchema),
});
export const getRound = defineEndpoint({
  method: 'GET',
  path: '/api/rounds/:id',
  summary: "Détail d'un passage de ronde",
  tags,
  auth: true,
  params: idParams,
  response: roundSchema,
});
export const startRound = defineEndpoint({
  method: 'POST',
  path: '/api/rounds/:id/start',
  summary: "Démarrer une ronde planifiée (l'ordre aléatoire est tiré à ce moment)",
  tags,
  auth: true,
  params: idParams,
  response: roundSchema,
});
export const scanCheckpoint = defineEndpoint({
  method: 'POST',
  path: '/api/rounds/:id/scans',
  summary:
    'Scanner un point de contrôle (QR signé ou tag NFC), avec une note ou une photo ; renvoyé avec le même clientRef, répond la ronde (201) sans second scan',
  tags,
  auth: true,
  status: 201,
  params: idParams,
  body: scanBody,
  response: roundSchema,
});
