import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setRelayFailure, setStoreFailure } from '../support/faults';
import { anyOrderReference, sheetRows } from '../support/sheets';
import { browserEnvironment } from '../support/environment';
import { forgetLanguageChoice, visit, waitForHydration } from '../support/visit';

/**
 * A visitor orders a tractor in real Chromium against the real local stack:
 * prerendered page, language switch, the lazily loaded RJSF form, the API,
 * the relay CSV.
 */

const env = browserEnvironment();

const uniqueName = (base: string) => `${base} ${randomUUID().slice(0, 6)}`;

async function rowsOf(fullName: string) {
  return (await sheetRows(env.stack.sheetsDir, 'tractor-orders')).filter((row) => row[0] === fullName);
}

async function openTractors(language?: 'fr' | 'en') {
  const { page, errors } = await env.browser.newPage();
  await forgetLanguageChoice(page);
  await page.goto(`${env.stack.siteUrl}/tracteurs`);
  await waitForHydration(page);
  if (language) await page.getByRole('link', { name: { fr: 'Français', en: 'English' }[language] }).click();
  return { page, errors };
}

async function fillContact(page: Page, labels: { name: string; wilaya: string; phone: string }, values: { name: string; wilaya: string; phone: string }) {
  await page.getByLabel(labels.name).fill(values.name);
  await page.getByLabel(labels.wilaya).selectOption(values.wilaya);
  await page.getByLabel(labels.phone).fill(values.phone);
}

