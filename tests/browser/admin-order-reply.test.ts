import { randomUUID } from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import type { AdminOrder, ReplyTemplatesResponse } from '../../shared/admin-api';
import type { Language } from '../../shared/languages';
import { adminJson, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';

/**
 * Answering a farmer from the order's page, with the real sign-in: an
 * Arabic-speaking staff member on a phone answers, on WhatsApp, a farmer who
 * ordered in French; the link carries the farmer's number in international
 * form and the message in French; pressing it records the contact, which
 * "Undo" takes back.
 */

// The order is put in the inbox straight through the API: the answer, not the anti-spam rules, is under test.
const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

/** A tractor order sent to the public API by a farmer reading the site in `language`. */
async function sendTractorOrder(orderId: string, language: Language, fullName: string, phone: string): Promise<void> {
  const response = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ submissionId: orderId, data: { tractorModel: 'DI75 4x2', fullName, wilaya: 'Setif', phone } }),
  });
  expect(response.status).toBe(201);
}

const orderOf = async (orderId: string) => (await adminJson<{ order: AdminOrder }>(env.stack, token, `/api/admin/orders/${orderId}`)).order;

test('the WhatsApp button writes to the farmer’s international number in the farmer’s language, records the contact and offers to undo it (Arabic, phone)', async () => {
  const orderId = randomUUID();
  const name = `Karim ${orderId.slice(0, 6)}`;
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  await sendTractorOrder(orderId, 'fr', name, `0661 ${digits}`);

  const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders/${orderId}`, { language: 'ar', screen: 'phone' });
  // WhatsApp Web stands in for the app: the test stays off the network.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await page.getByRole('heading', { level: 1, name }).waitFor();

  const whatsapp = page.getByRole('link', { name: 'واتساب', exact: true });
  const message = `Bonjour ${name}, merci pour votre demande (DI75 4x2). Ici Pièce et Matériel Agricole : nous revenons vers vous à ce sujet. Pour nous joindre : +213 36 00 00 00`;
  await expect.poll(() => whatsapp.getAttribute('href'), { timeout: 15_000 }).toBe(`https://wa.me/213661${digits}?text=${encodeURIComponent(message)}`);
  expect(await page.getByRole('link', { name: 'رسالة قصيرة', exact: true }).getAttribute('href')).toBe(`sms:+213661${digits}?body=${encodeURIComponent(message)}`);
  expect(await page.getByRole('link', { name: 'اتصال هاتفي', exact: true }).getAttribute('href')).toBe(`tel:+213661${digits}`);
  // The message as the farmer will read it, in French, shown to the staff member before it goes.
  await expect.poll(() => page.locator('blockquote[lang="fr"]').textContent()).toBe(message);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const opened = page.waitForEvent('popup');
  await whatsapp.click();
  const whatsappTab = await opened;
  expect(whatsappTab.url()).toBe(`https://wa.me/213661${digits}?text=${encodeURIComponent(message)}`);
  await whatsappTab.close();

  const said = page.getByRole('status').filter({ hasText: 'سُجّل الاتصال (واتساب) في سجل الطلب.' });
  await said.waitFor({ timeout: 15_000 });
  await page.getByText('تم الرد على الفلاح: واتساب').waitFor();
  const contacted = await orderOf(orderId);
  expect(contacted.status).toBe('contacted');
  expect(contacted.history!.at(-1)).toMatchObject({ by: env.stack.admin.email, changes: { contacted: 'whatsapp', status: { from: 'new', to: 'contacted' } } });

  await said.getByRole('button', { name: 'تراجع' }).click();
  await page.getByRole('status').filter({ hasText: 'أُلغي تسجيل الاتصال.' }).waitFor({ timeout: 15_000 });
  await expect.poll(async () => (await orderOf(orderId)).status, { timeout: 15_000 }).toBe('new');
  expect((await orderOf(orderId)).history!.at(-1)!.changes).toEqual({ contactUndone: 'whatsapp', status: { from: 'contacted', to: 'new' } });
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('an admin rewords the Arabic message: a mistyped placeholder is named and nothing is saved, then the next answer is written with the new wording (French, desk)', async () => {
  const orderId = randomUUID();
  const name = `كريم ${orderId.slice(0, 6)}`;
  await sendTractorOrder(orderId, 'ar', name, '+33 6 12 34 56 78');

  const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders/${orderId}`, { language: 'fr', screen: 'desk' });
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const editor = page.locator('details', { hasText: 'Modifier les messages' });
  await editor.getByText('Modifier les messages').click();
  const arabic = editor.getByLabel('Message en العربية');
  await arabic.fill('مرحبا {nom}، بخصوص {item}');
  await editor.getByRole('alert').getByText('Le champ {nom} du message est inconnu.', { exact: false }).waitFor();
  expect(await editor.getByRole('button', { name: 'Enregistrer', exact: true }).isDisabled()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  expect((await adminJson<ReplyTemplatesResponse>(env.stack, token, '/api/admin/orders/reply-templates')).saved).toBeUndefined();

  await arabic.fill('مرحبا {name}، بخصوص {item}');
  await editor.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await editor.getByRole('status').getByText('Messages enregistrés.').waitFor({ timeout: 15_000 });

  // A number abroad keeps its own country code.
  const message = `مرحبا ${name}، بخصوص DI75 4x2`;
  await expect
    .poll(() => page.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href'), { timeout: 15_000 })
    .toBe(`https://wa.me/33612345678?text=${encodeURIComponent(message)}`);
  expect(unexpectedErrors(errors)).toEqual([]);
});
