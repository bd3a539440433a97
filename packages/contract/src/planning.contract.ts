import { z } from 'zod';
import { daySchema } from './agents.contract';
import {
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  nulMessage,
  timestampSchema,
} from './common';

/** Shift types and their presets, and the default shift. */
export const shiftTypes = ['day', 'night', 'morning', 'afternoon', 'custom'] as const;
export type ShiftType = (typeof shiftTypes)[number];
export const shiftTypeLabels: Record<ShiftType, string> = {
  day: 'Jour',
  night: 'Nuit',
  morning: 'Matin',
  afternoon: 'Après-midi',
  custom: 'Personnalisé',
};
export const shiftPresets: Record<ShiftType, { startTime: string; endTime: string }> = {
  day: { startTime: '06:00', endTime: '18:00' },
  night: { startTime: '18:00', endTime: '06:00' },
  morning: { startTime: '06:00', endTime: '14:00' },
  afternoon: { startTime: '14:00', endTime: '22:00' },
  custom: { startTime: '08:00', endTime: '17:00' },
};
export const defaultShift = { startTime: '08:00', endTime: '17:00', breakStart: '12:00', breakEnd: '13:00' };

/** Moved by events only: clock-in, clock-out, cancellation. */
export const shiftStatuses = ['Programmé', 'En cours', 'Terminé', 'Annulé'] as const;
export type ShiftStatus = (typeof shiftStatuses)[number];

/** Working-time rules of the private-security collective agreement (IDCC 1351). */
export const ruleCodes = [
  'overlap',
  'max_shift_hours',
  'max_daily_hours',
  'min_rest',
  'max_weekly_hours',
  'rest_after_48h',
  'night_to_day_rest',
  'max_consecutive_days',
  'min_duration',
  'cnaps_invalid',
  'qualification_missing',
] as const;
export type RuleCode = (typeof ruleCodes)[number];

export const ruleViolationSchema = z.object({
  code: z.enum(ruleCodes),
  message: z.string(),
  /** false: refused whatever the role (double booking, licence, qualification). */
  overridable: z.boolean(),
});
export type RuleViolationDto = z.infer<typeof ruleViolationSchema>;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = (label: string) =>
  z
    .string({ error: `${label} est obligatoire` })
    .regex(hhmm, { error: `${label} doit être une heure au format HH:MM` });

export const shiftSchema = z.object({
  id: idSchema,
  agentId: idSchema,
  agentName: z.string(),
  siteId: idSchema,
  siteName: z.string(),
  /** Local day the shift starts, in the company's timezone. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakStart: z.string().nullable(),
  breakEnd: z.string().nullable(),
  type: z.enum(shiftTypes),
  status: z.enum(shiftStatuses),
  start: timestampSchema,
  end: timestampSchema,
  workedMinutes: z.number().int(),
  clockInAt: timestampSchema.nullable(),
  clockOutAt: timestampSchema.nullable(),
  overrideReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Shift = z.infer<typeof shiftSchema>;

const overrideReason = z
  .string()
  .trim()
  .min(10, { error: 'La justification doit compter au moins 10 caractères' })
  .max(500, { error: 'La justification ne doit pas dépasser 500 caractères' })
  .refine(hasNoNul, { error: nulMessage('La justification') })
  .optional();

const shiftFields = {
  agentId: idSchema,
  siteId: idSchema,
  date: daySchema('La date'),
  startTime: timeSchema("L'heure de début"),
  endTime: timeSchema("L'heure de fin"),
  breakStart: timeSchema('Le début de pause')
    .nullish()
    .or(z.literal('').transform(() => null)),
  breakEnd: timeSchema('La fin de pause')
    .nullish()
    .or(z.literal('').transform(() => null)),
  shiftType: z.enum(shiftTypes, {
    error: 'Type de garde invalide (day, night, morning, afternoon ou custom)',
  }),
};

export const createShiftBody = z.object({
  ...shiftFields,
  shiftType: shiftFields.shiftType.default('custom'),
  /** An administrator's written reason to go past the overridable rules (stored and audited). */
  overrideReason,
});
export type CreateShiftBody = z.input<typeof createShiftBody>;

