import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Localized } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { equipmentCategories, soilPreparation } from '../../shared/catalogue/equipment';
import { anyOrderReference, writtenRows } from '../support/sheets';
import {
  card,
  cardLinkHref,
  cardNames,
  categoryNotFound,
  closeDialog,
  expectFixedField,
  expectFreeField,
  expectPageTitle,
  languages,
  openOrder,
  orderButtons,
  orderLabel,
  orderSentText,
  sendLabel,
  unavailableLabel,
  unavailableLabels,
  visit,
} from '../support/visit';
import { browserEnvironment } from '../support/environment';

/**
 * A visitor walks the agricultural-equipment pages in real Chromium against
 * the local stack: the hub, the five pages in three languages, every Order
 * button's form, one full order to the sheet, unknown pages.
 */

const env = browserEnvironment();

const open = (path: string, language: 'ar' | 'fr' | 'en') => visit(env.browser, env.stack.siteUrl, path, language);

/** What the specification lists on each page (English names), available or not, and the field the item fills. */
const expected: Record<string, { available: string[]; unavailable: string[]; field: string }> = {
  'moussem-el-harth': {
    available: [
      '2-share plow',
      '3-share plow',
      'Disc plow 7/14 discs',
      'Disc plow 8/16 discs',
      'Disc plow 10/20 discs',
      '2-disc plow',
      '3-disc plow',
      '5-tooth chisel',
      '7-tooth chisel',
      '9-tooth cultivator',
      '11-tooth cultivator',
    ],
    unavailable: [],
    field: 'itemName',
  },
  'moussem-el-zar3': { available: ['Fertilizer and seeder spreader'], unavailable: [], field: 'itemName' },
  'moussem-el-rach': {
    available: ['600L mounted sprayer', '400L mounted sprayer'],
    unavailable: ['1000L trailed sprayer', '400L atomizer', '1000L atomizer'],
    field: 'itemName',
  },
  'moussem-el-hassad': { available: ['Binder', 'Mower'], unavailable: ['Rake'], field: 'partName' },
  autres: { available: ['Crusher', '4t/5t Trailers', 'Tank', 'Crane', 'Auger', 'Rotavator'], unavailable: [], field: 'machineName' },
};

const orderOtherEquipment: Localized = { ar: 'اطلب معدات أخرى', fr: 'Commander un autre équipement', en: 'Order other equipment' };

