import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, listQuery, noContent, timestampSchema } from './common';

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

// --- Each user's notification switches (Paramètres · Notifications) --------------------------

/**
 * The spec's field names. The switches decide what leaves the app (e-mail, SMS, Web Push): the
 * channels, critical alerts only, alerts on Saturdays and Sundays (in the user's timezone), and
 * notifications about equipment maintenance. The in-app list keeps everything.
 */
export const notificationSettingsSchema = z.object({
  emailAlerts: z.boolean(),
  /** True only with a phone in international format: without one no SMS can leave. */
  smsAlerts: z.boolean(),
  pushNotifications: z.boolean(),
  criticalOnly: z.boolean(),
  weekendAlerts: z.boolean(),
  maintenanceNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const flag = (label: string) => z.boolean({ error: `${label} : indiquez true ou false` });

export const updateNotificationSettingsBody = z.object({
  emailAlerts: flag('Alertes e-mail'),
  smsAlerts: flag('Alertes SMS'),
  pushNotifications: flag('Notifications push'),
  criticalOnly: flag('Alertes critiques uniquement'),
  weekendAlerts: flag('Alertes le week-end'),
  maintenanceNotifications: flag('Notifications de maintenance'),
});

/** A phone number SMS can be sent to: E.164, as `+33612345678`. */
export const internationalPhonePattern = /^\+[1-9][0-9]{7,14}$/;
export const smsNeedsInternationalPhone =
  'Pour recevoir les alertes SMS, renseignez dans votre profil un numéro de téléphone au format international (par exemple +33612345678)';

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/api/me/notifications',
  summary: 'Mes préférences de notification',
  tags: ['notifications'],
  auth: true,
  response: notificationSettingsSchema,
});

export const updateNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/me/notifications',
  summary: 'Enregistrer mes préférences de notification (SMS : numéro international requis)',
  tags: ['notifications'],
  auth: true,
  body: updateNotificationSettingsBody,
  response: notificationSettingsSchema,
});

// --- Web Push -------------------------------------------------------------------------------------

/**
 * Push services of the browsers (Chrome and its kin, Firefox, Safari, Edge): a subscription names
 * the URL the server will POST to, so only theirs are accepted.
 */
export const pushServiceHosts = [
  'fcm.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

const isPushServiceUrl = (value: string) => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    const host = url.hostname.toLowerCase();
    return pushServiceHosts.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
  } catch {
    return false;
  }
};

/** base64url (padding tolerated) of exactly `bytes` bytes. */
const base64url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .max(200, { error: message })
    .refine(
      (v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3),
      {
        error: message,
      },
    );

export const PUSH_ENDPOINT_MAX = 2048;
const endpointMessage =
  "Adresse d'abonnement invalide : une URL https d'un service de notification du navigateur";

export const pushEndpointSchema = z
  .string({ error: endpointMessage })
  .max(PUSH_ENDPOINT_MAX, {
    error: `L'adresse d'abonnement ne doit pas dépasser ${PUSH_ENDPOINT_MAX} caractères`,
  })
  .refine(isPushServiceUrl, { error: endpointMessage });

/** The browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBody = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, first 0x04) and a 16-byte secret (RFC 8291).
      p256dh: base64url(65, 'Clé de chiffrement du navigateur invalide').refine((v) => v.startsWith('B'), {
        error: 'Clé de chiffrement du navigateur invalide',
      }),
      auth: base64url(16, "Secret d'authentification du navigateur invalide"),
    },
    { error: "Les clés de l'abonnement (p256dh, auth) sont obligatoires" },
  ),
});

export const pushSubscriptionSchema = z.object({
  id: idSchema,
  endpoint: z.string(),
  createdAt: timestampSchema,
});

export const getPushKey = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/push/key',
  summary: 'Clé publique VAPID (applicationServerKey du navigateur)',
  tags: ['notifications'],
  auth: true,
  response: z.object({ publicKey: z.string() }),
});

export const subscribePush = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/push/subscriptions',
  summary: 'Abonner ce navigateur aux notifications push',
  tags: ['notifications'],
  auth: true,
  body: pushSubscriptionBody,
  response: pushSubscriptionSchema,
  status: 201,
});

export const unsubscribePush = defineEndpoint({
  method: 'DELETE',
  path: '/api/notifications/push/subscriptions',
  summary: 'Désabonner ce navigateur (à la déconnexion aussi)',
  tags: ['notifications'],
  auth: true,
  body: z.object({
    endpoint: z.string({ error: "L'adresse d'abonnement est obligatoire" }).max(PUSH_ENDPOINT_MAX),
  }),
  response: noContent,
  status: 204,
});

/**
 * What a push message carries (JSON, encrypted for the browser): the service worker shows `title`
 * and `body` and opens `link` (a path inside the app) on a click.
 */
export const pushMessageSchema = z.object({
  id: idSchema,
  kind: z.string(),
  severity: z.enum(notificationSeverities),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
