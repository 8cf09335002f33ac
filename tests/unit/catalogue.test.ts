import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages, type Localized } from '../../shared/languages';
import { catalogueText, modelCount } from '../../shared/content/catalogue-text';
import { engineCategories, engineOrder, otherEngineOrder } from '../../shared/catalogue/engines';
import { equipmentCategories, harvesting, otherTools } from '../../shared/catalogue/equipment';
import { farmPartCategories } from '../../shared/catalogue/farm-parts';
import {
  nonWheeledTractorBrands,
  nonWheeledTractorOrder,
} from '../../shared/catalogue/non-wheeled-tractors';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import {
  cataloguePaths,
  customModelId,
  engineCategoryPath,
  equipmentCategoryPath,
  farmPartCategoryPath,
  nonWheeledBrandPath,
  sparePartSectionPath,
  truckBrandPath,
  wheeledBrandPath,
  wheeledModelPath,
} from '../../shared/catalogue/paths';
import { sparePartSections } from '../../shared/catalogue/spare-part-hub';
import { tractors } from '../../shared/catalogue/tractors';
import { otherTruckOrder, truckBrands, truckOrder } from '../../shared/catalogue/trucks';
import {
  categoryItemOrder,
  categoryOtherOrder,
  findById,
  findModel,
  orderName,
  orderValues,
  type Brand,
  type Category,
  type Item,
  type Model,
  type OrderForm,
  type Tractor,
} from '../../shared/catalogue/types';
import {
  otherTractorOrder,
  wheeledTractorBrands,
  wheeledTractorOrder,
} from '../../shared/catalogue/wheeled-tractors';
import { workingMachines } from '../../shared/catalogue/working-machines';

const must = <T>(value: T | undefined): T => {
  expect(value).toBeDefined();
  return value as T;
};
const ids = (list: { id: string }[]) => list.map((entry) => entry.id);

const categories: Category[] = [...equipmentCategories, workingMachines, ...farmPartCategories];
const brands = [...wheeledTractorBrands, ...nonWheeledTractorBrands, ...truckBrands];
const brandLists: [string, Brand[]][] = [
  ['wheeled tractors', wheeledTractorBrands],
  ['non-wheeled tractors', nonWheeledTractorBrands],
  ['trucks', truckBrands],
];
const modelLists: [string, Model[]][] = [
  ...brands.map((brand): [string, Model[]] => [`models of ${brand.id}`, brand.models]),
  ...engineCategories.map((category): [string, Model[]] => [`models of engine ${category.id}`, category.models]),
];
/** Every list whose ids must be unique URL segments. */
const idLists: [string, { id: string }[]][] = [
  ['tractors', tractors],
  ['equipment categories', equipmentCategories],
  ['spare-part sections', sparePartSections],
  ['engine categories', engineCategories],
  ['farm-part categories', farmPartCategories],
  ...brandLists,
  ...modelLists,
  ...categories.map((category): [string, Item[]] => [`items of ${category.id}`, category.items]),
];

/** Every localized text of the catalogue, labelled for failure messages. */
const texts: [string, Localized][] = [
  ...tractors.flatMap((tractor): [string, Localized][] => [
    [`tractor ${tractor.id}`, tractor.name],
    [`tractor ${tractor.id} description`, tractor.description],
    [`tractor ${tractor.id} availability`, tractor.availabilityStatus],
  ]),
  ...categories.flatMap((category) => [
    [`${category.id} name`, category.name] as [string, Localized],
    ...(category.title ? [[`${category.id} title`, category.title] as [string, Localized]] : []),
    ...category.items.flatMap((item) => [
      [`${category.id}/${item.id}`, item.name] as [string, Localized],
      ...(item.description ? [[`${category.id}/${item.id} description`, item.description] as [string, Localized]] : []),
    ]),
  ]),
  ...sparePartSections.map((section): [string, Localized] => [section.id, section.name]),
  ...brands.flatMap((brand) => [
    [brand.id, brand.name] as [string, Localized],
    ...brand.models.map((model): [string, Localized] => [`${brand.id}/${model.id}`, model.name]),
  ]),
  ...engineCategories.flatMap((category) => [
    [`engine ${category.id}`, category.name] as [string, Localized],
    [`engine ${category.id} title`, category.title] as [string, Localized],
    ...category.models.map((model): [string, Localized] => [`engine ${category.id}/${model.id}`, model.name]),
  ]),
  ...Object.entries(catalogueText),
];

