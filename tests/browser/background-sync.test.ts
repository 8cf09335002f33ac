import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { CDPSession, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { minimumFillMs } from '../../shared/forms/anti-spam';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { sheetRows } from '../support/sheets';
import { addressIn, forgetLanguageChoice, visit, waitForHydration } from '../support/visit';

/**
 * Where the browser has Background Sync, an order kept on the phone leaves by
 * the service worker when the network returns, also with no page of the site
 * open, photos and all; the page and the worker never send it both; the next
 * visit tells the farmer it was sent.
 */

const env = browserEnvironment({ serviceWorkers: 'allow' });

const uniqueName = (base: string) => `${base} ${randomUUID().slice(0, 6)}`;
const notice = (page: Page, text: string) => page.locator('#outbox-notice[role=status]').filter({ hasText: text });
const rowsOf = async (name: string) => (await sheetRows(env.stack.sheetsDir, 'part-wheeled-tractor')).filter((row) => row.includes(name));

/** Every submission sent for this order, from a page or from the service worker. */
function countSubmissions(name: string) {
  const sent: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/submissions') && request.postData()?.includes(name)) {
      sent.push(request.serviceWorker() ? 'worker' : 'page');
    }
  };
  env.browser.context.on('request', onRequest);
  return { sent, stop: () => env.browser.context.off('request', onRequest) };
}

/** Opens the spare-part form with the service worker in charge, fills it, and sends it with no network: it waits in the outbox. */
async function queueOfflineOrder(name: string): Promise<Page> {
  const { page } = await visit(env.browser, env.stack.siteUrl, `/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`, 'en');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  await page.getByLabel('Part name').fill('Hydraulic pump');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone').fill('0555 11 22 33');
  await page.getByLabel('Wilaya (province)').selectOption('Batna');
  await page.getByLabel('Part location').selectOption('Engine');
  await page.getByLabel('Tractor year').fill('2012');
  // A farmer takes longer than the minimum fill time, also when the order leaves later.
  await page.waitForTimeout(minimumFillMs);
  await page.context().setOffline(true);
  // Picked with no network: the photos wait on the phone with the order.
  const png = await readFile(fixtureImages.png);
  await page.locator('input[type=file]').setInputFiles([
    { name: 'pump.png', mimeType: 'image/png', buffer: png },
    { name: 'plate.png', mimeType: 'image/png', buffer: png },
  ]);
  await page.getByRole('img', { name: 'Photo 2' }).waitFor();
  await page.getByRole('button', { name: 'Send Order' }).click();
  await notice(page, 'saved on this phone').waitFor();
  const tags = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
    return registration.sync.getTags();
  });
  expect(tags).toContain('send-outbox');
  return page;
}

/** Fires the outbox's sync through DevTools, as the browser does when the network returns (it may well have already). */
async function fireSync(cdp: CDPSession) {
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find(({ scopeURL }) => scopeURL.startsWith(env.stack.siteUrl))).toBeDefined();
  const { registrationId } = registrations.find(({ scopeURL }) => scopeURL.startsWith(env.stack.siteUrl))!;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: env.stack.siteUrl, registrationId, tag: 'send-outbox', lastChance: false });
}

describe('Background Sync', () => {
  test('after the tab was closed, the worker sends the order with its photos once the network is back; the next visit says it was sent', async () => {
    const name = uniqueName('Nadia Cherif');
    const submissions = countSubmissions(name);
    const page = await queueOfflineOrder(name);
    await page.close();
    // No page of the site is open from here on.
    const blank = await env.browser.context.newPage();
    try {
      await blank.waitForTimeout(1_000);
      expect(await rowsOf(name)).toEqual([]);
      await env.browser.context.setOffline(false);
      await fireSync(await env.browser.context.newCDPSession(blank));

      await expect.poll(() => rowsOf(name), { timeout: 20_000 }).toHaveLength(1);
      const [row] = await rowsOf(name);
      expect(row!.join(' ').match(/\/photos\/[0-9a-f-]{36}\/images-[12]\.\w+/g)).toHaveLength(2);
      // The delivery runs every few seconds: a second row would have come by now.
      await blank.waitForTimeout(5_000);
      expect(await rowsOf(name)).toHaveLength(1);
      expect(submissions.sent).toEqual(['worker']);
    } finally {
      submissions.stop();
      await env.browser.context.setOffline(false);
    }

    const next = await env.browser.newPage();
    await forgetLanguageChoice(next.page);
    await next.page.goto(addressIn(`${env.stack.siteUrl}/`, 'en'));
    await waitForHydration(next.page);
    await notice(next.page, 'has been sent').waitFor({ timeout: 15_000 });
    await expect.poll(() => next.page.evaluate(() => localStorage.getItem('outbox'))).toBeNull();
    expect(next.errors).toEqual([]);
  });

  test('with the page still open when the network returns, the page and the worker send the order only once between them', async () => {
    const name = uniqueName('Yacine Brahimi');
    const submissions = countSubmissions(name);
    const page = await queueOfflineOrder(name);
    try {
      await page.context().setOffline(false);
      await fireSync(await page.context().newCDPSession(page));
      await notice(page, 'has been sent').waitFor({ timeout: 20_000 });
      await expect.poll(() => rowsOf(name), { timeout: 15_000 }).toHaveLength(1);
      await page.waitForTimeout(5_000);
      expect(await rowsOf(name)).toHaveLength(1);
      expect(submissions.sent).toHaveLength(1);
    } finally {
      submissions.stop();
      await page.context().setOffline(false);
    }
  });
});
