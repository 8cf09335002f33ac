import { randomUUID } from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import { composeOrderNotification } from '../../lambdas/deliveries/push-message';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import type { Submission } from '../../shared/submissions';
import { expectNoSidewaysScroll, openAdmin, signInOnce } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';
import { documentClient, storedSubmission } from '../support/submissions';

/**
 * New orders on staff phones, in the admin's own browser with the real
 * sign-in: the admin installs as an app of its own, a staff member turns
 * notifications on for the device (which registers the admin's service
 * worker), a push is delivered to that worker through Chromium's DevTools
 * protocol (no push service is reachable from here), its notification shows,
 * and opening it shows the order.
 */

const env = browserEnvironment({ serviceWorkers: 'allow' }, { antiSpam: false });

beforeAll(async () => {
  await signInOnce(env.browser, env.stack);
  await env.browser.context.grantPermissions(['notifications'], { origin: env.stack.siteUrl });
});

test('a push shows the new order’s notification in the staff member’s language, and opening it shows the order (French, phone)', async () => {
  const orderId = randomUUID();
  const name = `Karim Benali ${orderId.slice(0, 6)}`;
  const response = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
    body: JSON.stringify({ submissionId: orderId, data: { tractorModel: 'DI75 4x2', fullName: name, wilaya: 'Setif', phone: '0661 23 45 67' } }),
  });
  expect(response.status).toBe(201);

  const { page } = await openAdmin(env.browser, env.stack, '/admin/notifications', { language: 'fr', screen: 'phone' });
  await page.getByRole('heading', { level: 1, name: 'Notifications sur cet appareil' }).waitFor();

  // Installable apart from the site: its own manifest, in French here, opening on the inbox, with its own icons.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/admin-manifest.fr.webmanifest');
  const manifest = (await (await fetch(`${env.stack.siteUrl}${manifestHref}`)).json()) as { scope: string; start_url: string; lang: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ scope: '/admin', start_url: '/admin/orders', lang: 'fr' });
  for (const { src } of manifest.icons) {
    expect(src).toMatch(/^\/icons\/admin-/);
    expect((await fetch(`${env.stack.siteUrl}${src}`)).headers.get('content-type')).toMatch(/^image\/png/);
  }

  // Turning them on registers the admin's worker; this Chromium has no push service to subscribe with, and says so.
  await page.getByRole('checkbox', { name: 'Recevoir les notifications sur cet appareil' }).click();
  // The browser may refuse at once or never answer: the page gives it 15 s, then says so.
  await page.getByRole('alert').filter({ hasText: 'n’a pas pu joindre son service de notifications' }).waitFor({ timeout: 40_000 });
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/admin'))?.active?.scriptURL), { timeout: 15_000 })
    .toBe(`${env.stack.siteUrl}/admin-sw.js`);
  // The worker took charge of the admin's open page.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), { timeout: 15_000 }).toBe(`${env.stack.siteUrl}/admin-sw.js`);

  // The push the delivery worker would send this staff member for the order, delivered to the worker by DevTools.
  const documents = documentClient(env.stack);
  const submission = (await storedSubmission(documents, env.stack, orderId)) as unknown as Submission;
  documents.destroy();
  const schema = await loadBundledFormSchema('form-schemas', 'tractor-order');
  const notification = composeOrderNotification(submission, schema, 'fr');
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const adminScope = `${env.stack.siteUrl}/admin`;
  await expect.poll(() => registrations.find(({ scopeURL }) => scopeURL === adminScope)).toBeDefined();
  const { registrationId } = registrations.find(({ scopeURL }) => scopeURL === adminScope)!;
  const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.siteUrl, registrationId, data: JSON.stringify(notification) });
  await deliver();

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/admin');
      const notifications = (await registration?.getNotifications()) ?? [];
      return notifications.map(({ title, body, tag, lang, dir, data }) => ({ title, body, tag, lang, dir, url: (data as { url?: unknown } | null)?.url }));
    });
  // On a loaded machine DevTools' delivery can be lost while the worker starts: it is delivered again until shown
  // (a push service retries likewise), and the order's tag keeps it one notification.
  const shownOrDeliveredAgain = async () => {
    const notifications = await shown();
    if (notifications.length === 0) await deliver();
    return notifications;
  };
  await expect.poll(shownOrDeliveredAgain, { timeout: 45_000, interval: 3_000 }).toEqual([
    { title: `Nouvelle demande : ${name}`, body: '19 - Sétif · DI75 4x2', tag: orderId, lang: 'fr', dir: 'ltr', url: `/admin/orders/${orderId}` },
  ]);

  // Chromium cannot tap a notification: the worker is handed the same click event the tap gives, for the notification it showed.
  const worker = env.browser.context.serviceWorkers().find((candidate) => candidate.url() === `${env.stack.siteUrl}/admin-sw.js`);
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(): Promise<unknown[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
    };
    const [shownNotification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shownNotification }));
  });
  await page.waitForURL(`${env.stack.siteUrl}/admin/orders/${orderId}`, { timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
  // Opened, the notification is gone from the phone's list.
  await expect.poll(shown).toEqual([]);
});
