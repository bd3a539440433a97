// Interventions (issue 34): the control room sends the nearest agent on duty to a site (from an alarm
// or on its own), the agent's phone rings, and each step is stamped with the server's time and the
// phone's position: proposée → acceptée | refusée → en route → sur place → terminée, or annulée.
// And the agents' positions on duty, sent by the agent space with the agent's consent.
import { z } from 'zod';
import { alarmSeverities } from './alarms.contract';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  nulMessage,
  optionalText,
  requiredText,
  timestampSchema,
} from './common';
import { maxLogbookPhotoChars, maxLogbookPhotos } from './logbook.contract';

export const interventionStates = [
  'proposed',
  'accepted',
  'refused',
  'en_route',
  'on_site',
  'done',
  'cancelled',
] as const;
export type InterventionState = (typeof interventionStates)[number];
export const interventionStateLabels: Record<InterventionState, string> = {
  proposed: 'Proposée',
  accepted: 'Acceptée',
  refused: 'Refusée',
  en_route: 'En route',
  on_site: 'Sur place',
  done: 'Terminée',
  cancelled: 'Annulée',
};
/** The states of an intervention still running (its agent is busy). */
export const runningInterventionStates = ['proposed', 'accepted', 'en_route', 'on_site'] as const;

/** The kinds of a step: a state entered, or an event of the clock. */
export const interventionStepKinds = [
  ...interventionStates,
  'accept_timeout',
  'arrive_warning',
  'arrive_alert',
] as const;
export type InterventionStepKind = (typeof interventionStepKinds)[number];
export const interventionStepLabels: Record<InterventionStepKind, string> = {
  ...interventionStateLabels,
  accept_timeout: 'Pas de réponse dans le délai',
  arrive_warning: "Retard d'arrivée",
  arrive_alert: 'Alerte : toujours pas sur place',
};

/** Positions: how often the agent space sends one, and the floor the server keeps. */
export const dutyPositionIntervalSeconds = 30;
export const dutyPositionStillIntervalSeconds = 120;
export const dutyPositionStillMetres = 20;
export const dutyPositionMinIntervalSeconds = 5;
/** A position less precise than this is refused (as at clock-in). */
export const dutyPositionMaxAccuracyM = 500;

/** A phone's position (navigator.geolocation): degrees and the accuracy in metres. */
export const phonePositionInput = z.object({
  lat: z
    .number({ error: 'La latitude doit être un nombre' })
    .min(-90, { error: 'La latitude doit être comprise entre -90 et 90' })
    .max(90, { error: 'La latitude doit être comprise entre -90 et 90' }),
  lng: z
    .number({ error: 'La longitude doit être un nombre' })
    .min(-180, { error: 'La longitude doit être comprise entre -180 et 180' })
    .max(180, { error: 'La longitude doit être comprise entre -180 et 180' }),
  accuracy: z
    .number({ error: 'La précision doit être un nombre de mètres' })
    .min(0, { error: 'La précision doit être positive' })
    .max(dutyPositionMaxAccuracyM, {
      error: `Position trop imprécise (plus de ${dutyPositionMaxAccuracyM} m) : attendez un meilleur signal`,
    }),
});
export type PhonePositionInput = z.infer<typeof phonePositionInput>;

const positionField = phonePositionInput.nullish().transform((v) => v ?? null);

export const dutyPositionAnswer = z.object({
  recordedAt: timestampSchema,
  /** When the next one is wanted, in seconds (the phone sends less often when it stands still). */
  nextInSeconds: z.number().int(),
});

export const locationConsentSchema = z.object({
  consented: z.boolean(),
  changedAt: timestampSchema.nullable(),
  /** A service in progress (clocked in): positions are taken only then. */
  onDuty: z.boolean(),
});
export type LocationConsent = z.infer<typeof locationConsentSchema>;
export const locationConsentBody = z.object({
  consented: z.boolean({ error: 'Indiquez si vous acceptez (true) ou refusez (false) la localisation' }),
});

const positionSources = ['phone', 'radio'] as const;

export const interventionCandidateSchema = z.object({
  agentId: idSchema,
  name: z.string(),
  /** Straight-line distance to the site, null without a known position. */
  distanceM: z.number().int().nullable(),
  positionAt: timestampSchema.nullable(),
  positionAgeSeconds: z.number().int().nullable(),
  positionSource: z.enum(positionSources).nullable(),
  /** An intervention of this agent is running (he is not proposed another). */
  busy: z.boolean(),
  interventionId: idSchema.nullable(),
});
export type InterventionCandidate = z.infer<typeof interventionCandidateSchema>;

