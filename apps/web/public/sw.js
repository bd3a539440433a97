// Vigie's service worker: Web Push only (no caching, so a new deployment is never hidden).
// A push message is JSON { id, kind, severity, title, body, link } (notifications.contract
// pushMessageSchema); a click focuses a tab of the app on `link`, or opens one.

const fallbackLink = '/dashboard';

/** Only a path of the app itself: a message must not send the user to another site. */
function sameOriginUrl(link) {
  try {
    const url = new URL(typeof link === 'string' && link ? link : fallbackLink, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(fallbackLink, self.location.origin).href;
  } catch {
    return new URL(fallbackLink, self.location.origin).href;
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
