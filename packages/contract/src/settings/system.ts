// Settings contract, Système: backup frequency, log level, maintenance mode, and the backups of the
// database (list, run, download).
import { z } from 'zod';
import { defineEndpoint, timestampSchema } from '../common';

// ---------------------------------------------------------------------------------------------
// Système

export const backupFrequencies = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type BackupFrequency = (typeof backupFrequencies)[number];
export const backupFrequencyLabels: Record<BackupFrequency, string> = {
  hourly: 'Toutes les heures',
  daily: 'Quotidienne',
  weekly: 'Hebdomadaire',
  monthly: 'Mensuelle',
};
export const logLevels = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof logLevels)[number];
export const logLevelLabels: Record<LogLevel, string> = {
  error: 'Erreurs',
  warn: 'Avertissements',
  info: 'Informations',
  debug: 'Débogage',
};
export const maintenanceModeDescription = 'Désactive temporairement le système';

export const systemSettingsSchema = z.object({
  autoBackup: z.boolean(),
  backupFrequency: z.enum(backupFrequencies),
  /** Days a backup is kept. */
  retentionPeriod: z.number().int(),
  logLevel: z.enum(logLevels),
  maintenanceMode: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const updateSystemSettingsBody = z.object({
  autoBackup: z.boolean({ error: 'La sauvegarde automatique doit valoir vrai ou faux' }).optional(),
  backupFrequency: z
    .enum(backupFrequencies, {
      error: 'Fréquence de sauvegarde invalide (hourly, daily, weekly ou monthly)',
    })
    .optional(),
  retentionPeriod: z
    .number({ error: 'La durée de conservation doit être un nombre de jours' })
    .int({ error: 'La durée de conservation doit être un nombre entier de jours' })
    .min(1, { error: 'La durée de conservation doit être d’au moins 1 jour' })
    .max(3650, { error: 'La durée de conservation ne doit pas dépasser 3650 jours' })
    .optional(),
  logLevel: z
    .enum(logLevels, { error: 'Niveau de journalisation invalide (error, warn, info ou debug)' })
    .optional(),
  maintenanceMode: z.boolean({ error: 'Le mode maintenance doit valoir vrai ou faux' }).optional(),
});

/** `vigie-20260512-140500-123.tar.gz` (embedded database) or `….dump` (pg_dump), UTC. */
export const backupNamePattern = /^vigie-\d{8}-\d{6}-\d{3}\.(tar\.gz|dump)$/;

export const backupSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  createdAt: timestampSchema,
});
export type Backup = z.infer<typeof backupSchema>;

/** One shape for both engines: what the server keeps, and whether this company may use it. */
export const backupsSchema = z.object({
  engine: z.enum(['pglite', 'postgres']),
  /** This administrator may run and download backups here. */
  available: z.boolean(),
  /** Why not, or where the backups of this engine come from; null when there is nothing to say. */
  message: z.string().nullable(),
  /** Newest first. */
  backups: z.array(backupSchema),
});
export type Backups = z.infer<typeof backupsSchema>;

export const backupParams = z.object({
  name: z.string().regex(backupNamePattern, { error: 'Nom de sauvegarde invalide' }),
});

// ---------------------------------------------------------------------------------------------
// Endpoints

const tags = ['settings'];

export const getSystemSettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings/system',
  summary: 'Paramètres système (administrateurs)',
  tags,
  auth: true,
  response: systemSettingsSchema,
});
export const updateSystemSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/system',
  summary: 'Modifier sauvegardes, journalisation et mode maintenance',
  tags,
  auth: true,
  body: updateSystemSettingsBody,
  response: systemSettingsSchema,
});

export const listBackups = defineEndpoint({
  method: 'GET',
  path: '/api/settings/backups',
  summary: 'Sauvegardes conservées par le serveur (les plus récentes d’abord)',
  tags,
  auth: true,
  response: backupsSchema,
});
export const runBackup = defineEndpoint({
  method: 'POST',
  path: '/api/settings/backups',
  summary: 'Lancer une sauvegarde maintenant (répond une fois écrite)',
  tags,
  auth: true,
  status: 201,
  response: backupSchema,
});
export const downloadBackup = defineEndpoint({
  method: 'GET',
  path: '/api/settings/backups/:name',
  summary: 'Télécharger une sauvegarde',
  tags,
  auth: true,
  params: backupParams,
  response: z.any(),
});
