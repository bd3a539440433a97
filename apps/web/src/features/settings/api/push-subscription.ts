// Web Push on this browser: the service worker (public/sw.js), the permission, the subscription
// with the server's VAPID key, and its registration on the server.
import { getPushKey, subscribePush, unsubscribePush } from '@vigie/contract/notifications.contract';
import { apiCall } from '../../../lib/api-client';
import { msg } from '../../../lib/i18n/i18n';

export const SERVICE_WORKER_URL = '/sw.js';

/** The applicationServerKey that PushManager.subscribe wants, from the URL-safe base64 key. */
export function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64}${'='.repeat((4 - (base64.length % 4)) % 4)}`
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A refusal the user can act on: a catalogue message (French), translated where shown. */
export class PushError extends Error {}

async function registration() {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if any (without asking for anything). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

/** Asks the permission, subscribes with the server's key and registers the subscription. */
export async function subscribeToPush(): Promise<void> {
  if (!pushSupported())
    throw new PushError(
      msg(
        'Ce navigateur ne prend pas en charge les notifications push (ou la page n’est pas servie en HTTPS).',
      ),
    );
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushError(
      permission === 'denied'
        ? msg(
            'Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur (icône à gauche de l’adresse), puis réessayez.',
          )
        : msg(
            'Autorisez les notifications quand le navigateur le demande pour les recevoir sur cet appareil.',
          ),
    );
  const { publicKey } = await apiCall(getPushKey);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    try {
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToUint8Array(publicKey),
      });
    } catch {
      throw new PushError(
        msg("Le navigateur n'a pas pu s'abonner aux notifications push. Réessayez plus tard."),
      );
    }
  }
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth)
    throw new PushError(msg("L'abonnement du navigateur est incomplet."));
  await apiCall(subscribePush, {
    body: { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } },
  });
}

/** Unsubscribes this browser and tells the server (which forgets the endpoint). */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  await apiCall(unsubscribePush, { body: { endpoint } });
}
