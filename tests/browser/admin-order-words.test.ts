import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminOrder } from '../../shared/admin-api';
import { adminJson, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { setRelayFailure } from '../support/faults';

/**
 * An order's page in the staff's words: its sheet row under the sheet's
 * column labels, in the sheet's order, a wilaya in the staff's language, the
 * time sent in Algiers time with the zone named, and a delivery's last error
 * as a sentence, the relay's own text folded under it; nothing scrolls
 * sideways on a 360 px phone in Arabic, whatever the farmer typed as a name.
 */

const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

/** A tractor order sent to the public API. */
async function sendTractorOrder(fullName: string): Promise<string> {
  const submissionId = randomUUID();
  const response = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
    body: JSON.stringify({ submissionId, data: { tractorModel: 'DI75 4x2', fullName, wilaya: 'Setif', phone: '0661 12 34 56' } }),
  });
  expect(response.status).toBe(201);
  return submissionId;
}

/** The order page's sheet row: each cell's column label, and the cell as shown. */
async function sheetRow(page: Page, title: string): Promise<{ labels: string[]; values: string[] }> {
  const cells = (await page.getByRole('region', { name: title }).getByRole('listitem').allInnerTexts()).map((cell) => cell.split('\n'));
  return { labels: cells.map(([label]) => label!), values: cells.map(([, ...value]) => value.join(' ')) };
}

const orderOf = async (orderId: string) => (await adminJson<{ order: AdminOrder }>(env.stack, token, `/api/admin/orders/${orderId}`)).order;

describe('an order in the staff’s words', () => {
  test('its sheet row under the columns’ labels, the wilaya in Arabic, the time in Algiers time, a relay’s refusal as a sentence; nothing scrolls sideways, even with a name of 113 letters in one word (Arabic, phone)', async () => {
    // A name with no space to break it at.
    const name = `عبدالرحمن${'ا'.repeat(100)}${randomUUID().slice(0, 4)}`;
    await setRelayFailure(env.stack.endpoints.relay, { status: 503, rowsContaining: name });
    let orderId: string;
    try {
      orderId = await sendTractorOrder(name);
      await expect.poll(async () => (await orderOf(orderId)).deliveries.sheet?.state, { timeout: 20_000 }).toBe('failing');
    } finally {
      await setRelayFailure(env.stack.endpoints.relay, undefined);
    }
    const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders/${orderId}`, { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', name);

    const { labels, values } = await sheetRow(page, 'سطر جدول البيانات كما أُرسل');
    expect(labels).toEqual(['الاسم الكامل', 'رقم الهاتف', 'الولاية', 'التاريخ', 'الموديل / معدات إضافية (اختياري)']);
    expect(values[2]).toBe('19 - سطيف (Setif)');
    expect(values[3]).toMatch(/\(بتوقيت الجزائر\)$/);
    expect(values[4]).toBe('DI75 4x2');

    const deliveries = page.getByRole('region', { name: 'الإرسال' });
    await deliveries.getByText('خدمة جدول البيانات معطلة مؤقتًا (الخطأ 503). سيُعاد الإرسال تلقائيًا.').waitFor();
    // The relay's own words, folded under it.
    const technical = deliveries.getByText(/^Relay for sheet "tractor-orders" answered 503/);
    expect(await technical.isVisible()).toBe(false);
    await deliveries.getByText('التفاصيل التقنية').click();
    await technical.waitFor();
    await expectNoSidewaysScroll(page);

    // The inbox lists it too without scrolling sideways.
    await page.getByRole('navigation', { name: 'قائمة الإدارة' }).getByRole('link', { name: /^الطلبات/ }).click();
    await page.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('the sheet row under the columns’ labels and the time in Algiers time, in French; a delivery sent says when (French, desk)', async () => {
    const name = `Karim ${randomUUID().slice(0, 6)}`;
    const orderId = await sendTractorOrder(name);
    await expect.poll(async () => (await orderOf(orderId)).deliveries.sheet?.state, { timeout: 20_000 }).toBe('sent');
    const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders/${orderId}`, { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', name);
    const { labels, values } = await sheetRow(page, 'La ligne envoyée à la feuille de calcul');
    expect(labels).toEqual(['Nom complet', 'Téléphone', 'Wilaya', 'Date', 'Modèle / Équipement supplémentaire (facultatif)']);
    expect(values.slice(0, 3)).toEqual([name, '0661 12 34 56', '19 - Sétif (Setif)']);
    // The time the order was sent, in Algiers (UTC+1 all year), whatever the browser's own zone.
    const { createdAt } = await orderOf(orderId);
    const algiers = new Date(Date.parse(createdAt) + 3_600_000);
    expect(values[3]).toContain(`${String(algiers.getUTCHours()).padStart(2, '0')}:${String(algiers.getUTCMinutes()).padStart(2, '0')} (heure d’Alger)`);
    await page.getByRole('region', { name: 'Envois' }).getByText(/^Envoyé le/).first().waitFor();
    expect(await page.getByText('Colonne 1').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
