/*
 * Web Push in the service worker (decision 063), imported by the generated sw.js (pwa.config.ts).
 * The payload is PushPayloadSchema of packages/shared/src/push.ts; it is checked loosely here, and
 * a click only ever opens a path on this site.
 */

/** The payload's fields, or null when it is not a notification this site sends. */
function readPayload(data) {
  let payload;
  try {
    payload = data ? data.json() : null;
  } catch {
    return null;
  }
  if (!payload || typeof payload.title !== 'string' || typeof payload.body !== 'string') {
    return null;
  }
  return {
    title: payload.title,
    body: payload.body,
    tag: typeof payload.tag === 'string' ? payload.tag : undefined,
    url: sameSitePath(payload.url),
  };
}

/** A path on this site ('/…' but not '//host'), else the notifications page. */
function sameSitePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) {
    return '/notifications';
  }
  const resolved = new URL(url, self.location.origin);
  return resolved.origin === self.location.origin
    ? resolved.pathname + resolved.search + resolved.hash
    : '/notifications';
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      // Android draws a badge from its alpha alone: the round icon, not the square maskable one.
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/**
 * Takes an open tab of this site to the page (focused when the browser allows it), or opens one.
 * A tab this worker does not control cannot be navigated by it: the page opens in a new one.
 */
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    const focused = await client.focus().catch(() => client);
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return navigated;
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(sameSitePath(event.notification.data?.url)));
});
