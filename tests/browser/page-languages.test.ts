import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { languageCookie } from '../../shared/page-language';
import { browserEnvironment } from '../support/environment';
import { forgetLanguageChoice, visit, waitForHydration } from '../support/visit';

/**
 * A page per language, as a visitor meets it: the switch goes to the same
 * page in the other language, once the scripts run (no reload) and before
 * they have (a plain link the server answers); a stored choice opens the
 * visitor's language first, never another one; a choice kept by an earlier
 * version of the site moves to the cookie without changing the page shown.
 */

const env = browserEnvironment();

const formPath = '/forms/part-truck?truckBrand=Toyota';
const formTitles = { ar: 'طلب قطعة غيار شاحنة', fr: 'Commander une pièce de camion', en: 'Order a truck spare part' };

async function storedChoice(page: Page) {
  return (await page.context().cookies(env.stack.siteUrl)).find((cookie) => cookie.name === languageCookie);
}

/** The stored choice as the browser keeps it: the language, on every page, for a year. */
async function expectStoredChoice(page: Page, language: string) {
  const cookie = await storedChoice(page);
  expect(cookie).toMatchObject({ value: language, path: '/', sameSite: 'Lax' });
  const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600;
  expect(Math.abs(cookie!.expires - yearFromNow)).toBeLessThan(120);
}

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

describe('the language switch', () => {
  test('goes to the same page in the other language without a reload, keeping its query, storing the choice', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, formPath, 'fr');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const english = page.getByRole('group', { name: 'Langue' }).getByRole('link', { name: 'English' });
    await expect.poll(() => english.getAttribute('href')).toBe('/en/forms/part-truck?truckBrand=Toyota&lang=en');
    expect(await page.getByRole('link', { name: 'Français' }).getAttribute('aria-current')).toBe('true');

    await english.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(formTitles.en);
    expect(pathAndQuery(page)).toBe('/en/forms/part-truck?truckBrand=Toyota');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    expect(await page.title()).toBe(`${formTitles.en} | Agricultural Parts and Equipment`);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/en\/forms\/part-truck$/);
    await expect.poll(() => page.locator('#root_truckBrand').inputValue()).toBe('Toyota');
    expect(await page.locator('header a[href="/en/tracteurs"], footer a[href="/en/tracteurs"]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await expectStoredChoice(page, 'en');

    // Into Arabic, right to left, then back through the browser's history.
    await page.getByRole('link', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(pathAndQuery(page)).toBe('/forms/part-truck?truckBrand=Toyota');
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(formTitles.en);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('works before the page’s scripts have run: the link’s ?lang= is stored by the server, which opens the clean address', async () => {
    const { page, errors } = await env.browser.newPage();
    await forgetLanguageChoice(page);
    // A slow line: the scripts never arrive while the farmer reads and taps.
    await page.route(/\/assets\/.+\.js$/, () => undefined);
    await page.goto(`${env.stack.siteUrl}/fr${formPath}#details`, { waitUntil: 'domcontentloaded' });
    const documents: string[] = [];
    page.on('response', (response) => {
      if (response.request().isNavigationRequest()) documents.push(`${response.status()} ${new URL(response.url()).pathname}${new URL(response.url()).search}`);
    });

    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${env.stack.siteUrl}/en${formPath}#details`, { waitUntil: 'domcontentloaded' });
    expect(documents).toEqual(['302 /en/forms/part-truck?truckBrand=Toyota&lang=en', '200 /en/forms/part-truck?truckBrand=Toyota']);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(formTitles.en);
    await expectStoredChoice(page, 'en');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('on a page that does not exist, keeps the visitor on it and its links in the language', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/pas-de-page-ici', 'en');
    await expect.poll(() => page.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe('/fr/pas-de-page-ici?lang=fr');
    expect(await page.getByRole('main').getByRole('link').getAttribute('href')).toBe('/en');
    await page.getByRole('link', { name: 'Français' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    expect(new URL(page.url()).pathname).toBe('/fr/pas-de-page-ici');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a returning visitor', () => {
  test('whose stored choice is French gets the French page first, never the Arabic one', async () => {
    const { page, errors } = await env.browser.newPage();
    await page.context().addCookies([{ name: languageCookie, value: 'fr', url: env.stack.siteUrl }]);
    const committed: string[] = [];
    await page.exposeBinding('documentCommitted', (_source, record: string) => void committed.push(record));
    // Every document that commits names its language as soon as its <html> exists, before anything is painted.
    await page.addInitScript(() => {
      const report = () =>
        (window as unknown as { documentCommitted(record: string): void }).documentCommitted(`${location.pathname} ${document.documentElement.lang}`);
      if (document.documentElement) return report();
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        observer.disconnect();
        report();
      }).observe(document, { childList: true });
    });

    const response = await page.goto(`${env.stack.siteUrl}/tracteurs`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${env.stack.siteUrl}/tracteurs`);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tracteurs');
    expect(committed).toEqual(['/fr/tracteurs fr']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('whose choice an earlier version kept on the phone keeps the page shown; the choice is then in the cookie', async () => {
    const { page, errors } = await env.browser.newPage();
    await forgetLanguageChoice(page);
    await page.goto(`${env.stack.siteUrl}/robots.txt`);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));

    await page.goto(`${env.stack.siteUrl}/tracteurs`);
    await waitForHydration(page);
    await expect.poll(() => storedChoice(page).then((cookie) => cookie?.value)).toBe('en');
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).toEqual(['ar', null]);
    expect(new URL(page.url()).pathname).toBe('/tracteurs');

    await page.goto(`${env.stack.siteUrl}/tracteurs`);
    expect(new URL(page.url()).pathname).toBe('/en/tracteurs');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);
    await forgetLanguageChoice(page);
    await page.close();
  });
});
