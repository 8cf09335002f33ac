import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentResponse, MediaPage } from '../../shared/admin-api';
import { adminJson, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { dropFiles } from '../support/photos';

/**
 * A big drop survives a reload: the photos not in the library yet are kept
 * in the browser, and the library offers, after the reload, to send them on
 * (each photo landing once, the one named after an entry put on it) or to
 * drop them.
 */

const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

const dropZone = 'section:has(input[type=file])';
/** A transfer of a photo to the bucket (the API's own calls aside). */
const isTransfer = (url: URL) => url.pathname.includes('/media/') && !url.pathname.startsWith('/api/');

/** Counts the transfers to the bucket; past `passing` of them, each hangs as on a network that went away. */
async function weakNetwork(page: Page, passing: number): Promise<{ sent: () => number; hanging: Route[] }> {
  let sent = 0;
  const hanging: Route[] = [];
  await page.route(isTransfer, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    sent += 1;
    if (sent <= passing) return route.fallback();
    hanging.push(route);
  });
  return { sent: () => sent, hanging };
}

/** The photos this browser keeps for the library. */
const keptPhotos = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('agri-dealer-admin', 1);
        request.onsuccess = () => {
          const count = request.result.transaction('photos').objectStore('photos').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        request.onerror = () => reject(request.error);
      }),
  );

describe('a drop of photos interrupted by a reload', () => {
  test('is offered again after the reload and sent on: every photo lands once, only those not sent travel again, the named one on its entry (French, desk)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/media', { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', 'Médiathèque');
    const tag = randomUUID().slice(0, 8);
    const names = ['sonalika-di60.jpg', ...[1, 2, 3, 4, 5].map((n) => `champ-${tag}-${n}.jpg`)];
    const network = await weakNetwork(page, 2);
    await dropFiles(page, dropZone, names.map((name) => ({ name, path: fixtureImages.jpeg, type: 'image/jpeg' })));
    const uploads = page.getByRole('list', { name: 'Envois' }).getByRole('listitem');
    await expect.poll(() => uploads.filter({ hasText: 'Ajoutée' }).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => network.hanging.length, { timeout: 30_000 }).toBe(4);

    // The tab is reloaded half-way: the drop is offered, whole, since none of it was put on its entry yet.
    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await expectAdminPage(page, 'fr', 'Médiathèque');
    const offer = page.getByRole('group', { name: '6 photos d’un envoi interrompu n’ont pas fini d’être ajoutées ; ce navigateur les a gardées.' });
    const again = await weakNetwork(page, Infinity);
    await offer.getByRole('button', { name: 'Continuer l’envoi' }).click();
    await page.getByRole('status').getByText('Ajoutée: 6/6').waitFor({ timeout: 60_000 });
    // The two that reached the bucket are registered again, not sent again.
    expect(again.sent()).toBe(4);
    await page.getByText('Mise sur : Marques de tracteurs à roues › Sonalika › DI60').waitFor();

    const { items } = await adminJson<MediaPage>(env.stack, token, '/api/admin/media');
    for (const name of names) expect(items.filter((item) => item.name === name), name).toHaveLength(1);
    const named = items.find((item) => item.name === 'sonalika-di60.jpg')!;
    const { draft } = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');
    expect(draft.catalogue?.['wheeledTractorBrands/sonalika/models']?.changed?.di60).toEqual({ photo: { mediaId: named.mediaId } });

    // Nothing is left to offer.
    expect(await keptPhotos(page)).toBe(0);
    await page.reload();
    await expectAdminPage(page, 'fr', 'Médiathèque');
    await page.getByRole('img', { name: names[1] }).first().waitFor();
    expect(await offer.count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('the photos left can be dropped instead: none is sent, the browser keeps none, nothing scrolls sideways (Arabic, phone)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/media', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'الصور');
    const names = [1, 2].map((n) => `حقل-${randomUUID().slice(0, 8)}-${n}.jpg`);
    const network = await weakNetwork(page, 0);
    await dropFiles(page, dropZone, names.map((name) => ({ name, path: fixtureImages.jpeg, type: 'image/jpeg' })));
    await expect.poll(() => network.hanging.length, { timeout: 30_000 }).toBe(2);

    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await expectAdminPage(page, 'ar', 'الصور');
    const offer = page.getByRole('group', { name: 'صورتان من رفع انقطع لم يكتمل إرسالهما، وقد حفظهما هذا المتصفح.' });
    await offer.waitFor();
    await expectNoSidewaysScroll(page);
    await offer.getByRole('button', { name: 'التخلي عنها' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await keptPhotos(page)).toBe(0);
    const { items } = await adminJson<MediaPage>(env.stack, token, '/api/admin/media');
    expect(items.filter((item) => names.includes(item.name))).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
