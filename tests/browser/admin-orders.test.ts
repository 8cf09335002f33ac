import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminOrder, OrderCounts } from '../../shared/admin-api';
import { parseCsv } from '../../shared/csv';
import type { Language } from '../../shared/languages';
import {
  adminJson,
  adminWords,
  expectAdminPage,
  expectNoSidewaysScroll,
  listedOrderNames as listedNames,
  openAdmin,
  signInOnce,
  unexpectedErrors,
  type Screen,
} from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';
import { setRelayFailure } from '../support/faults';
import { fixtureImages } from '../support/fixture-forms';
import { staffToken } from '../support/staff';
import { sendTractorOrder as sendPublicOrder } from '../support/submissions';
import { forgetLanguageChoice, waitForHydration } from '../support/visit';

/**
 * The orders inbox through the real sign-in against cognito-local, in the
 * three languages on a phone and a desk: an order sent from the public form
 * with its photos, its follow-up and history, a colleague's change refused
 * with a clear message, phone search, bulk status, the CSV export of the
 * current filter, and "send again".
 */

// Orders are put in the inbox straight through the API, as a script would: the inbox, not the anti-spam rules, is under test.
const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

const admin = (path: string, language: Language, screen: Screen) => openAdmin(env.browser, env.stack, path, { language, screen });

const api = <T>(path: string, init: RequestInit = {}, as = token) => adminJson<T>(env.stack, as, path, init);

const orderOf = async (orderId: string) => (await api<{ order: AdminOrder }>(`/api/admin/orders/${orderId}`)).order;

/** A tractor order sent to the public API, with its own name and this phone. */
async function sendTractorOrder(phone: string, name = `Karim ${randomUUID().slice(0, 6)}`): Promise<{ orderId: string; name: string }> {
  return { orderId: await sendPublicOrder(env.stack, { fullName: name, phone }), name };
}