export const updateShiftBody = z.object(shiftFields).partial().extend({ overrideReason }).strict();
export type UpdateShiftBody = z.input<typeof updateShiftBody>;

/** Dry run of the rules for the form: the same body as a creation, plus the shift being edited. */
export const checkShiftBody = createShiftBody.extend({ shiftId: idSchema.optional() });
export const shiftCheckResult = z.object({
  start: timestampSchema,
  end: timestampSchema,
  workedMinutes: z.number().int(),
  violations: z.array(ruleViolationSchema),
  /** Whether the caller could save it: no violation, or only overridable ones and an administrator. */
  canOverride: z.boolean(),
});

export const listShiftsQuery = listQuery.extend({
  from: daySchema('La date de début').optional(),
  to: daySchema('La date de fin').optional(),
  siteId: idSchema.optional(),
  agentId: idSchema.optional(),
  status: z.enum(shiftStatuses, { error: 'Statut invalide' }).optional(),
});

export const cancelShiftBody = z
  .object({
    reason: z
      .string()
      .trim()
      .max(500, { error: 'Le motif ne doit pas dépasser 500 caractères' })
      .refine(hasNoNul, { error: nulMessage('Le motif') })
      .optional(),
  })
  .default({});

export const clockBody = z.object({
  latitude: z
    .number({ error: 'La latitude est obligatoire' })
    .min(-90, { error: 'La latitude doit être comprise entre -90 et 90' })
    .max(90, { error: 'La latitude doit être comprise entre -90 et 90' }),
  longitude: z
    .number({ error: 'La longitude est obligatoire' })
    .min(-180, { error: 'La longitude doit être comprise entre -180 et 180' })
    .max(180, { error: 'La longitude doit être comprise entre -180 et 180' }),
  accuracy: z
    .number({ error: 'La précision de la position est obligatoire' })
    .min(0, { error: 'Précision invalide' })
    .max(100000, { error: 'Précision invalide' }),
});

export const listShifts = defineEndpoint({
  method: 'GET',
  path: '/api/shifts',
  summary: 'Gardes (période, site, agent)',
  tags: ['planning'],
  auth: true,
  query: listShiftsQuery,
  response: z.array(shiftSchema),
});

export const getShift = defineEndpoint({
  method: 'GET',
  path: '/api/shifts/:id',
  summary: "Détail d'une garde",
  tags: ['planning'],
  auth: true,
  params: idParams,
  response: shiftSchema,
});

export const createShift = defineEndpoint({
  method: 'POST',
  path: '/api/shifts',
  summary: 'Planifier une garde (règles de la convention collective vérifiées)',
  tags: ['planning'],
  auth: true,
  status: 201,
  body: createShiftBody,
  response: shiftSchema,
});

export const checkShift = defineEndpoint({
  method: 'POST',
  path: '/api/shifts/check',
  summary: "Vérifier une garde contre les règles sans l'enregistrer",
  tags: ['planning'],
  auth: true,
  body: checkShiftBody,
  response: shiftCheckResult,
});

export const updateShift = defineEndpoint({
  method: 'PATCH',
  path: '/api/shifts/:id',
  summary: 'Modifier une garde programmée',
  tags: ['planning'],
  auth: true,
  params: idParams,
  body: updateShiftBody,
  response: shiftSchema,
});

export const deleteShift = defineEndpoint({
  method: 'DELETE',
  path: '/api/shifts/:id',
  summary: 'Supprimer une garde programmée jamais commencée',
  tags: ['planning'],
  auth: true,
  status: 204,
  params: idParams,
  response: z.null(),
});

