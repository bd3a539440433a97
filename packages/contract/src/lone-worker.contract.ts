// Lone-worker protection (PTI/DATI): an agent alone on a post turns protection on for the shift;
// the phone asks for a check-in at a set interval, a missed check-in raises an alert with the last
// position to the control room, and the phone's SOS button raises the same SOS as a radio.
import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, listQuery, timestampSchema } from './common';

/** Interval between two check-ins, in minutes. */
export const loneWorkerDefaultInterval = 30;
export const loneWorkerMinInterval = 1;
export const loneWorkerMaxInterval = 240;
/**
 * The intervals the agent's panel offers (the API accepts any whole number between 1 and 240): short
 * ones for a dangerous task (a confined space, work at height), long ones for a quiet night post.
 */
export const loneWorkerIntervalChoices = [1, 5, 10, 15, 30, 45, 60, 90, 120, 240] as const;
/** Grace after the due time before the alert (the server's LONE_WORKER_GRACE_MS, 2 minutes by default). */
export const loneWorkerDefaultGraceMs = 2 * 60_000;

/** A phone's position (navigator.geolocation): degrees and the accuracy in metres. */
export const loneWorkerPositionInput = z.object({
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
    .max(100_000, { error: 'Précision invalide' }),
});
export type LoneWorkerPositionInput = z.infer<typeof loneWorkerPositionInput>;

const positionField = loneWorkerPositionInput.nullish().transform((v) => v ?? null);

export const loneWorkerEndReasons = ['stopped', 'shift_end'] as const;
export type LoneWorkerEndReason = (typeof loneWorkerEndReasons)[number];
export const loneWorkerEndReasonLabels: Record<LoneWorkerEndReason, string> = {
  stopped: "Arrêtée par l'agent",
  shift_end: 'Fin du service',
};

export const loneWorkerSessionSchema = z.object({
  id: idSchema,
  agentId: idSchema,
  shiftId: idSchema,
  siteId: idSchema,
  siteName: z.string(),
  intervalMinutes: z.number().int(),
  startedAt: timestampSchema,
  /** The next check-in is asked at this time; the alert leaves `graceSeconds` later. */
  nextDueAt: timestampSchema,
  lastCheckInAt: timestampSchema.nullable(),
  endedAt: timestampSchema.nullable(),
  endReason: z.enum(loneWorkerEndReasons).nullable(),
  graceSeconds: z.number().int(),
  /** An alert is out for the current due time (missed check-in), until the agent checks in. */
  alerted: z.boolean(),
});
export type LoneWorkerSession = z.infer<typeof loneWorkerSessionSchema>;

const intervalSchema = z
  .number({ error: "L'intervalle doit être un nombre de minutes" })
  .int({ error: "L'intervalle doit être un nombre entier de minutes" })
  .min(loneWorkerMinInterval, { error: "L'intervalle doit être d'au moins 1 minute" })
  .max(loneWorkerMaxInterval, { error: "L'intervalle ne doit pas dépasser 240 minutes" });

export const startLoneWorkerBody = z.object({
  intervalMinutes: intervalSchema.default(loneWorkerDefaultInterval),
  position: positionField,
});
/** A check-in or an SOS may come without a body (a phone that could not get a position). */
const optionalPositionBody = z
  .object({ position: positionField })
  .nullish()
  .transform((v) => ({ position: v?.position ?? null }));
export const loneWorkerCheckInBody = optionalPositionBody;
export const loneWorkerPositionBody = z.object({ position: loneWorkerPositionInput });
export const loneWorkerSosBody = optionalPositionBody;

export const loneWorkerCurrentAnswer = z.object({ session: loneWorkerSessionSchema.nullable() });

/** Where a recorded position comes from. */
export const recordedPositionKinds = ['clock_in', 'clock_out', 'lone_worker', 'sos', 'duty'] as const;
export type RecordedPositionKind = (typeof recordedPositionKinds)[number];
export const recordedPositionKindLabels: Record<RecordedPositionKind, string> = {
  clock_in: 'Prise de service',
  clock_out: 'Fin de service',
  lone_worker: 'Protection travailleur isolé',
  sos: 'SOS',
  duty: 'En service',
};

export const recordedPositionSchema = z.object({
  id: idSchema,
  kind: z.enum(recordedPositionKinds),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number(),
  shiftId: idSchema.nullable(),
  recordedAt: timestampSchema,
});
export type RecordedPosition = z.infer<typeof recordedPositionSchema>;

