/// <reference lib="webworker" />
import { adminPath } from '../../../../shared/admin-api';
import type { OrderNotification } from '../../../../shared/push-notifications';
import { adminIcons } from '../../home-screen';

/**
 * The admin's service worker, built to /admin-sw.js with the scope of the
 * admin (docs/decisions/0022-the-dealers-inbox.md): it shows the notification
 * of a new order the delivery worker pushed, and opens the order when staff
 * tap it. It keeps nothing and answers no request: the admin's pages always
 * come from the network. Registered only when a staff member turns
 * notifications on (./device-push.ts).
 */
declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const notification = orderNotification(event.data);
  if (!notification) return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.tag,
      lang: notification.lang,
      dir: notification.dir,
      icon: adminIcons[0].src,
      data: { url: notification.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openAdminPage(typeof url === 'string' ? url : adminPath));
});

/**
 * Shows the page in the admin's window if one is open (the installed app,
 * or a tab), else in a new one. Only the admin's own pages: a notification
 * opens nothing else.
 */
async function openAdminPage(path: string): Promise<void> {
  const target = new URL(path, self.location.origin);
  const href = target.origin === self.location.origin && target.pathname.startsWith(`${adminPath}/`) ? target.href : new URL(adminPath, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  const admin = windows.find((client) => new URL(client.url).pathname.startsWith(adminPath));
  if (!admin) {
    await self.clients.openWindow(href);
    return;
  }
  const shown = (await admin.navigate(href)) ?? admin;
  // Bringing the window forward needs the tap itself; without it the page is shown all the same.
  await shown.focus().catch(() => undefined);
}

/** The pushed notification, when it is one (the push service carries only what the server encrypted for this device). */
function orderNotification(data: PushMessageData | null): OrderNotification | undefined {
  try {
    const value = data?.json() as Partial<OrderNotification> | undefined;
    if (typeof value?.title !== 'string' || typeof value.url !== 'string' || typeof value.tag !== 'string') return undefined;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: value.url,
      tag: value.tag,
      lang: value.lang ?? 'ar',
      dir: value.dir === 'ltr' ? 'ltr' : 'rtl',
    };
  } catch {
    return undefined;
  }
}
