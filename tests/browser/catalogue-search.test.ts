import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserEnvironment } from '../support/environment';
import { expectFixedField, visit } from '../support/visit';

/**
 * The catalogue search at 360 px, in the header and on the spare-parts hub:
 * what a farmer types with another spelling (a letter wrong, another Arabic
 * letter form, Arabic-Indic digits, the Latin name on the Arabic page)
 * reaches the model's page and its order form; a tractor's result opens its
 * order form; once loaded, it answers with no network.
 */

const env = browserEnvironment();

const searchLabel = { ar: 'ابحث في الكتالوج', fr: 'Rechercher dans le catalogue', en: 'Search the catalogue' };
const openSearch = { ar: 'بحث', fr: 'Rechercher', en: 'Search' };

async function searchFromHeader(page: Page, language: 'ar' | 'fr' | 'en') {
  await page.locator('header').getByRole('button', { name: openSearch[language], exact: true }).click();
  return page.locator('header').getByRole('searchbox', { name: searchLabel[language] });
}

const results = (page: Page, scope = 'header') => page.locator(`${scope} [role=search] li a`);

describe('catalogue search', () => {
  test('Arabic, on the spare-parts hub: another letter form and Arabic-Indic digits reach the model page and its form', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/pieces-detachees', 'ar');
    await page.setViewportSize({ width: 360, height: 640 });
    const scripts: string[] = [];
    page.on('request', (request) => /search-engine|search-index/.test(request.url()) && scripts.push(request.url()));
    const field = page.getByRole('main').getByRole('searchbox', { name: searchLabel.ar });
    // Nothing of the search is loaded until the field is used.
    expect(scripts).toEqual([]);
    await field.fill('ماسى فيرجسون ٤٤٠');
    const found = results(page, 'main');
    await expect.poll(() => found.first().innerText(), { timeout: 15_000 }).toContain('ماسي فيرغسون MF440');
    expect(scripts.some((url) => url.endsWith('/search-index.json'))).toBe(true);
    await found.first().click();
    await page.waitForURL('**/pieces-detachees/massey-ferguson/mf440');
    await expectFixedField(page.getByRole('main'), 'tractorName', 'ماسي فيرغسون MF440');
    expect(errors).toEqual([]);
  });

  test('Arabic page, Latin name: a model is found by its Latin name too, and shown in Arabic', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/', 'ar');
    await page.setViewportSize({ width: 360, height: 640 });
    const field = await searchFromHeader(page, 'ar');
    await field.fill('sonalika di 60');
    await expect.poll(() => results(page).first().innerText(), { timeout: 15_000 }).toContain('سوناليكا DI60');
    await results(page).first().click();
    await page.waitForURL('**/pieces-detachees/sonalika/di60');
    await expectFixedField(page.getByRole('main'), 'tractorName', 'سوناليكا DI60');
    expect(await page.locator('header [role=search]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('French, in the header: a word spelled wrong reaches the model page and its form', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'fr');
    await page.setViewportSize({ width: 360, height: 640 });
    const field = await searchFromHeader(page, 'fr');
    await field.fill('deuts agrolux');
    await expect.poll(() => results(page).first().innerText(), { timeout: 15_000 }).toContain('Deutz Agroluxe');
    await results(page).first().click();
    await page.waitForURL('**/fr/pieces-detachees/deutz/deutz-agroluxe');
    await expectFixedField(page.getByRole('main'), 'tractorName', 'Deutz Agroluxe');
    expect(errors).toEqual([]);
  });

  test('English: a tractor’s result opens its order form; once loaded, the search answers offline', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/', 'en');
    await page.setViewportSize({ width: 360, height: 640 });
    const field = await searchFromHeader(page, 'en');
    // The new tractor and the Sonalika model of the same name, for its spare parts.
    const tractor = results(page).filter({ hasText: '90 Worldtrack 4x4' });
    await field.fill('worldtrak 90');
    await tractor.waitFor({ timeout: 15_000 });

    await page.context().setOffline(true);
    try {
      await field.fill('massey fergusson');
      await expect.poll(() => results(page).first().innerText()).toContain('Massey Ferguson');
      await field.fill('worldtrak 90');
      await tractor.waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    await tractor.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Model').inputValue(), { timeout: 15_000 }).toBe('90 Worldtrack 4x4');
    // The address no longer asks for the form: closed, it stays closed on a reload.
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#90-worldtrack-4x4');
    expect(errors).toEqual([]);
  });

  test('an equipment item’s result opens its order form on its page', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/pieces-detachees', 'fr');
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByRole('main').getByRole('searchbox', { name: searchLabel.fr }).fill('charrue disques 8/16');
    const found = results(page, 'main');
    await expect.poll(() => found.first().innerText(), { timeout: 15_000 }).toContain('Charrue à disques 8/16');
    await found.first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('#root_itemName').inputValue(), { timeout: 15_000 }).toBe('Charrue à disques 8/16');
    expect(errors).toEqual([]);
  });
});
