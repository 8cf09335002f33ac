import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { equipmentCategories } from '../../shared/catalogue/equipment';
import { nonWheeledTractorBrands } from '../../shared/catalogue/non-wheeled-tractors';
import { equipmentCategoryPath, sparePartSectionPath } from '../../shared/catalogue/paths';
import { browserEnvironment } from '../support/environment';
import { card, visit } from '../support/visit';

/**
 * Until an entry has a photo, the site shows a drawing of its own kind: a
 * crawler is not drawn as a wheeled tractor, nor a sprayer as a rake. The
 * drawing is a file of the site, loaded under the page's policy.
 */

const env = browserEnvironment();

/** The drawing in an entry's card: its address, once it is loaded and drawn (a file refused or missing has no width). */
async function drawingOfCard(entry: Locator): Promise<string> {
  const drawing = entry.getByRole('img', { name: /Photo à venir/ }).locator('img');
  await drawing.scrollIntoViewIfNeeded();
  await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return (await drawing.getAttribute('src'))!;
}

describe('drawings by kind on the public site', () => {
  test('a sprayer and a crawler tractor, neither with a photo, show different drawings (French)', async () => {
    const sprayers = equipmentCategories.find((category) => category.id === 'moussem-el-rach')!;
    const sprayer = sprayers.items[0]!;
    const crawler = nonWheeledTractorBrands[0]!;
    expect(sprayer.image).toBeUndefined();
    expect(crawler.image).toBeUndefined();

    const equipment = await visit(env.browser, env.stack.siteUrl, equipmentCategoryPath(sprayers.id), 'fr');
    const sprayerDrawing = await drawingOfCard(card(equipment.page, sprayer.name.fr));
    const parts = await visit(env.browser, env.stack.siteUrl, sparePartSectionPath('tracteurs-sans-roues'), 'fr');
    const crawlerDrawing = await drawingOfCard(card(parts.page, crawler.name.fr));

    expect(sprayerDrawing).toBe('/drawings/sprayer.svg');
    expect(crawlerDrawing).toBe('/drawings/crawler-tractor.svg');
    expect(equipment.errors).toEqual([]);
    expect(parts.errors).toEqual([]);
  });

  test('on the home page, the drawings below the first card are fetched after the first paint, and shown (French)', async () => {
    const home = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    const categoryCards = home.page.locator('#products li');
    expect(await categoryCards.count()).toBe(5);
    const shown = [];
    for (const category of (await categoryCards.all()).slice(1)) shown.push(await drawingOfCard(category));
    expect(shown).toEqual(['/drawings/part.svg', '/drawings/soil-tool.svg', '/drawings/other-tool.svg', '/drawings/part.svg']);

    // Fetched beside the font the first paint waits for, they delayed it (Lighthouse counts them before the largest paint).
    const { firstPaint, drawingsFetchedAt } = await home.page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      drawingsFetchedAt: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/drawings/'))
        .map((entry) => entry.startTime),
    }));
    expect(firstPaint).toBeGreaterThan(0);
    expect(drawingsFetchedAt.length).toBeGreaterThanOrEqual(3);
    for (const fetchedAt of drawingsFetchedAt) expect(fetchedAt).toBeGreaterThan(firstPaint!);
    expect(home.errors).toEqual([]);
  });
});
