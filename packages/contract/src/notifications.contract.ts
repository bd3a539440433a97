import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, listQuery, timestampSchema } from './common';

export const notificationSeverities = ['info', 'warning', 'critical'] as const;

export const notificationSchema = z.object({
  id: idSchema,
  kind: z.string(),
  severity: z.enum(notificationSeverities),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuery = listQuery.extend({
  unread: z.enum(['true', 'false'], { error: 'Valeur invalide (true ou false)' }).optional(),
});

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/notifications',
  summary: "Notifications de l'utilisateur connecté (les plus récentes d'abord)",
  tags: ['notifications'],
  auth: true,
  query: listNotificationsQuery,
  response: z.array(notificationSchema),
});

export const notificationCount = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/unread-count',
  summary: 'Nombre de notifications non lues',
  tags: ['notifications'],
  auth: true,
  response: z.object({ unread: z.number().int() }),
});

export const readNotification = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/:id/read',
  summary: 'Marquer une notification comme lue',
  tags: ['notifications'],
  auth: true,
  params: idParams,
  response: notificationSchema,
});

export const readAllNotifications = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  summary: 'Tout marquer comme lu',
  tags: ['notifications'],
  auth: true,
  response: z.object({ updated: z.number().int() }),
});
