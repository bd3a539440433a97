import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, listQuery, requiredText, timestampSchema } from './common';

export const alarmTypes = [
  'intrusion',
  'fire',
  'access_denied',
  'camera_offline',
  'panic',
  'technical',
  'agent_absent',
  'shift_overrun',
] as const;
export type AlarmType = (typeof alarmTypes)[number];
/** Types a user or a device may raise; the others are raised only by Vigie (planning watch). */
export const userAlarmTypes = [
  'intrusion',
  'fire',
  'access_denied',
  'camera_offline',
  'panic',
  'technical',
] as const satisfies readonly AlarmType[];
export const alarmTypeLabels: Record<AlarmType, string> = {
  intrusion: 'Intrusion',
  fire: 'Incendie',
  access_denied: 'Accès refusé',
  camera_offline: 'Caméra hors ligne',
  panic: 'Panique',
  technical: 'Technique',
  agent_absent: 'Agent absent',
  shift_overrun: 'Garde non terminée',
};

export const alarmSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type AlarmSeverity = (typeof alarmSeverities)[number];
export const alarmSeverityLabels: Record<AlarmSeverity, string> = {
  low: 'Faible',
  medium: 'Moyen',
  high: 'Important',
  critical: 'Critique',
};

export const alarmStatuses = ['active', 'acknowledged', 'resolved'] as const;
export type AlarmStatus = (typeof alarmStatuses)[number];
export const alarmStatusLabels: Record<AlarmStatus, string> = {
  active: 'Active',
  acknowledged: 'Acquittée',
  resolved: 'Résolue',
};

/** Entries of an alarm's timeline. */
export const alarmActionKinds = ['created', 'acknowledged', 'commented', 'escalated', 'resolved'] as const;
export type AlarmActionKind = (typeof alarmActionKinds)[number];
export const alarmActionLabels: Record<AlarmActionKind, string> = {
  created: 'Alarme déclenchée',
  acknowledged: 'Alarme acquittée',
  commented: 'Commentaire',
  escalated: 'Alarme escaladée',
  resolved: 'Alarme résolue',
};

/** Who raised the alarm: a signed-in user, a device through an integration key, or Vigie itself. */
export const alarmSources = ['user', 'device', 'system'] as const;
export type AlarmSource = (typeof alarmSources)[number];
export const alarmSourceLabels: Record<AlarmSource, string> = {
  user: 'Utilisateur',
  device: "Centrale d'alarme",
  system: 'Vigie (automatique)',
};

const typeSchema = z.enum(userAlarmTypes, {
  error: "Type d'alarme invalide (intrusion, fire, access_denied, camera_offline, panic ou technical)",
});
const severitySchema = z.enum(alarmSeverities, {
  error: 'Gravité invalide (low, medium, high ou critical)',
});

export const alarmTimelineEntrySchema = z.object({
  kind: z.enum(alarmActionKinds),
  label: z.string(),
  author: z.string(),
  note: z.string().nullable(),
  at: timestampSchema,
});
export type AlarmTimelineEntry = z.infer<typeof alarmTimelineEntrySchema>;

export const alarmSchema = z.object({
  id: idSchema,
  type: z.enum(alarmTypes),
  severity: z.enum(alarmSeverities),
  status: z.enum(alarmStatuses),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  siteId: idSchema,
  siteName: z.string(),
  cameraId: idSchema.nullable(),
  /** When the alarm was triggered. */
  timestamp: timestampSchema,
  /** Who took charge of it (the operator who acknowledged it), or null. */
  assignedTo: z.string().nullable(),
  triggeredBy: z.string().nullable(),
  source: z.enum(alarmSources),
  /** Seconds from the trigger to the first acknowledgement (or the resolution), null until then. */
  responseTime: z.number().int().nullable(),
  acknowledgedAt: timestampSchema.nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  escalatedAt: timestampSchema.nullable(),
  /** The timeline as French sentences ('21/11/2026 14:05 — Alarme acquittée par Léa Martin'). */
  actions: z.array(z.string()),
  timeline: z.array(alarmTimelineEntrySchema),
});
export type Alarm = z.infer<typeof alarmSchema>;

const siteIdSchema = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'Le site est obligatoire'
      : 'Identifiant de site invalide',
});

export const createAlarmBody = z.object({
  siteId: siteIdSchema,
  type: typeSchema.default('intrusion'),
  severity: severitySchema.default('medium'),
  title: requiredText('Le titre'),
  description: requiredText('La description', 2000),
  location: requiredText("L'emplacement"),
  triggeredBy: z
    .string()
    .trim()
    .max(200, { error: 'Le déclencheur ne doit pas dépasser 200 caractères' })
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null))),
  /** A camera of the same site, when the alarm comes from one. */
  cameraId: idSchema.nullish(),
});
export type CreateAlarmBody = z.input<typeof createAlarmBody>;