/** The SOS answer the agent sees: the alert went out (not the other agents' positions). */
export const loneWorkerSosAnswer = z.object({
  alertId: idSchema,
  alarmId: idSchema.nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  createdAt: timestampSchema,
});
export type LoneWorkerSosAnswer = z.infer<typeof loneWorkerSosAnswer>;

export const loneWorkerAlertStatuses = ['active', 'acknowledged'] as const;
export type LoneWorkerAlertStatus = (typeof loneWorkerAlertStatuses)[number];
export const loneWorkerAlertStatusLabels: Record<LoneWorkerAlertStatus, string> = {
  active: 'Active',
  acknowledged: 'Acquittée',
};

export const loneWorkerAlertSchema = z.object({
  id: idSchema,
  sessionId: idSchema,
  agentId: idSchema,
  agentName: z.string(),
  siteId: idSchema.nullable(),
  siteName: z.string().nullable(),
  /** The check-in that was not answered. */
  dueAt: timestampSchema,
  raisedAt: timestampSchema,
  /** The last position recorded for the agent during the protection (null when none). */
  position: z.object({ lat: z.number(), lng: z.number(), at: timestampSchema }).nullable(),
  status: z.enum(loneWorkerAlertStatuses),
  /** The agent checked in after the alert left (the control room still acknowledges it). */
  answeredAt: timestampSchema.nullable(),
  acknowledgedAt: timestampSchema.nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type LoneWorkerAlert = z.infer<typeof loneWorkerAlertSchema>;

export const listLoneWorkerAlertsQuery = listQuery.extend({
  status: z.enum(loneWorkerAlertStatuses, { error: 'Statut invalide (active ou acknowledged)' }).optional(),
});

const tags = ['lone-worker'];

export const startLoneWorker = defineEndpoint({
  method: 'POST',
  path: '/api/lone-worker/sessions',
  summary: 'Activer la protection travailleur isolé pour le service en cours',
  tags,
  auth: true,
  status: 201,
  body: startLoneWorkerBody,
  response: loneWorkerSessionSchema,
});
export const getCurrentLoneWorker = defineEndpoint({
  method: 'GET',
  path: '/api/lone-worker/sessions/current',
  summary: "La protection en cours de l'agent connecté (ou null)",
  tags,
  auth: true,
  response: loneWorkerCurrentAnswer,
});
export const checkInLoneWorker = defineEndpoint({
  method: 'POST',
  path: '/api/lone-worker/sessions/:id/check-in',
  summary: '« Je vais bien » : confirme que tout va bien et fixe la prochaine échéance',
  tags,
  auth: true,
  params: idParams,
  body: loneWorkerCheckInBody,
  response: loneWorkerSessionSchema,
});
export const reportLoneWorkerPosition = defineEndpoint({
  method: 'POST',
  path: '/api/lone-worker/sessions/:id/positions',
  summary: 'Position du téléphone pendant la protection (relevée à intervalle régulier)',
  tags,
  auth: true,
  status: 204,
  params: idParams,
  body: loneWorkerPositionBody,
  response: z.null(),
});
export const stopLoneWorker = defineEndpoint({
  method: 'POST',
  path: '/api/lone-worker/sessions/:id/stop',
  summary: 'Désactiver la protection travailleur isolé',
  tags,
  auth: true,
  params: idParams,
  response: loneWorkerSessionSchema,
});
export const triggerLoneWorkerSos = defineEndpoint({
  method: 'POST',
  path: '/api/lone-worker/sos',
  summary: "SOS depuis le téléphone de l'agent (alarme critique, agents les plus proches)",
  tags,
  auth: true,
  status: 201,
  body: loneWorkerSosBody,
  response: loneWorkerSosAnswer,
});
export const listMyLoneWorkerPositions = defineEndpoint({
  method: 'GET',
  path: '/api/lone-worker/positions',
  summary: "Positions enregistrées de l'agent connecté (2 derniers mois, les plus récentes d'abord)",
  tags,
  auth: true,
  query: listQuery,
  response: z.array(recordedPositionSchema),
});
export const listLoneWorkerAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/lone-worker/alerts',
  summary: 'Alertes travailleur isolé (centre de contrôle)',
  tags,
  auth: true,
  query: listLoneWorkerAlertsQuery,
  response: z.array(loneWorkerAlertSchema),
});
export const acknowledgeLoneWorkerAlert = defineEndpoint({
  method: 'POST',
  path: '/api/lone-worker/alerts/:id/acknowledge',
  summary: 'Acquitter une alerte travailleur isolé',
  tags,
  auth: true,
  params: idParams,
  response: loneWorkerAlertSchema,
});
