import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserEnvironment } from '../support/environment';
import { sheetRows } from '../support/sheets';
import { visit } from '../support/visit';

/**
 * Every send ends with a confirmation the farmer sees where they are, on a
 * 360 px phone, clear of the sticky header, and read out by a screen reader
 * (a status region that takes the focus).
 */

const env = browserEnvironment();

const uniqueName = (base: string) => `${base} ${randomUUID().slice(0, 6)}`;

async function atPhoneWidth(language: 'ar' | 'fr' | 'en', path: string) {
  const visited = await visit(env.browser, env.stack.siteUrl, path, language);
  await visited.page.setViewportSize({ width: 360, height: 740 });
  return visited;
}

/** Where the confirmation is: on screen below the sticky header, and focused. */
async function expectSeenAndAnnounced(page: Page, confirmation: Locator) {
  await confirmation.waitFor();
  await expect
    .poll(() =>
      confirmation.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
        return {
          onScreen: box.top >= headerBottom && box.bottom <= window.innerHeight,
          focused: document.activeElement === element,
          role: element.getAttribute('role'),
        };
      }),
    )
    .toEqual({ onScreen: true, focused: true, role: 'status' });
}

async function tractorRows(name: string) {
  return (await sheetRows(env.stack.sheetsDir, 'tractor-orders')).filter((row) => row[0] === name);
}

describe('the confirmation of a send', () => {
  test('after ordering the fourth tractor, and after "Add Another", the banner is on screen and announced', async () => {
    const { page, errors } = await atPhoneWidth('en', '/tracteurs');
    const order = page.getByRole('button', { name: /^Order / });
    expect(await order.count()).toBe(4);
    await order.nth(3).scrollIntoViewIfNeeded();
    await order.nth(3).click();

    const dialog = page.getByRole('dialog');
    const name = uniqueName('Karim Benali');
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Wilaya (province)').selectOption('Setif');
    await dialog.getByLabel('Phone').fill('0555 12 34 56');
    await dialog.getByRole('button', { name: 'Send Order' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Your order was sent successfully' });
    await expectSeenAndAnnounced(page, banner);
    await expect.poll(() => tractorRows(name), { timeout: 15_000 }).toHaveLength(1);

    // "Add Another": the same banner comes back to the screen, for a second row.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await order.nth(2).click();
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Wilaya (province)').selectOption('Oran');
    await dialog.getByLabel('Phone').fill('0661 00 00 00');
    await dialog.getByRole('button', { name: 'Add Another' }).click();
    await expect.poll(() => tractorRows(name), { timeout: 15_000 }).toHaveLength(2);
    await expectSeenAndAnnounced(page, banner);
    expect(errors).toEqual([]);
  });

  test('after the contact form, the "sent" message is not under the sticky header', async () => {
    const { page, errors } = await atPhoneWidth('fr', '/');
    await page.getByRole('link', { name: 'Contactez-nous' }).first().click();
    const form = page.locator('#contact form');
    await form.getByLabel('Nom').first().fill(uniqueName('Nadia Ferhat'));
    await form.getByLabel('E-mail').fill('nadia@example.com');
    await form.getByLabel('Message').fill('Avez-vous des pneus pour Sonalika DI75 ?');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expectSeenAndAnnounced(page, page.getByRole('status').filter({ hasText: 'Votre message a été envoyé' }));
    expect(errors).toEqual([]);
  });
});