describe('agricultural equipment', () => {
  test('the hub links to the five pages, in each language', async () => {
    const titles: Localized = { ar: 'العتاد الفلاحي', fr: 'Matériel agricole', en: 'Agricultural equipment' };
    for (const language of languages) {
      const visited = await open('/materiel-agricole', language);
      const { page, errors } = visited;
      await expectPageTitle(visited, titles[language]);
      expect(await cardNames(page)).toEqual(equipmentCategories.map((category) => category.name[language]));
      const hrefs = await page.locator('main li a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(Object.keys(expected).map((id) => pathInLanguage(`/materiel-agricole/${id}`, language)));
      expect(
        await page
          .getByRole('link', { name: { ar: 'العودة إلى الرئيسية', fr: "Retour à l'accueil", en: 'Back to home' }[language] })
          .getAttribute('href'),
      ).toBe(pathInLanguage('/', language));
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('each page lists its items with their availability, in each language, and every sampled Order opens its form with the item fixed', async () => {
    for (const category of equipmentCategories) {
      const spec = expected[category.id]!;
      for (const language of languages) {
        const visited = await open(`/materiel-agricole/${category.id}`, language);
        const { page, errors } = visited;
        await expectPageTitle(visited, category.title![language]);
        expect(
          await page
            .getByRole('link', {
              name: { ar: 'العودة إلى العتاد الفلاحي', fr: 'Retour au matériel agricole', en: 'Back to agricultural equipment' }[language],
            })
            .getAttribute('href'),
        ).toBe(pathInLanguage('/materiel-agricole', language));
        expect(await orderButtons(visited).count()).toBe(spec.available.length);
        expect(await unavailableLabels(visited).count()).toBe(spec.unavailable.length);

        const items = category.items;
        // The page shows exactly the specified items (by their English names), each with its availability.
        expect(items.map((item) => item.name.en).sort()).toEqual([...spec.available, ...spec.unavailable].sort());
        expect(await cardNames(page)).toEqual(items.map((item) => item.name[language]));
        for (const item of items) {
          const itemCard = card(page, item.name[language]);
          const isAvailable = spec.available.includes(item.name.en);
          expect(await itemCard.getByRole('button', { name: `${orderLabel[language]} ${item.name[language]}` }).count()).toBe(
            isAvailable ? 1 : 0,
          );
          expect(await itemCard.getByText(unavailableLabel[language], { exact: true }).count()).toBe(isAvailable ? 0 : 1);
        }

        // The first and the last orderable item: the modal is titled with the item, which is fixed in the form, in the visitor's language.
        const available = items.filter((item) => item.available);
        for (const item of new Set([available[0]!, available.at(-1)!])) {
          const button = card(page, item.name[language]).getByRole('button');
          const dialog = await openOrder(page, button, item.name[language]);
          await expectFixedField(dialog, spec.field, item.name[language]);
          await closeDialog(page);
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  test('every Order button of the soil preparation page opens the form with its item, read-only', async () => {
    const { page, errors } = await open('/materiel-agricole/moussem-el-harth', 'fr');
    for (const item of soilPreparation.items) {
      const dialog = await openOrder(page, page.getByRole('button', { name: `Commander ${item.name.fr}`, exact: true }), item.name.fr);
      await expectFixedField(dialog, 'itemName', item.name.fr);
      await closeDialog(page);
    }
    expect(errors).toEqual([]);
  });

  test('the item reads in the visitor\'s language in the form, and the sheet row keeps its French name', async () => {
    const binder: Localized = { ar: 'حاصدة رابطة', fr: 'Moissonneuse-lieuse', en: 'Binder' };
    for (const language of languages) {
      const { page, errors } = await open('/materiel-agricole/moussem-el-hassad', language);
      const dialog = await openOrder(page, card(page, binder[language]).getByRole('button'), binder[language]);
      await expectFixedField(dialog, 'partName', binder[language]);
      const name = `Farid ${language} ${randomUUID().slice(0, 6)}`;
      await dialog.locator('#root_fullName').fill(name);
      await dialog.locator('#root_wilaya').selectOption('Batna');
      await dialog.locator('#root_phone').fill('0661 22 33 44');
      await dialog.getByRole('button', { name: sendLabel[language] }).click();
      await page.getByRole('status').filter({ hasText: orderSentText[language] }).waitFor();
      const rows = await writtenRows(env.stack.sheetsDir, 'equipment-harvesting', (row) => row.includes(name));
      expect(rows.map((row) => row[0])).toEqual(['Moissonneuse-lieuse']);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('an order in Arabic: the green banner shows and one row reaches the spraying sheet', async () => {
    const { page, errors } = await open('/materiel-agricole/moussem-el-rach', 'ar');
    const dialog = await openOrder(page, page.getByRole('button', { name: 'اطلب الآن رشاش محمول 400 لتر' }), 'رشاش محمول 400 لتر');
    const name = `سليمة ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('الاسم الكامل').fill(name);
    await dialog.getByLabel('الولاية').selectOption('Tlemcen');
    await dialog.getByLabel('رقم الهاتف').fill('0661 22 33 44');
    await dialog.getByRole('button', { name: sendLabel.ar }).click();

    await page.getByRole('status').filter({ hasText: orderSentText.ar }).waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    const rows = await writtenRows(env.stack.sheetsDir, 'equipment-spraying', (row) => row.includes(name));
    expect(rows).toEqual([['Pulvérisateur porté 400L', name, 'Tlemcen', '0661 22 33 44', expect.stringMatching(/^\d{4}-\d\d-\d\dT/), anyOrderReference]]);
    // The banner stays once set, also after another modal is opened and closed.
    await openOrder(page, page.getByRole('button', { name: 'اطلب الآن رشاش محمول 600 لتر' }), 'رشاش محمول 600 لتر');
    await closeDialog(page);
    expect(await page.getByRole('status').filter({ hasText: orderSentText.ar }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('"Order other equipment" on the other-tools page opens the free form with nothing fixed', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { page } = await open('/materiel-agricole/autres', language);
      const dialog = await openOrder(
        page,
        page.getByRole('button', { name: orderOtherEquipment[language], exact: true }),
        orderOtherEquipment[language],
      );
      await expectFreeField(dialog, 'machineName');
      expect(await dialog.locator('#root_images').count()).toBe(1);
      await closeDialog(page);
      await page.close();
    }
  });

  test('an unknown equipment page says "Category not found" in each language, with the way back', async () => {
    for (const language of languages) {
      const visited = await open('/materiel-agricole/moussem-el-ghalat', language);
      await expectPageTitle(visited, categoryNotFound[language]);
      const back = visited.page.locator(`main a[href="${pathInLanguage('/materiel-agricole', language)}"]`);
      expect(await back.count()).toBeGreaterThan(0);
      expect(visited.errors).toEqual([]);
      await visited.page.close();
    }
  });

  test('the hub cards lead to their pages', async () => {
    const { page } = await open('/materiel-agricole', 'en');
    expect(await cardLinkHref(page, 'Harvesting', 'Browse')).toBe('/en/materiel-agricole/moussem-el-hassad');
    await card(page, 'Harvesting').getByRole('link').click();
    await page.waitForURL('**/en/materiel-agricole/moussem-el-hassad');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Harvesting equipment');
  });
});