export const cancelShift = defineEndpoint({
  method: 'POST',
  path: '/api/shifts/:id/cancel',
  summary: 'Annuler une garde',
  tags: ['planning'],
  auth: true,
  params: idParams,
  body: cancelShiftBody,
  response: shiftSchema,
});

export const clockIn = defineEndpoint({
  method: 'POST',
  path: '/api/shifts/:id/clock-in',
  summary: 'Prendre son service (position vérifiée sur le site)',
  tags: ['planning'],
  auth: true,
  params: idParams,
  body: clockBody,
  response: shiftSchema,
});

export const clockOut = defineEndpoint({
  method: 'POST',
  path: '/api/shifts/:id/clock-out',
  summary: 'Terminer son service',
  tags: ['planning'],
  auth: true,
  params: idParams,
  body: clockBody,
  response: shiftSchema,
});

export const myServiceSchema = z.object({
  agent: z
    .object({ id: idSchema, name: z.string(), status: z.string(), photo: z.string().nullable() })
    .nullable(),
  /** Shifts of today and tomorrow morning, and any still running. */
  shifts: z.array(shiftSchema.extend({ siteAddress: z.string(), geofenceRadiusM: z.number().int() })),
});
export type MyService = z.infer<typeof myServiceSchema>;

export const getMyService = defineEndpoint({
  method: 'GET',
  path: '/api/planning/me',
  summary: "Gardes du jour de l'agent connecté",
  tags: ['planning'],
  auth: true,
  response: myServiceSchema,
});

/** The grid pages by agent (by name): `limit` agents with their 7 days, `cursor` for the next ones. */
export const weekQuery = listQuery.extend({
  from: daySchema('La date de début'),
  siteId: idSchema.optional(),
});
/**
 * The week grid: one row per agent with shifts, each with its shifts of the 7 days. 500 agents make
 * 2,500 shifts: only what the cards read travels, and an agent's id and name once per row.
 */
export const weekShiftSchema = shiftSchema.pick({
  id: true,
  siteName: true,
  date: true,
  startTime: true,
  endTime: true,
  type: true,
  status: true,
});
export type WeekShift = z.infer<typeof weekShiftSchema>;
export const weekAgentSchema = z.object({ id: idSchema, name: z.string(), shifts: z.array(weekShiftSchema) });
export type WeekAgent = z.infer<typeof weekAgentSchema>;
export const weekSchema = z.object({
  days: z.array(z.string()),
  /** By name, then id; each agent's shifts by start. X-Total-Count: agents with shifts that week. */
  agents: z.array(weekAgentSchema),
});
export const getWeek = defineEndpoint({
  method: 'GET',
  path: '/api/planning/week',
  summary: 'Vue semaine : 7 jours de gardes à partir de la date choisie',
  tags: ['planning'],
  auth: true,
  query: weekQuery,
  response: weekSchema,
});

export const planningSummarySchema = z.object({
  date: z.string(),
  activeAgents: z.number().int(),
  shiftsInProgress: z.number().int(),
  shiftsScheduled: z.number().int(),
  onLeave: z.number().int(),
  totalAgents: z.number().int(),
});
export const summaryQuery = z.object({ date: daySchema('La date').optional() });
export const getPlanningSummary = defineEndpoint({
  method: 'GET',
  path: '/api/planning/summary',
  summary: 'Compteurs du planning : agents actifs, gardes en cours, programmées, en congé',
  tags: ['planning'],
  auth: true,
  query: summaryQuery,
  response: planningSummarySchema,
});

export const exportQuery = z.object({
  month: z
    .string({ error: 'Le mois est obligatoire' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Le mois doit être au format AAAA-MM' })
    .refine((m) => m >= '2000-01' && m <= '2100-12', { error: 'Mois hors limites' }),
});
export const exportPayroll = defineEndpoint({
  method: 'GET',
  path: '/api/planning/export',
  summary: 'Export paie du mois (XLSX) : heures, nuits, dimanches, jours fériés',
  tags: ['planning'],
  auth: true,
  query: exportQuery,
  response: z.any(),
});
