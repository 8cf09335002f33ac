import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderPage } from '../../shared/admin-api';
import { adminJson, expectAdminPage, screens, signInOnce, signInWithForm, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { forgetLanguageChoice, storeLanguage, waitForHydration } from '../support/visit';

/**
 * Pictures show in the admin whichever name of the site staff typed: the
 * local stack's pictures are uploaded at `127.0.0.1`, `npm start` prints
 * `localhost`, and the admin's Content-Security-Policy takes images from
 * its own origin only. A farmer's order photos, the library, the picker of
 * the product editor, opened at the other name.
 */

const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

/** Loaded and drawn: a picture refused (by the page's policy) or broken has no width. */
async function shown(picture: Locator): Promise<boolean> {
  await picture.scrollIntoViewIfNeeded();
  return picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
}

/** A farmer sends a spare-part order with two photos, from the site at the address the stack runs on. */
async function partOrderWithPhotos(name: string): Promise<void> {
  const { page } = await env.browser.newPage();
  await forgetLanguageChoice(page);
  await page.goto(`${env.stack.siteUrl}/fr/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`);
  await waitForHydration(page);
  await page.getByLabel('Nom de la pièce').fill('Pompe hydraulique');
  await page.getByLabel('Nom complet').fill(name);
  await page.getByLabel('Téléphone').fill('0770 11 22 33');
  await page.getByLabel('Wilaya').selectOption('Setif');
  await page.getByLabel('Emplacement de la pièce').selectOption('Engine');
  await page.getByLabel('Année du tracteur').fill('2012');
  await page.locator('input[type=file]').setInputFiles([fixtureImages.jpeg, fixtureImages.png]);
  await page.getByRole('img', { name: 'Photo 2' }).waitFor();
  await page.getByRole('button', { name: 'Envoyer la commande' }).click();
  await page.waitForURL(/\/thank-you$/);
  await page.close();
}

/** The admin opened at the site's other name (`localhost` for `127.0.0.1`), signed in there through the sign-in page. */
async function adminAtOtherName(path: string): Promise<{ page: Page; errors: string[]; origin: string }> {
  const origin = env.stack.siteUrl.replace('//127.0.0.1:', '//localhost:');
  expect(origin).not.toBe(env.stack.siteUrl);
  const { page, errors } = await env.browser.newPage();
  await page.setViewportSize(screens.desk);
  await storeLanguage(page, origin, 'fr');
  await page.goto(`${origin}/admin/login?next=${encodeURIComponent(path)}`);
  await signInWithForm(page, env.stack, 'fr');
  await page.waitForURL(`${origin}/admin${path}`);
  return { page, errors, origin };
}

describe('pictures in the admin', () => {
  test('uploaded at the other name of the site, they show in the library, the product editor’s picker and an order’s page (French, desk)', async () => {
    const name = `Karim ${randomUUID().slice(0, 6)}`;
    await partOrderWithPhotos(name);
    const { page, errors, origin } = await adminAtOtherName('/media');
    await expectAdminPage(page, 'fr', 'Médiathèque');

    // The library: uploaded here, stored by its path, shown.
    await page.locator('input[type=file]').setInputFiles([fixtureImages.png]);
    await page.getByRole('status').getByText('Ajoutée: 1/1').waitFor();
    const picture = page.getByRole('img', { name: 'tiny.png', exact: true });
    const card = page.getByRole('listitem').filter({ has: picture });
    await expect.poll(() => shown(picture)).toBe(true);
    const src = (await picture.getAttribute('src'))!;
    expect(src).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    // Its address to copy is whole, on the name the admin is open at.
    expect(await card.getByLabel('Adresse').inputValue()).toBe(`${origin}${src}`);

    // The product editor's picker.
    await page.goto(`${origin}/admin/products/new`);
    await expectAdminPage(page, 'fr', 'Nouveau produit');
    await page.getByRole('button', { name: 'Image: Choisir une image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choisir une image' });
    const thumbnail = picker.locator(`img[src="${src}"]`);
    await expect.poll(() => shown(thumbnail)).toBe(true);
    await thumbnail.click();
    await expect.poll(() => shown(page.getByRole('img', { name: /^Image actuelle/ }))).toBe(true);

    // The order's photos, uploaded by the farmer at the stack's own address.
    const { orders } = await adminJson<OrderPage>(env.stack, token, '/api/admin/orders');
    const order = orders.find((candidate) => candidate.contact.name === name)!;
    const stored = order.fields.find((field) => field.kind === 'photos')!.value as string[];
    expect(stored.every((url) => url.startsWith(`${env.stack.siteUrl}/photos/`))).toBe(true);
    await page.goto(`${origin}/admin/orders/${order.orderId}`);
    await expectAdminPage(page, 'fr', name);
    const photos = page.getByRole('img', { name: /^Photo \d, ouvrir en grand$/ });
    expect(await photos.count()).toBe(2);
    for (const photo of await photos.all()) await expect.poll(() => shown(photo)).toBe(true);

    // Nothing was refused by the page's policy.
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
