import { describe, expect, test } from 'vitest';
import { browserEnvironment } from '../support/environment';
import { visit, waitForHydration } from '../support/visit';

/** The service worker keeps the shell, the fonts and the pages visited, so they open with no network. */

const env = browserEnvironment({ serviceWorkers: 'allow' });

describe('pages without a network', () => {
  test('a page visited once opens again offline, styled and working', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'en');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    // The worker keeps what the page loaded before it was there.
    await expect
      .poll(() => page.evaluate(async () => (await caches.open('assets-v1')).keys().then((keys) => keys.map((key) => key.url))))
      .toEqual(expect.arrayContaining([expect.stringMatching(/\/assets\/entry\.client-[\w-]+\.js$/), expect.stringMatching(/\.woff2$/)]));

    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Tractors' }).waitFor();
      await waitForHydration(page);
      expect(await page.getByRole('button', { name: /^Order / }).count()).toBe(4);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Cairo/);
    } finally {
      await page.context().setOffline(false);
    }
    expect(errors).toEqual([]);
  });
});