/** The verification's outcome an operator records (« Levée de doute positive / négative / impossible »). */
export const decisionOutcomes = ['positive', 'negative', 'impossible'] as const;
export const alarmDecisionBody = z.object({
  outcome: z.enum(decisionOutcomes, { error: 'Décision invalide (positive, negative ou impossible)' }),
  reason: requiredText('Le motif de la décision', 2000),
});

export const resolveAlarmBody = z.object({
  note: requiredText('La note de résolution', 2000),
  /**
   * The verification's decision, written to the alarm's file with the resolution; required unless
   * the file already holds one (or the site's instructions call the alarm active).
   */
  decision: alarmDecisionBody.nullish(),
});
export const commentAlarmBody = z.object({
  text: requiredText('Le commentaire', 2000),
});

/** The screens also filter with the French words ('résolue', 'critique'): accepted as aliases. */
const statusAliases: Record<string, AlarmStatus> = {
  active: 'active',
  acknowledged: 'acknowledged',
  resolved: 'resolved',
  acquittee: 'acknowledged',
  resolue: 'resolved',
};
const severityAliases: Record<string, AlarmSeverity> = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical',
  faible: 'low',
  moyen: 'medium',
  important: 'high',
  critique: 'critical',
};
const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const aliasOf = <T extends string>(map: Record<string, T>, error: string) =>
  z
    .string()
    // Own keys only: `in` would accept inherited names such as '__proto__' or 'toString'.
    .refine((v) => Object.hasOwn(map, fold(v)), { error })
    .transform((v) => map[fold(v)] as T);

/**
 * A filter the kept counts cannot answer (site, type, period, search) is counted up to this many; the
 * list's total is one more when there are more, and the web says « plus de 1 000 ». A common word's
 * count up to 10,001 was 9 of its page's 10 ms (issue 18).
 */
export const alarmCountCap = 1_000;

export const listAlarmsQuery = listQuery.extend({
  status: aliasOf(statusAliases, 'Statut invalide (active, acknowledged ou resolved)').optional(),
  severity: aliasOf(severityAliases, 'Gravité invalide (low, medium, high ou critical)').optional(),
  siteId: idSchema.optional(),
  type: z.enum(alarmTypes, { error: "Type d'alarme invalide" }).optional(),
  from: z.iso.datetime({ offset: true, error: 'Date de début invalide (ISO 8601)' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'Date de fin invalide (ISO 8601)' }).optional(),
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .optional(),
});

export const listAlarms = defineEndpoint({
  method: 'GET',
  path: '/api/alarms',
  summary:
    'Alarmes de la société, les plus récentes en premier (filtres statut, gravité, site, type, période)',
  tags: ['alarms'],
  auth: true,
  query: listAlarmsQuery,
  response: z.array(alarmSchema),
});

export const getAlarm = defineEndpoint({
  method: 'GET',
  path: '/api/alarms/:id',
  summary: "Détail d'une alarme avec son historique",
  tags: ['alarms'],
  auth: true,
  params: idParams,
  response: alarmSchema,
});

export const createAlarm = defineEndpoint({
  method: 'POST',
  path: '/api/alarms',
  summary: 'Déclencher une alarme (type intrusion et gravité medium par défaut)',
  tags: ['alarms'],
  auth: true,
  status: 201,
  body: createAlarmBody,
  response: alarmSchema,
});

export const acknowledgeAlarm = defineEndpoint({
  method: 'POST',
  path: '/api/alarms/:id/acknowledge',
  summary: 'Acquitter une alarme active (opérateurs et administrateurs)',
  tags: ['alarms'],
  auth: true,
  params: idParams,
  response: alarmSchema,
});

export const resolveAlarm = defineEndpoint({
  method: 'POST',
  path: '/api/alarms/:id/resolve',
  summary:
    'Résoudre une alarme avec une note et, si son dossier n’en a pas, la décision de levée de doute (opérateurs et administrateurs)',
  tags: ['alarms'],
  auth: true,
  params: idParams,
  body: resolveAlarmBody,
  response: alarmSchema,
});

export const commentAlarm = defineEndpoint({
  method: 'POST',
  path: '/api/alarms/:id/comments',
  summary: "Ajouter un commentaire à l'historique d'une alarme",
  tags: ['alarms'],
  auth: true,
  status: 201,
  params: idParams,
  body: commentAlarmBody,
  response: alarmSchema,
});
