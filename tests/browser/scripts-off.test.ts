import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { languages, type Language } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { browserEnvironment } from '../support/environment';
import { forgetLanguageChoice, siteTitle } from '../support/visit';

/**
 * A phone with scripts off (or a browser that cannot run them): every page
 * shows its prerendered content in its language, says that ordering needs
 * JavaScript (with the dealer's phone), and no "Loading…" waits forever; an
 * address without a page says so, with its own title.
 */

const env = browserEnvironment({ javaScriptEnabled: false });

const ordering = {
  ar: 'لتقديم طلب، فعّل JavaScript في متصفحك، أو اتصل بنا:',
  fr: 'Pour commander, activez JavaScript dans votre navigateur, ou appelez-nous :',
  en: 'To order, turn on JavaScript in your browser, or call us:',
};
const loading = { ar: 'جاري التحميل...', fr: 'Chargement...', en: 'Loading...' };
const notFound = { ar: 'الصفحة غير موجودة', fr: 'Page introuvable', en: 'Page not found' };

async function withoutScripts(): Promise<{ page: Page; errors: string[] }> {
  const opened = await env.browser.newPage();
  await forgetLanguageChoice(opened.page);
  await opened.page.setViewportSize({ width: 360, height: 640 });
  return opened;
}

const open = async (page: Page, path: string, language: Language) => page.goto(`${env.stack.siteUrl}${pathInLanguage(path, language)}`);

describe('with scripts off', () => {
  test.each(languages)('pages show their content and say ordering needs JavaScript, with the phone (%s, 360 px)', async (language) => {
    const { page } = await withoutScripts();
    await open(page, '/tracteurs', language);
    expect(await page.evaluate(() => Object.keys(document).some((key) => key.startsWith('_reactListening')))).toBe(false);
    expect(await page.locator('main li h2').count()).toBe(4);
    // Playwright's text search skips <noscript>: the notice is found by its place.
    const notice = () => page.locator('main noscript p');
    expect(await notice().isVisible()).toBe(true);
    expect(await notice().innerText()).toContain(ordering[language]);
    expect(await page.locator('main a[href^="tel:"]').first().getAttribute('href')).toBe('tel:+21336000000');

    // A model page: its heading and the notice where its form would be; no "Loading…" forever.
    await open(page, '/pieces-detachees/sonalika/di75-4x2', language);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await notice().isVisible()).toBe(true);
    expect(await page.getByText(loading[language], { exact: true }).isVisible()).toBe(false);
  });

  test('the home page shows the drawing of each category without a photo (French, 360 px)', async () => {
    const { page } = await withoutScripts();
    await open(page, '/', 'fr');
    const drawings = page.locator('#products li img');
    expect(await drawings.count()).toBe(4);
    for (const drawing of await drawings.all()) {
      await drawing.scrollIntoViewIfNeeded();
      await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    }
  });

  test.each(languages)('an address without a page answers 404 with the not-found page, its title in its language (%s)', async (language) => {
    const { page } = await withoutScripts();
    const response = await open(page, '/pieces-detachees/sonalika/di999', language);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe(`${notFound[language]} | ${siteTitle[language]}`);
    expect(await page.getByRole('heading', { level: 1, name: notFound[language] }).isVisible()).toBe(true);
    expect(await page.getByText(loading[language], { exact: true }).count()).toBe(0);
  });
});
