import { describe, expect, test } from 'vitest';
import { engineCategories } from '../../shared/catalogue/engines';
import { equipmentCategories } from '../../shared/catalogue/equipment';
import { farmPartCategories } from '../../shared/catalogue/farm-parts';
import { nonWheeledTractorBrands } from '../../shared/catalogue/non-wheeled-tractors';
import { customModelId, wheeledBrandPath, wheeledModelPath } from '../../shared/catalogue/paths';
import { sparePartSections } from '../../shared/catalogue/spare-part-hub';
import { truckBrands } from '../../shared/catalogue/trucks';
import { wheeledTractorBrands } from '../../shared/catalogue/wheeled-tractors';
import { catalogueText } from '../../shared/content/catalogue-text';
import { pathInLanguage } from '../../shared/page-language';
import { browserEnvironment } from '../support/environment';
import { cardNames, languages, visit } from '../support/visit';

/**
 * The lists a farmer picks from (sections, brands, models) at 360 × 640 in
 * the three languages: the longest of the catalogue is seen whole within two
 * screens, each of its items still a link to its page, big enough to tap,
 * with nothing wider than the phone.
 */

const env = browserEnvironment();

const phone = { width: 360, height: 640 };

/** Every list of sections, brands or models the catalogue has, by its number of items. */
const listLengths = [
  sparePartSections.length,
  wheeledTractorBrands.length,
  nonWheeledTractorBrands.length,
  truckBrands.length,
  engineCategories.length,
  farmPartCategories.length,
  equipmentCategories.length,
  ...nonWheeledTractorBrands.map((brand) => brand.models.length),
  ...truckBrands.map((brand) => brand.models.length),
  ...engineCategories.map((category) => category.models.length),
];

// A wheeled-tractor brand's page lists its models and one "Other model" card.
const longest = wheeledTractorBrands.reduce((most, brand) => (brand.models.length > most.models.length ? brand : most));
const longestItems = [
  ...longest.models.map((model) => ({ name: model.name, to: wheeledModelPath(longest.id, model.id) })),
  { name: catalogueText.otherModel, to: wheeledModelPath(longest.id, customModelId) },
];

describe('lists to pick from, on a phone', () => {
  test('the longest list is a wheeled-tractor brand’s models', () => {
    expect(longestItems.length).toBeGreaterThan(Math.max(...listLengths));
  });

  test.each(languages)('the longest list (%s, 360 × 640) ends within two screens of its top, every item a link to its page', async (language) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, wheeledBrandPath(longest.id), language);
    await page.setViewportSize(phone);
    const list = page.getByRole('main').locator('ul').first();
    const items = list.locator(':scope > li');

    expect(await cardNames(page)).toEqual(longestItems.map(({ name }) => name[language]));
    const [top, lastBottom] = await list.evaluate((element) => [
      element.getBoundingClientRect().top,
      element.lastElementChild!.getBoundingClientRect().bottom,
    ]);
    expect(lastBottom - top, `the list's height in ${language}`).toBeLessThanOrEqual(2 * phone.height);

    for (const [index, { to }] of longestItems.entries()) {
      const links = items.nth(index).getByRole('link');
      expect(await links.count()).toBe(1);
      expect(await links.getAttribute('href')).toBe(pathInLanguage(to, language));
      const box = (await links.boundingBox())!;
      expect(box.height, `tap target of item ${index + 1}`).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    // No sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // The picture is at the start of its row: on the right in Arabic, on the left in French and English.
    const first = items.first();
    const [picture, name] = [(await first.locator('[role=img], img').first().boundingBox())!, (await first.locator('h2').boundingBox())!];
    if (language === 'ar') expect(picture.x).toBeGreaterThan(name.x);
    else expect(picture.x).toBeLessThan(name.x);

    // A tap on the last item opens its page.
    await items.last().getByRole('link').click();
    await page.waitForURL(`**${pathInLanguage(longestItems.at(-1)!.to, language)}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