/** Every order a catalogue screen can open, /tracteurs aside (its form takes the tractor's model). */
const orders: [string, OrderForm][] = [
  ...categories.flatMap((category) => [
    ...category.items.map((item): [string, OrderForm] => [`${category.id}/${item.id}`, categoryItemOrder(category, item)]),
    ...(category.otherFormId ? [[`${category.id} other`, must(categoryOtherOrder(category))] as [string, OrderForm]] : []),
  ]),
  ...wheeledTractorBrands.flatMap((brand) => [
    [brand.id, wheeledTractorOrder(brand)] as [string, OrderForm],
    ...brand.models.map((model): [string, OrderForm] => [`${brand.id}/${model.id}`, wheeledTractorOrder(brand, model)]),
  ]),
  ['another tractor', otherTractorOrder],
  ...nonWheeledTractorBrands.flatMap((brand) => [
    [`non-wheeled ${brand.id}`, nonWheeledTractorOrder(brand)] as [string, OrderForm],
    ...brand.models.map((model): [string, OrderForm] => [`non-wheeled ${brand.id}/${model.id}`, nonWheeledTractorOrder(brand, model)]),
  ]),
  ...truckBrands.flatMap((brand) => [
    [`truck ${brand.id}`, truckOrder(brand)] as [string, OrderForm],
    ...brand.models.map((model): [string, OrderForm] => [`truck ${brand.id}/${model.id}`, truckOrder(brand, model)]),
  ]),
  ['another truck', otherTruckOrder],
  ...engineCategories.flatMap((category) =>
    category.models.map((model): [string, OrderForm] => [`engine ${category.id}/${model.id}`, engineOrder(category, model)]),
  ),
  ['another engine', otherEngineOrder],
];

type Schema = { $id: string; properties?: Record<string, { 'x-context'?: boolean; maxLength?: number }> };
const schema = (formId: string): Schema =>
  JSON.parse(readFileSync(new URL(`../../form-schemas/${formId}.json`, import.meta.url), 'utf8')) as Schema;

/** What an order sends: its form and the French names of the item (the sheet's values). */
function sent(order: OrderForm) {
  return { formId: order.formId, context: orderValues(order.context) };
}

describe('every entry of the catalogue', () => {
  it.each(texts)('%s has a name in every language', (_label, text) => {
    for (const language of languages) expect(text[language].trim()).not.toBe('');
  });

  it.each(idLists)('%s have unique, lower-case, URL-safe ids', (_label, list) => {
    const listIds = ids(list);
    expect(new Set(listIds).size).toBe(listIds.length);
    for (const id of listIds) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('never uses "custom" as a model id', () => {
    expect(modelLists.flatMap(([, models]) => ids(models))).not.toContain(customModelId);
  });

  it.each(tractors.map((tractor): [string, Tractor] => [tractor.id, tractor]))('tractor %s has a price in whole dinars and a model the order form takes', (_id, tractor) => {
    expect(Number.isInteger(tractor.priceDzd) && tractor.priceDzd > 0, `${tractor.priceDzd}`).toBe(true);
    const field = schema('tractor-order').properties?.tractorModel;
    expect(field?.['x-context']).toBe(true);
    expect(tractor.model.trim()).not.toBe('');
    expect(tractor.model.length).toBeLessThanOrEqual(field?.maxLength ?? Infinity);
  });

  it.each(orders)('%s opens a form of form-schemas/ and fills only its context fields, within their length, named in every language', (_label, order) => {
    const form = schema(order.formId);
    expect(form.$id).toBe(order.formId);
    const properties = form.properties ?? {};
    for (const [field, name] of Object.entries(order.context)) {
      expect(properties[field]?.['x-context'], field).toBe(true);
      for (const language of languages) expect(name?.[language].length, `${field} in ${language}`).toBeGreaterThan(0);
      const value = orderValues(order.context)[field];
      expect(value?.length).toBeGreaterThan(0);
      expect(value?.length).toBeLessThanOrEqual(properties[field]?.maxLength ?? Infinity);
    }
  });

  it('orders a category page’s items with the item named in the page’s context field', () => {
    for (const category of categories.filter((category) => category.contextField)) {
      for (const item of category.items) {
        expect(categoryItemOrder(category, item).context, `${category.id}/${item.id}`).toEqual({ [category.contextField!]: item.name });
      }
    }
  });
});

describe('catalogue pages', () => {
  const paths = cataloguePaths(defaultCatalogue);

  it('has no duplicates, and only clean absolute paths', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/);
  });

  it('links every section, category and brand of the hubs to its page', () => {
    const pages = [
      ...equipmentCategories.map((category) => equipmentCategoryPath(category.id)),
      ...sparePartSections.map((section) => sparePartSectionPath(section.id)),
      ...wheeledTractorBrands.map((brand) => wheeledBrandPath(brand.id)),
      ...nonWheeledTractorBrands.map((brand) => nonWheeledBrandPath(brand.id)),
      ...engineCategories.map((category) => engineCategoryPath(category.id)),
      ...farmPartCategories.map((category) => farmPartCategoryPath(category.id)),
    ];
    expect(pages.filter((page) => !paths.includes(page))).toEqual([]);
  });

  it('gives every wheeled-tractor model its order page, and every brand the "custom" one (a model its list lacks)', () => {
    for (const brand of wheeledTractorBrands) {
      const modelIds = [...ids(brand.models), customModelId];
      for (const modelId of modelIds) expect(paths).toContain(wheeledModelPath(brand.id, modelId));
    }
  });

  it('gives a truck brand with models its page; one without opens the order form from its card', () => {
    for (const brand of truckBrands) {
      if (brand.models.length > 0) expect(paths).toContain(truckBrandPath(brand.id));
      else expect(brand.directOrder, brand.id).toBe(true);
    }
  });

  it('keeps wheeled brand pages apart from the hub pages under /pieces-detachees', () => {
    const sections = new Set(ids(sparePartSections));
    expect(wheeledTractorBrands.filter((brand) => sections.has(brand.id))).toEqual([]);
  });
});

