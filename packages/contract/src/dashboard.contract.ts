import { z } from 'zod';
import { defineEndpoint, idSchema, timestampSchema } from './common';

export const dashboardStatsSchema = z.object({
  totalSites: z.number().int(),
  newSitesThisMonth: z.number().int(),
  activeCameras: z.number().int(),
  totalCameras: z.number().int(),
  alertsToday: z.number().int(),
  criticalAlerts: z.number().int(),
  onlineAgents: z.number().int(),
  totalAgents: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardSeverities = ['critique', 'important', 'moyen', 'faible'] as const;

export const dashboardAlertSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(dashboardSeverities),
  location: z.string(),
  time: timestampSchema,
});
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;

export const dashboardSiteSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  status: z.literal('Actif'),
  cameras: z.number().int(),
  accessPoints: z.number().int(),
  lastUpdate: timestampSchema,
});
export type DashboardSite = z.infer<typeof dashboardSiteSchema>;

/**
 * Health of one subsystem. `uptime` is a percentage string as the specification shows it ('99.9%'),
 * computed from real data, or null when there is no data (status 'Aucune donnée').
 */
export const systemComponentStatuses = ['Actif', 'Dégradé', 'Hors service', 'Aucune donnée'] as const;
export const systemComponentSchema = z.object({
  name: z.string(),
  status: z.enum(systemComponentStatuses),
  uptime: z.string().nullable(),
  description: z.string(),
});
export type SystemComponent = z.infer<typeof systemComponentSchema>;

/** Alarms raised on one day (in the user's timezone), per severity, for the overview's chart. */
export const alarmsPerDaySchema = z.object({
  date: z.iso.date(),
  critique: z.number().int(),
  important: z.number().int(),
  moyen: z.number().int(),
  faible: z.number().int(),
});
export type AlarmsPerDay = z.infer<typeof alarmsPerDaySchema>;

export const dashboardOverviewSchema = z.object({
  stats: dashboardStatsSchema,
  recentAlerts: z.array(dashboardAlertSchema),
  activeSites: z.array(dashboardSiteSchema),
  systemHealth: z.array(systemComponentSchema),
  /** The last 7 days, oldest first, today included. */
  alarmsPerDay: z.array(alarmsPerDaySchema),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const getDashboardOverview = defineEndpoint({
  method: 'GET',
  path: '/api/dashboard/overview',
  summary: "Vue d'ensemble du tableau de bord en un appel",
  tags: ['dashboard'],
  auth: true,
  response: dashboardOverviewSchema,
});
