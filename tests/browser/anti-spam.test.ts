import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SpamSignals } from '../../shared/forms/anti-spam';
import { browserEnvironment } from '../support/environment';
import { sheetRows } from '../support/sheets';
import { documentClient, storedSubmission } from '../support/submissions';
import { forgetLanguageChoice, load, visit } from '../support/visit';

/**
 * The honeypot and the minimum fill time in real Chromium (docs/decisions/0011):
 * a visitor filling a form as people do is never caught, and never meets the
 * honeypot, by sight, keyboard or screen reader; a bot working through the
 * page is answered as usual and kept as spam.
 */

const env = browserEnvironment();
let documents: ReturnType<typeof documentClient>;
beforeAll(() => {
  documents = documentClient(env.stack);
});
afterAll(() => documents?.destroy());

const honeypotLabel = 'Leave this field empty';

/** The tractors page in English, in a tab that sends forms as fast as the test fills them. */
async function openUnpaced() {
  const { page, errors } = await env.browser.newPage({ personsPace: false });
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
async function nextSubmission(page: Page) {
  const response = await page.waitForResponse((r) => r.url().endsWith('/api/forms/tractor-order/submissions'), { timeout: 20_000 });
  const body = response.request().postDataJSON() as SpamSignals & { submissionId: string };
  expect(response.status()).toBe(201);
  return { signals: { honeypot: body.honeypot, startToken: body.startToken }, stored: await storedSubmission(documents, env.stack, body.submissionId) };
}

async function rowsOf(fullName: string) {
  return (await sheetRows(env.stack.sheetsDir, 'tractor-orders')).filter((row) => row[0] === fullName);
}

describe('a visitor filling a form as people do', () => {
  test('is never caught: typing at a person’s speed, the order is stored as new and reaches the sheet', async () => {
    // No help from the test browser: the typing itself takes the time a person takes.
    const { page, errors } = await openUnpaced();
    const dialog = await openTractorOrder(page);

    const name = `Amina Saidi ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Full name').pressSequentially(name, { delay: 110 });
    await dialog.getByLabel('Wilaya (province)').selectOption('Tlemcen');
    await dialog.getByLabel('Phone').pressSequentially('0661 23 45 67', { delay: 110 });
    const sent = nextSubmission(page);
    await dialog.getByRole('button', { name: 'Send Order' }).click();

    const { signals, stored } = await sent;
    expect(signals).toEqual({ honeypot: '', startToken: expect.stringMatching(/^\d+\.[\w-]{43}$/) });
    expect(stored).toMatchObject({ status: 'new', data: { fullName: name } });
    await page.getByRole('status').filter({ hasText: 'Your order was sent successfully' }).waitFor();
    await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
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

  test('that sends the form a moment after it opened sees the usual success; its order is kept as spam', async () => {
    const { page } = await openUnpaced();
    const dialog = await openTractorOrder(page);
    const name = `Fast Bot ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Wilaya (province)').selectOption('Oran');
    await dialog.getByLabel('Phone').fill('0555 00 00 01');
    const sent = nextSubmission(page);
    await dialog.getByRole('button', { name: 'Send Order' }).click();

    expect((await sent).stored).toMatchObject({ status: 'spam', spam: { reason: 'tooFast' } });
    await page.getByRole('status').filter({ hasText: 'Your order was sent successfully' }).waitFor();
    await env.stack.deliveries.runNow();
    expect(await rowsOf(name)).toEqual([]);
  });
});
