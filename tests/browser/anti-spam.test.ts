import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SpamSignals } from '../../shared/forms/anti-spam';
import { openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { sheetRows } from '../support/sheets';
import { documentClient, storedSubmission } from '../support/submissions';
import { forgetLanguageChoice, load, visit } from '../support/visit';

/**
 * The honeypot and the minimum fill time in real Chromium (docs/decisions/0011):
 * a visitor filling a form as people do, slowly or all at once with
 * autofill, is never caught, and never meets the honeypot, by sight,
 * keyboard or screen reader; a bot filling the honeypot is answered as usual
 * and kept as spam; an order sent too fast for a person is delivered, and
 * staff see it marked.
 */

// The anti-spam rules judge this file's orders (other test files post straight to the API without them).
beforeAll(() => {
  process.env.ANTI_SPAM = 'on';
});
const env = browserEnvironment();
let documents: ReturnType<typeof documentClient>;
beforeAll(() => {
  documents = documentClient(env.stack);
});
afterAll(() => documents?.destroy());

const honeypotLabel = 'Leave this field empty';

/** The tractors page in English. */
async function openTractors() {
  const { page, errors } = await env.browser.newPage();
  await forgetLanguageChoice(page);
  await load({ page, errors, language: 'en' }, `${env.stack.siteUrl}/tracteurs`);
  return { page, errors };
}

async function openTractorOrder(page: Page): Promise<Locator> {
  const started = page.waitForResponse((response) => response.url().endsWith('/api/forms/tractor-order/start'));
  await page.getByRole('button', { name: 'Order DI75 4x2' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('form').waitFor();
  expect((await started).status()).toBe(200);
  return dialog;
}

/** The submission the page sends next: what it carried besides the data, and the stored item once answered. */
async function nextSubmission(page: Page, formId = 'tractor-order') {
  const response = await page.waitForResponse((r) => r.url().endsWith(`/api/forms/${formId}/submissions`), { timeout: 20_000 });
  const body = response.request().postDataJSON() as SpamSignals & { submissionId: string };
  expect(response.status()).toBe(201);
  return { signals: { honeypot: body.honeypot, startToken: body.startToken }, stored: await storedSubmission(documents, env.stack, body.submissionId) };
}

async function rowsOf(fullName: string, sheet = 'tractor-orders') {
  return (await sheetRows(env.stack.sheetsDir, sheet)).filter((row) => row[0] === fullName);
}

describe('a visitor filling a form as people do', () => {
  test('is never caught: typing at a person’s speed, the order is stored as new and reaches the sheet', async () => {
    const { page, errors } = await openTractors();
    const dialog = await openTractorOrder(page);

    const name = `Amina Saidi ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Full name').pressSequentially(name, { delay: 110 });
    await dialog.getByLabel('Wilaya (province)').selectOption('Tlemcen');
    await dialog.getByLabel('Phone').pressSequentially('0661 23 45 67', { delay: 110 });
    const sent = nextSubmission(page);
    await dialog.getByRole('button', { name: 'Send Order' }).click();

    const { signals, stored } = await sent;
    expect(signals).toEqual({ honeypot: '', startToken: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/) });
    expect(stored).toMatchObject({ status: 'new', data: { fullName: name } });
    expect(stored).not.toHaveProperty('check');
    await page.getByRole('status').filter({ hasText: 'Your order was sent successfully' }).waitFor();
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('with autofill, filling the contact form at once and sending: sees "sending" until a person could have filled it, then the success; the message is delivered, neither spam nor marked', async () => {
    const visited = await visit(env.browser, env.stack.siteUrl, '/', 'en');
    const { page, errors } = visited;
    const started = page.waitForResponse((response) => response.url().endsWith('/api/forms/contact-message/start'));
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    const form = contact.locator('form');
    await form.getByLabel('Name').waitFor();
    expect((await started).status()).toBe(200);

    // Every field at once, as autofill does, and Send straight after.
    const name = `Yacine Autofill ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail').fill('yacine@example.com');
    await form.getByLabel('Message').fill('Bonjour, avez-vous le filtre à huile du DI75 ?');
    const sent = nextSubmission(page, 'contact-message');
    await form.getByRole('button', { name: 'Send message' }).click();

    // Held while the fill time runs out: the farmer reads "sending", never "sent".
    await form.getByRole('status').filter({ hasText: 'Sending order...' }).waitFor();
    expect(await contact.getByText('Your message was sent, we will answer soon.').count()).toBe(0);

    const { signals, stored } = await sent;
    expect(signals.startToken).toMatch(/^\d+\.[\w-]{22}\.[\w-]{43}$/);
    expect(stored).toMatchObject({ status: 'new', data: { name } });
    expect(stored).not.toHaveProperty('spam');
    expect(stored).not.toHaveProperty('check');
    await contact.getByText('Your message was sent, we will answer soon.').waitFor();
    await expect.poll(() => rowsOf(name, 'contact-message'), { timeout: 15_000 }).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('never meets the honeypot: not seen, not reached with the keyboard, not in the accessibility tree', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'en');
    const dialog = await openTractorOrder(page);
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();

    for (const form of [dialog.locator('form'), footer.locator('form')]) {
      const honeypot = form.locator('input[name="reference"]');
      expect(await honeypot.count()).toBe(1);
      expect(await honeypot.getAttribute('autocomplete')).toBe('off');
      expect(await honeypot.getAttribute('tabindex')).toBe('-1');

      // Drawn in a box of no size that clips it: no pixel of it shows, no tap reaches it.
      const shown = await honeypot.evaluate((input) => {
        const box = input.parentElement!.parentElement!.getBoundingClientRect();
        const own = input.getBoundingClientRect();
        const hit = document.elementFromPoint(own.x + own.width / 2, own.y + own.height / 2);
        return { width: box.width, height: box.height, overflow: getComputedStyle(input.parentElement!.parentElement!).overflow, hit: hit === input };
      });
      expect(shown).toEqual({ width: 0, height: 0, overflow: 'hidden', hit: false });

      // Screen readers: not exposed by role or name, and absent from the form's accessibility tree.
      expect(await form.getByRole('textbox', { name: honeypotLabel }).count()).toBe(0);
      expect(await form.getByLabel(honeypotLabel).count()).toBe(1); // it exists, hidden from them
      expect(await form.ariaSnapshot()).not.toContain(honeypotLabel);
    }

    // Tabbing through the whole form never lands on it.
    await dialog.getByLabel('Full name').focus();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).not.toBe('reference');
    }
  });
});

describe('a bot working through the page', () => {
  test('that fills every input, the honeypot too, sees the usual success; its order is kept as spam and never reaches the sheet', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'en');
    const dialog = await openTractorOrder(page);
    const name = `Cheap Tractors ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Wilaya (province)').selectOption('Oran');
    await dialog.getByLabel('Phone').fill('0555 00 00 00');
    await dialog.locator('input[name="reference"]').fill('https://cheap-tractors.example', { force: true });
    const sent = nextSubmission(page);
    await dialog.getByRole('button', { name: 'Send Order' }).click();

    expect((await sent).stored).toMatchObject({ status: 'spam', spam: { reason: 'honeypot' }, deliveries: {} });
    await page.getByRole('status').filter({ hasText: 'Your order was sent successfully' }).waitFor();
    await env.stack.deliveries.runNow();
    expect(await rowsOf(name)).toEqual([]);
  });
});

describe('an order sent faster than a person fills a form in', () => {
  test('is delivered, and staff see it marked "sent very fast" in the inbox and on its page (Arabic phone, English desk)', async () => {
    // What a script does: a start token, then the order at once, straight to the API.
    const start = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/start`);
    const { startToken } = (await start.json()) as { startToken: string };
    const name = `Rapide ${randomUUID().slice(0, 6)}`;
    const orderId = randomUUID();
    const sent = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: orderId, honeypot: '', startToken, data: { tractorModel: 'DI75 4x2', fullName: name, wilaya: 'Setif', phone: '0661 98 76 54' } }),
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);

    await signInOnce(env.browser, env.stack);
    const inbox = await openAdmin(env.browser, env.stack, '/admin/orders', { language: 'ar', screen: 'phone' });
    const card = inbox.page.locator('main li').filter({ hasText: name });
    await card.getByText('أُرسل بسرعة كبيرة').waitFor();
    expect(await inbox.page.locator('main li').filter({ hasText: 'أُرسل بسرعة كبيرة' }).count()).toBe(1);
    expect(unexpectedErrors(inbox.errors)).toEqual([]);

    const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders/${orderId}`, { language: 'en', screen: 'desk' });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Sent very fast', { exact: true }).waitFor();
    await page.getByText('Sent very fast: a few seconds after the form opened, quicker than a person fills it in.', { exact: false }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