describe('orders', () => {
  it('send the French name of the item to the dealer, and keep it in every language for the form to show', () => {
    expect(orderName({ ar: 'جزازة', fr: 'Faucheuse', en: 'Mower' })).toBe('Faucheuse');
    const sonalika = must(findById(wheeledTractorBrands, 'sonalika'));
    const order = wheeledTractorOrder(sonalika, findModel(sonalika, 'di75-4x4'));
    expect(order.context.tractorName).toEqual({ ar: 'سوناليكا DI75 4x4', fr: 'Sonalika DI75 4x4', en: 'Sonalika DI75 4x4' });
    expect(orderValues(order.context)).toEqual({ tractorName: 'Sonalika DI75 4x4' });
    const binder = must(harvesting.items.find((item) => item.id === 'lieuse'));
    expect(categoryItemOrder(harvesting, binder).context.partName?.en).toBe('Binder');
    expect(orderValues(categoryItemOrder(harvesting, binder).context)).toEqual({ partName: 'Moissonneuse-lieuse' });
  });

  it('open each equipment page’s own form, with its context field', () => {
    expect(equipmentCategories.map((category) => [category.id, category.formId, category.contextField])).toEqual([
      ['moussem-el-harth', 'equipment-soil-preparation', 'itemName'],
      ['moussem-el-zar3', 'equipment-planting', 'itemName'],
      ['moussem-el-rach', 'equipment-spraying', 'itemName'],
      ['moussem-el-hassad', 'equipment-harvesting', 'partName'],
      ['autres', 'equipment-other-tools', 'machineName'],
    ]);
    expect(categoryOtherOrder(otherTools)).toEqual({ formId: 'equipment-free-form', context: {} });
  });

  it('open each farm-equipment spare-parts page’s own form: the part name fixed, on the other page the machine', () => {
    expect(farmPartCategories.map((category) => [category.id, category.formId, category.contextField])).toEqual([
      ['ghiyar-harth', 'farm-parts-tillage', 'partName'],
      ['ghiyar-zar3', 'farm-parts-seeding', 'partName'],
      ['ghiyar-hassad', 'farm-parts-harvesting', 'partName'],
      ['ghiyar-dawaa', 'farm-parts-spraying', 'partName'],
      ['ghiyar-zira3i-akhar', 'farm-parts-other', 'machineName'],
    ]);
    const other = must(findById(farmPartCategories, 'ghiyar-zira3i-akhar'));
    expect(sent(categoryItemOrder(other, must(other.items[0])))).toEqual({ formId: 'farm-parts-other', context: { machineName: 'Broyeur' } });
  });

  it('send "Brand Model" for a wheeled tractor, or the brand alone', () => {
    const sonalika = must(findById(wheeledTractorBrands, 'sonalika'));
    expect(sent(wheeledTractorOrder(sonalika, findModel(sonalika, 'di75-4x4')))).toEqual({
      formId: 'part-wheeled-tractor',
      context: { tractorName: 'Sonalika DI75 4x4' },
    });
    const deutz = must(findById(wheeledTractorBrands, 'deutz'));
    expect(orderValues(wheeledTractorOrder(deutz, findModel(deutz, 'deutz-fahr')).context)).toEqual({ tractorName: 'Deutz Fahr' });
    expect(orderValues(wheeledTractorOrder(must(findById(wheeledTractorBrands, 'john-deere'))).context)).toEqual({ tractorName: 'John Deere' });
    expect(otherTractorOrder).toEqual({ formId: 'part-other-tractor', context: {} });
  });

  it('send "Fiat 8075" or the brand for a non-wheeled tractor; "Other tractor" opens the free-form form', () => {
    const fiat = must(findById(nonWheeledTractorBrands, 'fiat'));
    expect(sent(nonWheeledTractorOrder(fiat, findModel(fiat, '8075')))).toEqual({
      formId: 'part-non-wheeled-tractor',
      context: { tractorBrand: 'Fiat 8075' },
    });
    expect(orderValues(nonWheeledTractorOrder(must(findById(nonWheeledTractorBrands, 'tg50'))).context)).toEqual({ tractorBrand: 'TG50' });
    expect(sent(nonWheeledTractorOrder(must(findById(nonWheeledTractorBrands, 'other'))))).toEqual({ formId: 'part-order', context: {} });
  });

  it('send a truck’s brand and model apart', () => {
    const toyota = must(findById(truckBrands, 'toyota'));
    expect(sent(truckOrder(toyota, findModel(toyota, 'coaster')))).toEqual({
      formId: 'part-truck',
      context: { truckBrand: 'Toyota', truckModel: 'Coaster' },
    });
    expect(orderValues(truckOrder(must(findById(truckBrands, 'iveco'))).context)).toEqual({ truckBrand: 'Iveco' });
  });

  it('send "Deutz 913" for an engine; another machine or engine opens its page’s form without context', () => {
    const deutz = must(findById(engineCategories, 'deutz'));
    expect(sent(engineOrder(deutz, must(findModel(deutz, '913'))))).toEqual({ formId: 'part-engine', context: { engineModel: 'Deutz 913' } });
    expect(otherEngineOrder).toEqual({ formId: 'part-other-engine', context: {} });
    expect(sent(categoryItemOrder(workingMachines, must(workingMachines.items[0])))).toEqual({
      formId: 'part-working-machine',
      context: { machineName: 'Chariot élévateur Clark' },
    });
    expect(categoryOtherOrder(workingMachines)).toEqual({ formId: 'part-working-machine', context: {} });
  });
});