const coordinate = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} doit être un nombre` })
    .min(-max, { error: `${label} doit être comprise entre -${max} et ${max}` })
    .max(max, { error: `${label} doit être comprise entre -${max} et ${max}` });

export const candidatesQuery = z
  .object({
    alarmId: idSchema.optional(),
    siteId: idSchema.optional(),
    lat: coordinate('La latitude', 90).optional(),
    lng: coordinate('La longitude', 180).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(20),
  })
  .refine((q) => q.alarmId || q.siteId || (q.lat !== undefined && q.lng !== undefined), {
    error: "Indiquez l'alarme, le site ou une position (lat et lng)",
    path: ['siteId'],
  });

const positionSchema = z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() });

export const interventionStepSchema = z.object({
  kind: z.enum(interventionStepKinds),
  at: timestampSchema,
  agentId: idSchema.nullable(),
  agentName: z.string().nullable(),
  /** Who did it; null for the clock (the server's pass). */
  actorName: z.string().nullable(),
  position: positionSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type InterventionStep = z.infer<typeof interventionStepSchema>;

export const interventionSchema = z.object({
  id: idSchema,
  alarmId: idSchema.nullable(),
  alarmTitle: z.string().nullable(),
  siteId: idSchema,
  siteName: z.string(),
  siteAddress: z.string().nullable(),
  siteLocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  agentId: idSchema,
  agentName: z.string(),
  severity: z.enum(alarmSeverities),
  state: z.enum(interventionStates),
  note: z.string().nullable(),
  refusalReason: z.string().nullable(),
  proposedAt: timestampSchema,
  acceptDueAt: timestampSchema.nullable(),
  acceptedAt: timestampSchema.nullable(),
  arriveDueAt: timestampSchema.nullable(),
  enRouteAt: timestampSchema.nullable(),
  onSiteAt: timestampSchema.nullable(),
  onSiteBy: z.enum(['geofence', 'checkpoint']).nullable(),
  endedAt: timestampSchema.nullable(),
  /** 'warning' past the arrival target, 'alert' past 1.5 times it (until on site). */
  late: z.enum(['warning', 'alert']).nullable(),
  report: z.string().nullable(),
  logbookEntryId: idSchema.nullable(),
  acceptSeconds: z.number().int(),
  arriveMinutes: z.number().int(),
});
export type Intervention = z.infer<typeof interventionSchema>;

export const interventionDetailSchema = interventionSchema.extend({
  steps: z.array(interventionStepSchema),
  /** The agent's positions since acceptance (the control room only; empty for the agent). */
  track: z.array(z.object({ lat: z.number(), lng: z.number(), at: timestampSchema })),
  /** The site's intervention instructions, in order. */
  instructions: z.array(z.string()),
  /** The report's photos (the main courante's entry). */
  photos: z.array(z.object({ id: idSchema, url: z.string() })),
});
export type InterventionDetail = z.infer<typeof interventionDetailSchema>;

/**
 * The list's item: also when the intervention was first raised, which a new proposal (another
 * agent after a refusal or a silence) does not move, unlike proposedAt — the control room's clock
 * of the whole intervention starts there.
 */
export const interventionListItemSchema = interventionSchema.extend({ createdAt: timestampSchema });
export type InterventionListItem = z.infer<typeof interventionListItemSchema>;

export const listInterventionsQuery = listQuery.extend({
  state: z
    .enum(['running', ...interventionStates], {
      error: 'État invalide (running, proposed, accepted, refused, en_route, on_site, done ou cancelled)',
    })
    .optional(),
  alarmId: idSchema.optional(),
  siteId: idSchema.optional(),
});

export const createInterventionBody = z
  .object({
    alarmId: idSchema.optional(),
    siteId: idSchema.optional(),
    agentId: z.uuid({ error: 'Veuillez choisir un agent' }),
    note: optionalText('La note', 500),
  })
  .refine((b) => b.alarmId || b.siteId, {
    error: "Indiquez l'alarme ou le site de l'intervention",
    path: ['siteId'],
  });

export const proposeInterventionBody = z.object({ agentId: z.uuid({ error: 'Veuillez choisir un agent' }) });

export const stepBody = z
  .object({ position: positionField })
  .nullish()
  .transform((v) => ({ position: v?.position ?? null }));
export const refuseBody = z.object({
  reason: requiredText('Le motif du refus', 300),
  position: positionField,
});
export const onSiteBody = z
  .object({
    position: positionField,
    /** The agent scanned one of the site's checkpoints (guard tours) since accepting. */
    checkpoint: z.boolean().default(false),
  })
  .nullish()
  .transform((v) => ({ position: v?.position ?? null, checkpoint: v?.checkpoint ?? false }));
export const finishBody = z.object({
  report: z
    .string({ error: 'Le compte rendu est obligatoire' })
    .trim()
    .min(1, { error: 'Le compte rendu est obligatoire' })
    .max(2000, { error: 'Le compte rendu ne doit pas dépasser 2000 caractères' })
    .refine(hasNoNul, { error: nulMessage('Le compte rendu') }),
  photos: z
    .array(
      z
        .string({ error: 'Une photo doit être une image encodée en base64' })
        .max(maxLogbookPhotoChars, { error: 'La photo ne doit pas dépasser 300 Ko' }),
      { error: 'Les photos doivent être une liste' },
    )
    .max(maxLogbookPhotos, { error: `${maxLogbookPhotos} photos au plus` })
    .default([]),
  position: positionField,
});
export const cancelBody = z
  .object({ reason: optionalText('Le motif', 300) })
  .nullish()
  .transform((v) => ({ reason: v?.reason }));

export const currentInterventionAnswer = z.object({ intervention: interventionDetailSchema.nullable() });

const tags = ['interventions'];

export const reportDutyPosition = defineEndpoint({
  method: 'POST',
  path: '/api/agent/positions',
  summary: "Position du téléphone de l'agent en service (avec son consentement)",
  tags,
  auth: true,
  status: 201,
  body: phonePositionInput,
  response: dutyPositionAnswer,
});
export const getLocationConsent = defineEndpoint({
  method: 'GET',
  path: '/api/agent/location-consent',
  summary: "Consentement de l'agent à la localisation pendant le service",
  tags,
  auth: true,
  response: locationConsentSchema,
});
export const putLocationConsent = defineEndpoint({
  method: 'PUT',
  path: '/api/agent/location-consent',
  summary: 'Donner ou retirer le consentement à la localisation pendant le service',
  tags,
  auth: true,
  body: locationConsentBody,
  response: locationConsentSchema,
});
export const getCurrentIntervention = defineEndpoint({
  method: 'GET',
  path: '/api/agent/interventions/current',
  summary: "L'intervention en cours de l'agent connecté (ou null)",
  tags,
  auth: true,
  response: currentInterventionAnswer,
});
export const listInterventionCandidates = defineEndpoint({
  method: 'GET',
  path: '/api/interventions/candidates',
  summary: 'Agents en service classés par distance du site',
  tags,
  auth: true,
  query: candidatesQuery,
  response: z.array(interventionCandidateSchema),
});
export const listInterventions = defineEndpoint({
  method: 'GET',
  path: '/api/interventions',
  summary: 'Interventions (les en cours avec state=running)',
  tags,
  auth: true,
  query: listInterventionsQuery,
  response: z.array(interventionListItemSchema),
});
export const createIntervention = defineEndpoint({
  method: 'POST',
  path: '/api/interventions',
  summary: 'Proposer une intervention à un agent',
  tags,
  auth: true,
  status: 201,
  body: createInterventionBody,
  response: interventionDetailSchema,
});
export const getIntervention = defineEndpoint({
  method: 'GET',
  path: '/api/interventions/:id',
  summary: "Une intervention, ses étapes et le trajet de l'agent",
  tags,
  auth: true,
  params: idParams,
  response: interventionDetailSchema,
});
const step = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/interventions/:id/${path}`,
    summary,
    tags,
    auth: true,
    params: idParams,
    body,
    response: interventionDetailSchema,
  });
export const acceptIntervention = step('accept', "L'agent accepte l'intervention", stepBody);
export const refuseIntervention = step('refuse', "L'agent refuse l'intervention (avec le motif)", refuseBody);
export const enRouteIntervention = step('en-route', "L'agent part vers le site", stepBody);
export const onSiteIntervention = step(
  'on-site',
  "L'agent est sur place (géorepérage du site ou point de contrôle scanné)",
  onSiteBody,
);
export const finishIntervention = step('finish', "L'agent termine avec son compte rendu", finishBody);
export const cancelIntervention = step('cancel', "L'opérateur annule l'intervention", cancelBody);
export const proposeIntervention = step(
  'propose',
  "L'opérateur propose l'intervention refusée à un autre agent",
  proposeInterventionBody,
);