/** A phone number no other test uses, written the visitors' way: `0661 12 34 56`. */
function newPhone(): string {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return `0661 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
}


/** The value next to a label in an order's list of fields. */
function definition(section: Locator, label: string): Locator {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return section.locator('dt').filter({ hasText: exactly }).first().locator('xpath=following-sibling::dd[1]');
}

describe('an order just sent from the public form', () => {
  test('is new in the inbox and counted; its page shows the fields labelled, the photos, the sheet row and the delivery, and marks it read (Arabic, phone)', async () => {
    const before = await api<OrderCounts>('/api/admin/orders/counts');
    const name = `كريم ${randomUUID().slice(0, 6)}`;

    // The visitor, on the wheeled-tractor part form, with two photos.
    const visitor = await env.browser.newPage();
    await forgetLanguageChoice(visitor.page);
    await visitor.page.goto(`${env.stack.siteUrl}/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`);
    await waitForHydration(visitor.page);
    await visitor.page.getByLabel('اسم القطعة').fill('مضخة هيدروليكية');
    await visitor.page.getByLabel('الاسم الكامل').fill(name);
    await visitor.page.getByLabel('رقم الهاتف').fill('0770 11 22 33');
    await visitor.page.getByLabel('الولاية').selectOption('Setif');
    await visitor.page.getByLabel('موقع القطعة').selectOption('Engine');
    await visitor.page.getByLabel('سنة صنع الجرار').fill('2012');
    await visitor.page.locator('input[type=file]').setInputFiles([fixtureImages.jpeg, fixtureImages.png]);
    await visitor.page.getByRole('img', { name: 'صورة 2' }).waitFor();
    await visitor.page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await visitor.page.waitForURL(`${env.stack.siteUrl}/thank-you`);
    await visitor.page.close();

    const { page, errors } = await admin('/admin', 'ar', 'phone');
    await expectAdminPage(page, 'ar', adminWords.dashboard.ar);
    await page.getByText(`${before.new + 1} طلب جديد`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'قائمة الإدارة' }).getByRole('link', { name: /^الطلبات/ }).click();
    await expectAdminPage(page, 'ar', adminWords.orders.ar);
    const link = page.getByRole('link', { name: `${name} (غير مقروء)` });
    await link.waitFor();
    // On a phone the list is cards, not a table.
    expect(await page.locator('main table').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    const orderId = (await link.getAttribute('href'))!.split('/').at(-1)!;
    await expect.poll(async () => (await orderOf(orderId)).deliveries.sheet?.state, { timeout: 15_000 }).toBe('sent');
    await link.click();
    await expectAdminPage(page, 'ar', name);

    const details = page.getByRole('region', { name: 'تفاصيل الطلب' });
    for (const [label, value] of [
      ['اسم القطعة', 'مضخة هيدروليكية'],
      ['الجرار', 'Sonalika DI75 4x4'],
      ['الاسم الكامل', name],
      ['الولاية', '19 - سطيف'],
      ['موقع القطعة', 'المحرك'],
    ]) {
      await expect.poll(() => definition(details, label!).innerText()).toBe(value);
    }
    const photos = details.getByRole('link', { name: /^صورة \d، فتح بالحجم الكامل$/ });
    expect(await photos.count()).toBe(2);
    for (const href of await photos.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
      const photo = await fetch(href);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\//);
    }
    const row = page.getByRole('region', { name: 'سطر جدول البيانات كما أُرسل' });
    expect(await row.locator('li').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining(name)]));
    await page.getByText('جدول البيانات: تم الإرسال').waitFor();

    // Opening it marked it read, once, with an entry in its history.
    await expect.poll(async () => (await orderOf(orderId)).read).toBe(true);
    await page.getByRole('region', { name: 'السجل' }).getByText('فُتح').waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'العودة إلى الطلبات' }).click();
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the follow-up of an order', () => {
  test('the status is saved with its history; a colleague’s change made meanwhile is refused clearly and the order reloads (French, desk)', async () => {
    const { orderId } = await sendTractorOrder(newPhone());
    const { page, errors } = await admin(`/admin/orders/${orderId}`, 'fr', 'desk');
    const history = page.getByRole('region', { name: 'Historique' });
    await history.getByText('Ouverte').waitFor();

    await page.getByLabel('Statut').selectOption({ label: 'Contacté' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').getByText('Enregistré.').waitFor();
    await history.getByText('Statut : Nouveau → Contacté').waitFor();
    expect(await history.getByText(env.stack.admin.email).count()).toBeGreaterThan(0);
    expect(await orderOf(orderId)).toMatchObject({ status: 'contacted' });

    // A colleague changes the order while it is open here.
    const colleague = await staffToken(env.stack, ['staff']);
    const seen = await orderOf(orderId);
    await api(`/api/admin/orders/${orderId}`, { method: 'PATCH', body: JSON.stringify({ status: 'quoted', version: seen.version }) }, colleague.token);

    await page.getByLabel('Statut').selectOption({ label: 'Gagné' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText("Quelqu'un d'autre a modifié cette demande depuis que vous l'avez ouverte. Vérifiez ses changements, puis recommencez.").waitFor();
    // Nothing was overwritten.
    expect(await orderOf(orderId)).toMatchObject({ status: 'quoted' });
    expect(await seriousViolations(page)).toEqual([]);

    await alert.getByRole('button', { name: 'Recharger la demande' }).click();
    await page.getByText('La demande est affichée telle qu’elle est maintenant. Refaites vos changements.').waitFor();
    expect(await page.getByLabel('Statut').inputValue()).toBe('quoted');
    await history.getByText(colleague.email).waitFor();

    await page.getByLabel('Statut').selectOption({ label: 'Gagné' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').getByText('Enregistré.').waitFor();
    expect(await orderOf(orderId)).toMatchObject({ status: 'won' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('an undelivered order shows its failing delivery and is sent again on demand (English, phone)', async () => {
    await setRelayFailure(env.stack.endpoints.relay, { status: 503, message: 'Sheets is down' });
    try {
      const { orderId, name } = await sendTractorOrder(newPhone());
      await expect.poll(async () => (await orderOf(orderId)).deliveries.sheet?.state, { timeout: 15_000 }).toBe('failing');

      const { page, errors } = await admin(`/admin/orders/${orderId}`, 'en', 'phone');
      await expectAdminPage(page, 'en', name);
      const deliveries = page.getByRole('region', { name: 'Deliveries' });
      await deliveries.getByText('Spreadsheet: Failing').waitFor();
      // The relay's answer as a sentence; its own text is folded under it.
      await deliveries.getByText('The spreadsheet service was down (error 503). It will be sent again by itself.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await setRelayFailure(env.stack.endpoints.relay, undefined);
      await deliveries.getByRole('button', { name: 'Send again: Spreadsheet' }).click();
      await page.getByText('It will be sent again in a moment.').waitFor();
      await page.getByRole('region', { name: 'History' }).getByText('Sent again: Spreadsheet').waitFor();
      await expect.poll(async () => (await orderOf(orderId)).deliveries.sheet?.state, { timeout: 15_000 }).toBe('sent');
      await page.reload();
      await deliveries.getByText('Spreadsheet: Sent').waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await setRelayFailure(env.stack.endpoints.relay, undefined);
    }
  });
});

describe('finding orders', () => {
  test('a phone written any way finds one caller’s requests, one tap from each of them; filters live in the address (English, phone)', async () => {
    const phone = newPhone();
    const digits = phone.replace(/\D/g, '').slice(1);
    const first = await sendTractorOrder(phone);
    const second = await sendTractorOrder(`+213 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`);
    const other = await sendTractorOrder(newPhone());

    const { page, errors } = await admin('/admin/orders', 'en', 'phone');
    await expectAdminPage(page, 'en', adminWords.orders.en);
    await page.getByLabel('Search the orders').fill(`00213 ${digits.slice(0, 3)} ${digits.slice(3)}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=00213/);
    await expect.poll(() => listedNames(page)).toEqual([second.name, first.name]);
    expect(await listedNames(page)).not.toContain(other.name);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Another filter is another address; the back button returns to the previous one.
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Contacted' });
    await page.waitForURL(/status=contacted/);
    await page.getByText('No orders match these filters.').waitFor();
    await page.goBack();
    await expect.poll(() => page.getByLabel('Status', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => listedNames(page)).toEqual([second.name, first.name]);

    await page.getByRole('link', { name: new RegExp(`^${first.name}`) }).click();
    await expectAdminPage(page, 'en', first.name);
    await page.getByRole('link', { name: 'Other requests from this number' }).click();
    await expectAdminPage(page, 'en', adminWords.orders.en);
    await expect.poll(() => listedNames(page)).toEqual([second.name, first.name]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('newsletter subscriptions have their own list, named by their e-mail (English, desk)', async () => {
    const email = `farmer-${randomUUID().slice(0, 6)}@example.com`;
    const sent = await fetch(`${env.stack.siteUrl}/api/forms/newsletter-subscription/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: randomUUID(), data: { email } }),
    });
    expect(sent.status).toBe(201);
    const { page, errors } = await admin('/admin/orders', 'en', 'desk');
    await expectAdminPage(page, 'en', adminWords.orders.en);
    expect(await listedNames(page)).not.toContain(email);
    await page.getByRole('link', { name: 'Newsletter subscriptions' }).click();
    await page.waitForURL(/\?list=subscriptions$/);
    await expect.poll(() => listedNames(page)).toContain(email);
    expect(await page.getByRole('link', { name: 'Newsletter subscriptions' }).getAttribute('aria-current')).toBe('page');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('several orders change status at once, each on the version listed, with the outcome of each (Arabic, desk)', async () => {
    const phone = newPhone();
    const orders = [await sendTractorOrder(phone), await sendTractorOrder(phone), await sendTractorOrder(phone)];
    const { page, errors } = await admin(`/admin/orders?phone=${encodeURIComponent(phone)}`, 'ar', 'desk');
    await expect.poll(() => listedNames(page)).toHaveLength(3);
    expect(await page.locator('main table').count()).toBe(1);

    await page.getByRole('checkbox', { name: 'تحديد كل الطلبات المعروضة' }).check();
    await page.getByRole('heading', { name: '3 محدد' }).waitFor();
    // Meanwhile a colleague marks one of them lost.
    const colleague = await staffToken(env.stack, ['staff']);
    const changed = orders[1]!;
    const seen = await orderOf(changed.orderId);
    await api(`/api/admin/orders/${changed.orderId}`, { method: 'PATCH', body: JSON.stringify({ status: 'lost', version: seen.version }) }, colleague.token);

    await page.getByLabel('الحالة الجديدة للطلبات المحددة').selectOption({ label: 'تم الاتصال' });
    await page.getByRole('button', { name: 'تطبيق' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'تم تغيير 2' });
    await outcome.locator('p').getByText('1 غيّرها شخص آخر في الأثناء ولم تُغيَّر: راجعها ثم أعد المحاولة', { exact: false }).waitFor();
    expect(await outcome.locator('li[data-outcome="updated"]').count()).toBe(2);
    expect(await outcome.locator('li[data-outcome="stale"]').innerText()).toContain(changed.name);
    expect(await seriousViolations(page)).toEqual([]);

    for (const { orderId } of orders) {
      expect((await orderOf(orderId)).status).toBe(orderId === changed.orderId ? 'lost' : 'contacted');
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('the export is a CSV of exactly the orders the current filter lists (French, desk)', async () => {
    const phone = newPhone();
    const listed = [await sendTractorOrder(phone), await sendTractorOrder(phone)];
    await sendTractorOrder(newPhone());
    const today = new Date().toLocaleDateString('sv-SE'); // YYYY-MM-DD, the browser's calendar day

    const { page, errors } = await admin(`/admin/orders?form=tractor-order&from=${today}&to=${today}&phone=${encodeURIComponent(phone)}`, 'fr', 'desk');
    await page.getByText('2 demandes affichées').waitFor();
    expect(await page.getByLabel('Formulaire').inputValue()).toBe('tractor-order');
    expect(await page.getByLabel('Du').inputValue()).toBe(today);

    const download = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Exporter la liste :' }).getByRole('button', { name: 'CSV' }).click();
    const file = await (await download).path();
    await page.getByRole('status').getByText(/^Le fichier orders-tractor-order-\d{4}-\d{2}-\d{2}\.csv \(2 lignes\) se télécharge\./).waitFor();

    const [header, ...rows] = parseCsv(new TextDecoder('utf-8', { ignoreBOM: false }).decode(await readFile(file)));
    expect([header![0], header!.at(-1)]).toEqual(['Nom complet', 'N° de demande']);
    expect(rows.map((row) => row.at(-1)).sort()).toEqual(listed.map((order) => order.orderId).sort());
    expect(rows.map((row) => row[0]).sort()).toEqual(listed.map((order) => order.name).sort());
    expect(await listedNames(page)).toEqual(expect.arrayContaining(listed.map((order) => order.name)));
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