describe('finding entries', () => {
  it('finds no entry for an unknown or differently written id, and no model for "custom"', () => {
    expect(findById(wheeledTractorBrands, 'renault')).toBeUndefined();
    expect(findById(wheeledTractorBrands, undefined)).toBeUndefined();
    expect(findById(wheeledTractorBrands, 'Sonalika')).toBeUndefined();
    expect(findById(nonWheeledTractorBrands, 'sonalika')).toBeUndefined();
    expect(findById(truckBrands, 'volvo')).toBeUndefined();
    expect(findById(engineCategories, 'cummins')).toBeUndefined();
    expect(findById(farmPartCategories, 'ghiyar-moteur')).toBeUndefined();
    expect(findById(equipmentCategories, 'moussem-el-chta')).toBeUndefined();
    expect(findById(sparePartSections, 'bikes')).toBeUndefined();
    const sonalika = must(findById(wheeledTractorBrands, 'sonalika'));
    expect(findModel(sonalika, 'di99')).toBeUndefined();
    expect(findModel(sonalika, customModelId)).toBeUndefined();
    expect(findModel(sonalika, undefined)).toBeUndefined();
  });

  it('counts models in each language', () => {
    expect(modelCount(1)).toEqual({ ar: 'موديل واحد', fr: '1 modèle', en: '1 model' });
    expect(modelCount(2).ar).toBe('موديلان');
    expect(modelCount(5)).toEqual({ ar: '5 موديلات', fr: '5 modèles', en: '5 models' });
    expect(modelCount(11).ar).toBe('11 موديلًا');
  });
});
