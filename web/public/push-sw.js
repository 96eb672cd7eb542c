// Web Push in the app's service worker (issue 42; Workbox's generated worker imports this
// file, vite.config.ts `importScripts`). A message is shown as a notification that opens
// the window it is about; its second button opens the page where push alerts are turned
// off. The same alert sent again replaces its notification (tag: the alert's id).
'use strict';

const PREFERENCES_PATH = '/notifications';

/** A link from a message as a page of this app (links point into the app; never elsewhere). */
function appPage(link, fallback) {
  try {
    const url = new URL(link, self.location.origin);
    return `${self.location.origin}${url.pathname}${url.search}`;
  } catch {
    return `${self.location.origin}${fallback}`;
  }
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'TripCost';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || '',
      tag: message.id || undefined,
      icon: '/icons/icon-192.png',
      data: {
        link: appPage(message.link || '/', '/'),
        off: appPage((message.turn_off && message.turn_off.link) || PREFERENCES_PATH, PREFERENCES_PATH),
      },
      actions: [
        { action: 'open', title: 'Open' },
        { action: 'turn-off', title: 'Turn off push alerts' },
      ],
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = event.action === 'turn-off' ? data.off : data.link;
  event.waitUntil(openPage(target || `${self.location.origin}/`));
});

/** Shows `url` in a tab of the app that is already open, else in a new one. */
async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    await tab.focus();
    return tab.navigate(url);
  }
  return self.clients.openWindow(url);
}
