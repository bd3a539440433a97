import { apiCall } from '../../../lib/api-client';

/** Signing out must not be held up long by the browser's push service. */
const MAX_WAIT_MS = 2_000;

async function forget() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  // Loaded here: the dashboard shell that signs out must not load the contract's schemas (zod).
  const { unsubscribePush } = await import('@vigie/contract/notifications.contract');
  const endpoint = subscription.endpoint;
  await Promise.allSettled([subscription.unsubscribe(), apiCall(unsubscribePush, { body: { endpoint } })]);
}

/**
 * Before signing out (while the token still works): this browser stops receiving the user's push
 * notifications, and the server forgets its subscription. Never fails, never waits more than 2 s.
 */
export function forgetPushSubscription(): Promise<void> {
  return Promise.race([
    forget().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS)),
  ]);
}
