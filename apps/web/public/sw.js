// Vigie's service worker: Web Push, and the offline copy of the app that lets the agent space open
// without network. The caching keeps a new deployment from ever being hidden:
// - navigations go to the network first; the last app shell answers only when the network fails;
// - hashed files under /assets/ never change content: served from the cache, fetched once;
// - /api/* is never answered from this cache (the agent space keeps its own data and outbox).
// A push message is JSON { id, kind, severity, title, body, link } (notifications.contract
// pushMessageSchema); a click focuses a tab of the app on `link`, or opens one.

const fallbackLink = '/dashboard';
const SHELL_CACHE = 'vigie-shell-v1';
const ASSET_CACHE = 'vigie-assets-v1';
const CACHES = [SHELL_CACHE, ASSET_CACHE];
/** Every app path answers the same index.html: one copy, under this key. */
const SHELL_KEY = '/index.html';
/** Where the shell is fetched at install: the agent space, the page that must open offline. */
const SHELL_URL = '/agent';
/** Old chunks of past deployments are dropped past this many files. */
const MAX_ASSETS = 300;
/** A navigation waits this long for a slow network before the cached shell answers. */
const NAVIGATION_TIMEOUT_MS = 8000;

const OFFLINE_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Vigie — hors ligne</title></head><body style="font-family:system-ui,sans-serif;background:#0a1020;color:#fff;padding:2rem"><h1>Hors ligne</h1><p>Vigie n'a pas encore été ouvert sur cet appareil avec le réseau : reconnectez-vous une première fois pour pouvoir l'utiliser hors ligne.</p></body></html>`;

/** Only a path of the app itself: a message must not send the user to another site. */
function sameOriginUrl(link) {
  try {
    const url = new URL(typeof link === 'string' && link ? link : fallbackLink, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(fallbackLink, self.location.origin).href;
  } catch {
    return new URL(fallbackLink, self.location.origin).href;
  }
}

const isAsset = (url) => url.pathname.startsWith('/assets/');
const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

/** The shell and the files its page names (the entry script, its styles, the preloaded chunks). */
async function cacheShell() {
  const response = await fetch(SHELL_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put(SHELL_KEY, response);
  const files = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)]
    .map((m) => m[1])
    .filter((path) => isAsset(new URL(path, self.location.origin)));
  await cacheFiles(files);
}

/** Same-origin static files into the asset cache (what a page says it loaded). */
async function cacheFiles(paths) {
  const cache = await caches.open(ASSET_CACHE);
  for (const path of new Set(paths)) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || isApi(url) || url.pathname === '/sw.js') continue;
    if (!isAsset(url) && !/\.(png|svg|webmanifest|ico)$/.test(url.pathname)) continue;
    if (isAsset(url) && (await cache.match(url.pathname))) continue;
    try {
      const response = await fetch(url.pathname);
      if (response.ok) await cache.put(url.pathname, response);
    } catch {
      // Offline while caching: the next visit tries again.
    }
  }
  await trimAssets();
}

async function navigation(request) {
  const cache = await caches.open(SHELL_CACHE);
  const network = fetch(request).then(
    async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.includes('text/html')) await cache.put(SHELL_KEY, response.clone());
      return response;
    },
    () => null,
  );
  const slow = new Promise((resolve) => setTimeout(() => resolve('slow'), NAVIGATION_TIMEOUT_MS));
  const first = await Promise.race([network, slow]);
  if (first && first !== 'slow') return first;
  // Offline, or a network too slow to wait for: the last shell; without one, whatever comes.
  const cached = await cache.match(SHELL_KEY);
  if (cached) return cached;
  const late = first === 'slow' ? await network : null;
  return (
    late ??
    new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } })
  );
}

async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trimAssets();
  }
  return response;
}

/** Icons and the manifest: the network's copy when it answers, the kept one otherwise. */
async function staticFile(request) {
  const cache = await caches.open(ASSET_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!CACHES.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url) || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (isAsset(url)) event.respondWith(asset(request));
  else if (/\.(png|svg|webmanifest|ico)$/.test(url.pathname)) event.respondWith(staticFile(request));
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'vigie-cache' && Array.isArray(data.urls)) {
    event.waitUntil(cacheFiles(data.urls.filter((u) => typeof u === 'string')));
  }
});

self.addEventListener('push', (event) => {
  let message = {};
  if (event.data) {
    try {
      message = event.data.json();
    } catch {
      message = { body: event.data.text() };
    }
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Vigie';
  const critical = message.severity === 'critical';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      lang: 'fr',
      // One notification per message, even if the push service delivers it twice.
      tag: typeof message.id === 'string' ? message.id : undefined,
      requireInteraction: critical,
      data: { link: sameOriginUrl(message.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data?.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const any = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (any) {
        await any.focus();
        return any.navigate(target).catch(() => self.clients.openWindow(target));
      }
      return self.clients.openWindow(target);
    })(),
  );
});
