// Rapports et analyses: statistics of a period from real data, and reports generated off the
// request path (PDF or Excel), listed with their status and downloaded through an authenticated route.
import { z } from 'zod';
import { daySchema } from './agents.contract';
import {
  defineEndpoint,
  emailSchema,
  idParams,
  idSchema,
  listQuery,
  noContent,
  timestampSchema,
} from './common';
import { languages } from './enums';

/**
 * Report types of the generation dialog, and `logbook` (the main courante of a period for the
 * client, one section per site, with its integrity check), which Vigie adds.
 */
export const reportTypes = [
  'security',
  'incidents',
  'attendance',
  'access',
  'cameras',
  'alarms',
  'logbook',
] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportTypeLabels: Record<ReportType, string> = {
  security: 'Rapport de sécurité',
  incidents: 'Rapport des incidents',
  attendance: 'Rapport de présence',
  access: "Rapport d'accès",
  cameras: 'Rapport des caméras',
  alarms: 'Rapport des alarmes',
  logbook: 'Main courante',
};

export const reportFormats = ['pdf', 'excel'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** Periods of the quick selector. */
export const reportPeriods = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportPeriodLabels: Record<ReportPeriod, string> = {
  week: 'Cette semaine',
  month: 'Ce mois',
  quarter: 'Ce trimestre',
  year: 'Cette année',
  custom: 'Personnalisée',
};
/** Local days each rolling period covers, today included. */
export const reportPeriodDays: Record<Exclude<ReportPeriod, 'custom'>, number> = {
  week: 7,
  month: 30,
  quarter: 90,
  year: 365,
};

export const reportStatuses = ['En attente', 'En cours', 'Prêt', 'Échec'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** The longest period a report or a statistics query may cover (a year and a leap day, and a margin). */
export const maxReportDays = 400;

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

const periodChecks = <T extends { startDate?: string; endDate?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (!v.startDate || !v.endDate) return;
  if (v.endDate < v.startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'La date de fin doit être postérieure ou égale à la date de début',
    });
  } else if (dayCount(v.startDate, v.endDate) > maxReportDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `La période ne doit pas dépasser ${maxReportDays} jours`,
    });
  }
};

export const reportStatisticsQuery = z
  .object({
    period: z
      .enum(reportPeriods, { error: 'Période invalide (week, month, quarter, year ou custom)' })
      .default('month'),
    siteId: idSchema.optional(),
    /** For `custom` only. */
    startDate: daySchema('La date de début').optional(),
    endDate: daySchema('La date de fin').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.period === 'custom' && (!v.startDate || !v.endDate)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.startDate ? 'endDate' : 'startDate'],
        message: 'Une période personnalisée demande une date de début et une date de fin',
      });
    }
    periodChecks(v, ctx);
  });

export const alarmsPerDaySchema = z.object({
  day: z.string(),
  low: z.number().int(),
  medium: z.number().int(),
  high: z.number().int(),
  critical: z.number().int(),
});
export const responsePerDaySchema = z.object({
  day: z.string(),
  /** Minutes from the alarm to its acknowledgement, averaged over the day's alarms; null: none. */
  avgResponseTime: z.number().nullable(),
  accessRefusals: z.number().int(),
});

export const reportStatisticsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totalIncidents: z.number().int(),
  resolvedIncidents: z.number().int(),
  /** Minutes, one decimal; null when no alarm of the period was acknowledged. */
  avgResponseTime: z.number().nullable(),
  /** Percent of successful probes over the period, one decimal; null without probes. */
  camerasUptime: z.number().nullable(),
  accessAttempts: z.number().int(),
  unauthorizedAttempts: z.number().int(),
  /** Agents clocked in on a shift now. */
  activeSecurity: z.number().int(),
  sitesMonitored: z.number().int(),
  alarmsPerDay: z.array(alarmsPerDaySchema),
  responsePerDay: z.array(responsePerDaySchema),
});
export type ReportStatistics = z.infer<typeof reportStatisticsSchema>;