describe('tractor order', () => {
  test('in Arabic, right-to-left: the order lands in the sheet and the green banner shows', async () => {
    const { page, errors } = await openTractors();
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.title()).toBe('الجرارات | قطع ومعدات فلاحية');
    expect(await page.locator('main li h2').allTextContents()).toHaveLength(4);

    await page.getByRole('button', { name: /اطلب الآن.*DI75 4x2$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('الموديل').inputValue()).toBe('DI75 4x2');
    expect(await dialog.getByLabel('الموديل').getAttribute('readonly')).not.toBeNull();

    const name = uniqueName('كريم بن علي');
    await fillContact(page, { name: 'الاسم الكامل', wilaya: 'الولاية', phone: 'رقم الهاتف' }, { name, wilaya: 'Setif', phone: '0555 12 34 56' });
    await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();

    await page.getByRole('status').filter({ hasText: 'تم إرسال طلبك بنجاح' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
    const rows = await rowsOf(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual([name, '0555 12 34 56', 'Setif', expect.stringMatching(/^\d{4}-\d\d-\d\dT/), 'DI75 4x2', anyOrderReference]);
    expect(errors).toEqual([]);
  });

  test('in French: texts, direction and title switch, validation speaks French, extra equipment joins the row', async () => {
    const { page, errors } = await openTractors('fr');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
    expect(await page.title()).toBe('Tracteurs | Pièce et Matériel Agricole');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tracteurs');
    expect(await page.locator('main').textContent()).toMatch(/3\s897\s000\sDZD/);

    await page.getByRole('button', { name: 'Commander 90 Worldtrack 4x4' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Envoyer la commande' }).click();
    for (const field of ['Nom complet', 'Wilaya', 'Téléphone']) {
      await dialog.getByText(`Le champ « ${field} » est obligatoire`).waitFor();
    }

    const name = uniqueName('Karim Benali');
    await fillContact(page, { name: 'Nom complet', wilaya: 'Wilaya', phone: 'Téléphone' }, { name: `  ${name}  `, wilaya: 'Oran', phone: '0661 00 00 00' });
    await dialog.getByLabel('Équipement supplémentaire (facultatif)').fill('Charrue 3 socs');
    await dialog.getByRole('button', { name: 'Envoyer la commande' }).click();

    await page.getByRole('status').filter({ hasText: 'Votre commande a été envoyée avec succès' }).waitFor();
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
    expect(await rowsOf(name)).toEqual([[name, '0661 00 00 00', 'Oran', expect.any(String), '90 Worldtrack 4x4 - Charrue 3 socs', anyOrderReference]]);

    // The choice is kept for the next visit: the Arabic address opens the French page.
    await page.goto(`${env.stack.siteUrl}/tracteurs`);
    expect(new URL(page.url()).pathname).toBe('/fr/tracteurs');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(errors).toEqual([]);
  });

  const phoneRule = [
    { language: 'ar', order: /اطلب الآن.*DI75 4x2$/, labels: { name: 'الاسم الكامل', wilaya: 'الولاية', phone: 'رقم الهاتف' }, send: 'إرسال الطلب', refused: 'أدخل في «رقم الهاتف» رقمًا جزائريًا' },
    { language: 'fr', order: 'Commander DI75 4x2', labels: { name: 'Nom complet', wilaya: 'Wilaya', phone: 'Téléphone' }, send: 'Envoyer la commande', refused: '« Téléphone » : saisissez un numéro algérien' },
    { language: 'en', order: 'Order DI75 4x2', labels: { name: 'Full name', wilaya: 'Wilaya (province)', phone: 'Phone' }, send: 'Send Order', refused: 'Phone: enter an Algerian number' },
  ] as const;

  test.each(phoneRule)('a phone nobody could call back is refused naming the field, a number as typed is sent readable ($language)', async ({ language, order, labels, send, refused }) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', language);
    await page.getByRole('button', { name: order }).click();
    const dialog = page.getByRole('dialog');
    const name = uniqueName('Karim Benali');
    await fillContact(page, labels, { name, wilaya: 'Setif', phone: 'abc' });
    await dialog.getByRole('button', { name: send }).click();
    await dialog.getByText(refused).waitFor();
    expect(await dialog.getByLabel(labels.phone).getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel(labels.phone).fill('+213 (0)661.23.45.67');
    await dialog.getByRole('button', { name: send }).click();
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toEqual([[name, '0661 23 45 67', 'Setif', expect.any(String), 'DI75 4x2', anyOrderReference]]);
    expect(errors).toEqual([]);
  });

  test.each(phoneRule)('a phone abroad reaches the sheet as +33 6 12 34 56 78, text to the spreadsheet ($language, 360 px)', async ({ language, order, labels, send }) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', language);
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByRole('button', { name: order }).click();
    const name = uniqueName('Nadia Ferhat');
    await fillContact(page, labels, { name, wilaya: 'Oran', phone: '0033 612 345 678' });
    await page.getByRole('dialog').getByRole('button', { name: send }).click();
    // The leading ' is the sheet's "this is text", which it does not show; digits alone would have become the number 33612345678.
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toEqual([[name, "'+33 6 12 34 56 78", 'Oran', expect.any(String), 'DI75 4x2', anyOrderReference]]);
    expect(errors).toEqual([]);
  });

  test('a tap on Order before the page’s scripts have arrived opens the form once they have', async () => {
    const { page, errors } = await env.browser.newPage();
    await forgetLanguageChoice(page);
    // A slow line: the client entry arrives only after the farmer has tapped.
    let deliver!: () => void;
    const tapped = new Promise<void>((resolve) => (deliver = resolve));
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto(`${env.stack.siteUrl}/tracteurs`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /اطلب الآن.*DI75 4x2$/ }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);

    deliver();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('الموديل').inputValue()).toBe('DI75 4x2');
    expect(errors).toEqual([]);
  });

  const addAnother = [
    {
      language: 'ar',
      first: /اطلب الآن.*DI75 4x2$/,
      second: /اطلب الآن.*ورلدتراك 90 4x4$/,
      labels: { name: 'الاسم الكامل', wilaya: 'الولاية', phone: 'رقم الهاتف' },
      addAnother: 'إضافة طلب آخر',
      send: 'إرسال الطلب',
      alreadySent: 'أُرسل في هذا الطلب:',
    },
    {
      language: 'fr',
      first: 'Commander DI75 4x2',
      second: 'Commander 90 Worldtrack 4x4',
      labels: { name: 'Nom complet', wilaya: 'Wilaya', phone: 'Téléphone' },
      addAnother: 'Ajouter une autre',
      send: 'Envoyer la commande',
      alreadySent: 'Déjà envoyé dans cette demande :',
    },
    {
      language: 'en',
      first: 'Order DI75 4x2',
      second: 'Order 90 Worldtrack 4x4',
      labels: { name: 'Full name', wilaya: 'Wilaya (province)', phone: 'Phone' },
      addAnother: 'Add Another',
      send: 'Send Order',
      alreadySent: 'Already sent in this request:',
    },
  ] as const;

  test.each(addAnother)('"Add Another" keeps the farmer’s details for the next tractor, lists the one sent, and the sheet gets one row per tractor ($language, 360 px)', async ({ language, first, second, labels, addAnother: addLabel, send, alreadySent }) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', language);
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByRole('button', { name: first }).click();
    const name = uniqueName('Amina Saidi');
    await fillContact(page, labels, { name, wilaya: 'Algiers', phone: '0770 12 34 56' });
    await page.getByRole('dialog').getByRole('button', { name: addLabel }).click();
    // The order leaves once a person could have filled the form (decision 11).
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);

    // The next tractor's form starts with the farmer's details and lists the tractor already sent.
    await page.getByRole('button', { name: second }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel(labels.name).inputValue()).toBe(name);
    expect(await dialog.getByLabel(labels.phone).inputValue()).toBe('0770 12 34 56');
    expect(await dialog.getByLabel(labels.wilaya).inputValue()).toBe('Algiers');
    expect(await dialog.getByRole('region', { name: alreadySent }).getByRole('listitem').allInnerTexts()).toEqual(['DI75 4x2']);
    await dialog.getByRole('button', { name: send }).click();

    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(2);
    expect((await rowsOf(name)).map((row) => [row[1], row[2], row[4]])).toEqual([
      ['0770 12 34 56', 'Algiers', 'DI75 4x2'],
      ['0770 12 34 56', 'Algiers', '90 Worldtrack 4x4'],
    ]);
    // Sent, the request is over: the next form starts empty.
    await page.getByRole('button', { name: first }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel(labels.name).inputValue()).toBe('');
    expect(await page.getByRole('dialog').getByRole('region', { name: alreadySent }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('when the relay is down the order is still sent, and its row arrives once the relay is back', async () => {
    const { page } = await openTractors('en');
    await page.getByRole('button', { name: 'Order 75 Worldtrack 4x2' }).click();
    const dialog = page.getByRole('dialog');
    const name = uniqueName('Yacine Haddad');
    await fillContact(page, { name: 'Full name', wilaya: 'Wilaya (province)', phone: 'Phone' }, { name, wilaya: 'Blida', phone: '0550 12 34 56' });

    await setRelayFailure(env.stack.endpoints.relay, { status: 503 });
    try {
      await dialog.getByRole('button', { name: 'Send Order' }).click();
      await page.getByRole('status').filter({ hasText: 'Your order was sent successfully' }).waitFor();
      expect(await rowsOf(name)).toEqual([]);
    } finally {
      await setRelayFailure(env.stack.endpoints.relay, undefined);
    }
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
  });

  test('when the store does not answer: the order is kept on the phone, the farmer told so, and it is sent by itself once, when the store answers', async () => {
    const { page } = await openTractors('fr');
    await page.getByRole('button', { name: 'Commander 75 Worldtrack 4x2' }).click();
    const dialog = page.getByRole('dialog');
    const name = uniqueName('Yacine Haddad');
    await fillContact(page, { name: 'Nom complet', wilaya: 'Wilaya', phone: 'Téléphone' }, { name, wilaya: 'Blida', phone: '0550 12 34 56' });
    const kept = page.locator('#outbox-notice[role=status]').filter({ hasText: "Le site n'a pas pu prendre votre commande à l'instant. Elle est gardée sur ce téléphone" });
    const sent = page.locator('#outbox-notice[role=status]').filter({ hasText: 'Votre commande gardée a été envoyée' });

    await setStoreFailure(env.stack.endpoints.dynamoDb, { pause: true });
    try {
      await dialog.getByRole('button', { name: 'Envoyer la commande' }).click();
      // The API answers 503 within 5 s; the farmer types nothing again.
      await kept.waitFor({ timeout: 20_000 });
      await dialog.waitFor({ state: 'hidden' });
      expect(await rowsOf(name)).toEqual([]);
    } finally {
      await setStoreFailure(env.stack.endpoints.dynamoDb, undefined);
    }

    await sent.waitFor({ timeout: 40_000 });
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
    // The delivery runs every second: a second row would have come by now.
    await page.waitForTimeout(3_000);
    expect(await rowsOf(name)).toHaveLength(1);
  }, 90_000);
});
