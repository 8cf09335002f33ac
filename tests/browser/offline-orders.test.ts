import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { minimumFillMs } from '../../shared/forms/anti-spam';
import { browserEnvironment } from '../support/environment';
import { sheetRows } from '../support/sheets';
import { visit } from '../support/visit';

/**
 * An order sent with no network, or on a connection that drops, stays on the
 * phone and leaves by itself when the network returns, also from a later
 * visit after the tab was closed, and makes exactly one row.
 */

const env = browserEnvironment();

const uniqueName = (base: string) => `${base} ${randomUUID().slice(0, 6)}`;

const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGNk+M+AFTBiFx4VGBUYHgIAW2MBEQ7bRtMAAAAASUVORK5CYII=',
  'base64',
);

async function rowsOf(sheet: string, name: string) {
  return (await sheetRows(env.stack.sheetsDir, sheet)).filter((row) => row.includes(name));
}

async function fillTractorOrder(page: Page, name: string) {
  await page.getByRole('button', { name: 'Order DI75 4x2' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Wilaya (province)').selectOption('Setif');
  await dialog.getByLabel('Phone').fill('0555 12 34 56');
  return dialog;
}

const notice = (page: Page, text: string) => page.locator('#outbox-notice[role=status]').filter({ hasText: text });

/** Whether the element is what a tap at its middle reaches: nothing covers it. */
function isOnTop(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const reached = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return reached !== null && element.contains(reached);
}

describe('orders that survive the network', () => {
  test('sent offline, the order is kept on the phone and makes one row once the network is back', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'en');
    const name = uniqueName('Karim Benali');
    const dialog = await fillTractorOrder(page, name);

    await page.context().setOffline(true);
    try {
      await dialog.getByRole('button', { name: 'Send Order' }).click();
      await notice(page, 'saved on this phone').waitFor();
      // The dialog closed, so the notice is on top, not under its backdrop.
      await dialog.waitFor({ state: 'hidden' });
      expect(await notice(page, 'saved on this phone').evaluate(isOnTop)).toBe(true);
      expect(await rowsOf('tractor-orders', name)).toEqual([]);
    } finally {
      await page.context().setOffline(false);
    }
    await notice(page, 'has been sent').waitFor({ timeout: 15_000 });
    await expect.poll(() => rowsOf('tractor-orders', name), { timeout: 15_000 }).toHaveLength(1);
    expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  test('a connection that drops after the API took the order but before its answer: sent again by itself, still one row', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'en');
    const name = uniqueName('Amina Saidi');
    const dialog = await fillTractorOrder(page, name);
    // A farmer takes longer than the minimum fill time; this route goes around the browser's own pacing.
    await page.waitForTimeout(minimumFillMs);
    let dropped = 0;
    await page.route('**/api/forms/*/submissions', async (route) => {
      if (dropped++ > 0) return route.continue();
      // The order reaches the API; its answer is lost on the way back.
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await dialog.getByRole('button', { name: 'Send Order' }).click();
    await notice(page, 'saved on this phone').waitFor();
    await notice(page, 'has been sent').waitFor({ timeout: 30_000 });
    expect(dropped).toBe(2);
    await expect.poll(() => rowsOf('tractor-orders', name), { timeout: 15_000 }).toHaveLength(1);
    // The delivery runs every few seconds: a second row would have come by now.
    await page.waitForTimeout(5_000);
    expect(await rowsOf('tractor-orders', name)).toHaveLength(1);
  }, 60_000);

  test('with photos, after the tab was closed: the next visit uploads them and sends the order once', async () => {
    const first = await visit(env.browser, env.stack.siteUrl, `/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`, 'en');
    const name = uniqueName('Rachid Ouali');
    await first.page.getByLabel('Part name').fill('Hydraulic pump');
    await first.page.getByLabel('Full name').fill(name);
    await first.page.getByLabel('Phone').fill('0555 11 22 33');
    await first.page.getByLabel('Wilaya (province)').selectOption('Batna');
    await first.page.getByLabel('Part location').selectOption('Engine');
    await first.page.getByLabel('Tractor year').fill('2012');
    await first.page.locator('input[type=file]').setInputFiles([
      { name: 'pump.png', mimeType: 'image/png', buffer: smallPng },
      { name: 'plate.png', mimeType: 'image/png', buffer: smallPng },
    ]);
    // A farmer takes longer than the minimum fill time, also when the order leaves only on the next visit.
    await first.page.waitForTimeout(minimumFillMs);
    await first.page.context().setOffline(true);
    try {
      await first.page.getByRole('button', { name: 'Send Order' }).click();
      await notice(first.page, 'saved on this phone').waitFor();
      await first.page.close();
    } finally {
      await first.page.context().setOffline(false);
    }
    expect(await rowsOf('part-wheeled-tractor', name)).toEqual([]);

    const next = await visit(env.browser, env.stack.siteUrl, '/', 'en');
    await notice(next.page, 'has been sent').waitFor({ timeout: 15_000 });
    await expect.poll(() => rowsOf('part-wheeled-tractor', name), { timeout: 15_000 }).toHaveLength(1);
    const [row] = await rowsOf('part-wheeled-tractor', name);
    expect(row!.join(' ').match(/\/photos\/[0-9a-f-]{36}\/images-[12]\.\w+/g)).toHaveLength(2);
  });
});