export const generateReportBody = z
  .object({
    type: z.enum(reportTypes, { error: 'Type de rapport invalide' }),
    format: z.enum(reportFormats, { error: 'Format invalide (pdf ou excel)' }),
    startDate: daySchema('La date de début'),
    endDate: daySchema('La date de fin'),
    includeGraphs: z.boolean({ error: 'Le choix des graphiques doit être vrai ou faux' }).default(true),
    siteId: idSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine(periodChecks);

/** A report of the list, with the status's reason and the machine-readable fields. */
export const reportSchema = z.object({
  id: idSchema,
  title: z.string(),
  type: z.enum(reportTypes),
  format: z.enum(reportFormats),
  /** '01/11/2026 – 30/11/2026'. */
  period: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The site's name, or 'Tous les sites'. */
  site: z.string(),
  siteId: idSchema.nullable(),
  includeGraphs: z.boolean(),
  /** '1,2 Mo', or null until the file exists. */
  size: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  status: z.enum(reportStatuses),
  failureReason: z.string().nullable(),
  generatedDate: timestampSchema.nullable(),
  createdAt: timestampSchema,
  requestedBy: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const listReportsQuery = listQuery.extend({
  status: z.enum(reportStatuses, { error: 'Statut invalide' }).optional(),
});

const tags = ['reports'];

export const getReportStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/reports/statistics',
  summary: 'Statistiques de la période (incidents, temps de réponse, caméras, accès, agents, sites)',
  tags,
  auth: true,
  query: reportStatisticsQuery,
  response: reportStatisticsSchema,
});
/** Average seconds between the times the alarms' files keep (issue 34); null when none is known. */
export const alarmTimesRowSchema = z.object({
  /** The site's or the operator's name; « Toutes les alarmes » for the whole period. */
  label: z.string(),
  siteId: idSchema.nullable(),
  alarms: z.number().int(),
  receivedToShown: z.number().int().nullable(),
  receivedToTaken: z.number().int().nullable(),
  takenToDecision: z.number().int().nullable(),
  decisionToClosed: z.number().int().nullable(),
  receivedToClosed: z.number().int().nullable(),
});
export const alarmTimesSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  overall: alarmTimesRowSchema,
  bySite: z.array(alarmTimesRowSchema),
  /** By the operator who took the alarm in charge (« Non prise en charge » when nobody did). */
  byOperator: z.array(alarmTimesRowSchema),
});
export type AlarmTimes = z.infer<typeof alarmTimesSchema>;
export const getAlarmTimes = defineEndpoint({
  method: 'GET',
  path: '/api/reports/alarm-times',
  summary:
    'Durées moyennes du traitement des alarmes de la période (réception, présentation, prise en charge, décision, clôture), par site et par opérateur',
  tags,
  auth: true,
  query: reportStatisticsQuery,
  response: alarmTimesSchema,
});
export const generateReport = defineEndpoint({
  method: 'POST',
  path: '/api/reports/generate',
  summary: 'Demander un rapport (généré en arrière-plan ; notification quand il est prêt)',
  tags,
  auth: true,
  status: 202,
  body: generateReportBody,
  response: reportSchema,
});
export const listReports = defineEndpoint({
  method: 'GET',
  path: '/api/reports',
  summary: 'Rapports récents, du plus récent au plus ancien',
  tags,
  auth: true,
  query: listReportsQuery,
  response: z.array(reportSchema),
});
export const getReport = defineEndpoint({
  method: 'GET',
  path: '/api/reports/:id',
  summary: "Détail d'un rapport",
  tags,
  auth: true,
  params: idParams,
  response: reportSchema,
});
export const downloadReport = defineEndpoint({
  method: 'GET',
  path: '/api/reports/:id/download',
  summary: 'Télécharger le fichier du rapport (PDF ou XLSX)',
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});
export const deleteReport = defineEndpoint({
  method: 'DELETE',
  path: '/api/reports/:id',
  summary: 'Supprimer un rapport et son fichier',
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});

/** Scheduled reports: every week (the last 7 days) or month (the last calendar month), e-mailed. */
export const reportFrequencies = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof reportFrequencies)[number];
export const reportFrequencyLabels: Record<ReportFrequency, string> = {
  weekly: 'Chaque semaine (le lundi)',
  monthly: 'Chaque mois (le 1er)',
};
export const maxScheduleRecipients = 10;

export const createReportScheduleBody = z.object({
  type: z.enum(reportTypes, { error: 'Type de rapport invalide' }),
  format: z.enum(reportFormats, { error: 'Format invalide (pdf ou excel)' }),
  frequency: z.enum(reportFrequencies, { error: 'Fréquence invalide (weekly ou monthly)' }),
  includeGraphs: z.boolean({ error: 'Le choix des graphiques doit être vrai ou faux' }).default(true),
  siteId: idSchema.nullish().transform((v) => v ?? null),
  recipients: z
    .array(emailSchema, { error: 'Indiquez au moins un destinataire' })
    .min(1, { error: 'Indiquez au moins un destinataire' })
    .max(maxScheduleRecipients, { error: `${maxScheduleRecipients} destinataires au plus` }),
  /** The reports' language (French unless chosen): the recipients', not the creator's. */
  language: z.enum(languages, { error: 'Langue invalide (fr, en ou es)' }).default('fr'),
});

export const reportScheduleSchema = z.object({
  id: idSchema,
  type: z.enum(reportTypes),
  format: z.enum(reportFormats),
  frequency: z.enum(reportFrequencies),
  site: z.string(),
  siteId: idSchema.nullable(),
  includeGraphs: z.boolean(),
  recipients: z.array(z.string()),
  language: z.enum(languages),
  nextRunAt: timestampSchema,
  lastRunAt: timestampSchema.nullable(),
  createdBy: z.string(),
  createdAt: timestampSchema,
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const listReportSchedules = defineEndpoint({
  method: 'GET',
  path: '/api/reports/schedules',
  summary: 'Rapports planifiés (hebdomadaires ou mensuels, envoyés par e-mail)',
  tags,
  auth: true,
  response: z.array(reportScheduleSchema),
});
export const createReportSchedule = defineEndpoint({
  method: 'POST',
  path: '/api/reports/schedules',
  summary: 'Planifier un rapport envoyé par e-mail chaque semaine ou chaque mois',
  tags,
  auth: true,
  status: 201,
  body: createReportScheduleBody,
  response: reportScheduleSchema,
});
export const deleteReportSchedule = defineEndpoint({
  method: 'DELETE',
  path: '/api/reports/schedules/:id',
  summary: 'Supprimer une planification',
  tags,
  auth: true,
  params: idParams,
  status: 204,
  response: noContent,
});
