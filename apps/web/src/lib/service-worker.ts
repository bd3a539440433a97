// The app's service worker (public/sw.js: Web Push, and the offline copy of the app for the agent
// space). Registering it again is harmless (same script, same scope): the notifications settings
// and the agent space both do.

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker and hands it the files this page already loaded (the shell, this screen's
 * chunks, the manifest and icons), so that the page opens offline from the first visit on: the
 * worker only sees the requests made after it took control.
 */
export async function registerAppServiceWorker(): Promise<void> {
  if (typeof window === 'undefined' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
      .map((url) => url.pathname);
    registration.active?.postMessage({ type: 'vigie-cache', urls });
  } catch {
    // No worker (private mode, an old browser): the page works, only not offline.
  }
}
