import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages, type Localized } from '../../shared/languages';
import { catalogueText, modelCount } from '../../shared/content/catalogue-text';
import { engineCategories, engineOrder, otherEngineOrder } from '../../shared/catalogue/engines';
import {
  equipmentCategories,
  harvesting,
  otherTools,
  planting,
  soilPreparation,
  spraying,
} from '../../shared/catalogue/equipment';
import { farmPartCategories } from '../../shared/catalogue/farm-parts';
import {
  nonWheeledTractorBrands,
  nonWheeledTractorOrder,
} from '../../shared/catalogue/non-wheeled-tractors';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { cataloguePaths } from '../../shared/catalogue/paths';
import { sparePartSections } from '../../shared/catalogue/spare-part-hub';
import { otherTruckOrder, truckBrands, truckOrder } from '../../shared/catalogue/trucks';
import {
  catalogueFormIds,
  categoryItemOrder,
  categoryOtherOrder,
  customModelId,
  findById,
  findModel,
  orderName,
  orderValues,
  type Brand,
  type Category,
  type Item,
  type Model,
  type OrderForm,
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
const available = (items: Item[]) => items.filter((item) => item.available).map((item) => item.name.en);
const unavailable = (items: Item[]) => items.filter((item) => !item.available).map((item) => item.name.en);

const categories: Category[] = [...equipmentCategories, workingMachines, ...farmPartCategories];
const brandLists: [string, Brand[]][] = [
  ['wheeled tractors', wheeledTractorBrands],
  ['non-wheeled tractors', nonWheeledTractorBrands],
  ['trucks', truckBrands],
];
const modelLists: [string, Model[]][] = [
  ...[...wheeledTractorBrands, ...nonWheeledTractorBrands, ...truckBrands].map(
    (brand): [string, Model[]] => [`models of ${brand.id}`, brand.models],
  ),
  ...engineCategories.map((category): [string, Model[]] => [`models of engine ${category.id}`, category.models]),
];
/** Every list whose ids must be unique URL segments. */
const idLists: [string, { id: string }[]][] = [
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
  ...categories.flatMap((category) => [
    [`${category.id} name`, category.name] as [string, Localized],
    ...(category.title ? [[`${category.id} title`, category.title] as [string, Localized]] : []),
    ...category.items.flatMap((item) => [
      [`${category.id}/${item.id}`, item.name] as [string, Localized],
      ...(item.description ? [[`${category.id}/${item.id} description`, item.description] as [string, Localized]] : []),
    ]),
  ]),
  ...sparePartSections.map((section): [string, Localized] => [section.id, section.name]),
  ...[...wheeledTractorBrands, ...nonWheeledTractorBrands, ...truckBrands].flatMap((brand) => [
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

describe('agricultural equipment', () => {
  it('has the five pages of the hub, in order', () => {
    expect(ids(equipmentCategories)).toEqual([
      'moussem-el-harth',
      'moussem-el-zar3',
      'moussem-el-rach',
      'moussem-el-hassad',
      'autres',
    ]);
  });

  it('lists 11 soil preparation implements, all orderable', () => {
    expect(soilPreparation.items).toHaveLength(11);
    expect(unavailable(soilPreparation.items)).toEqual([]);
  });

  it('lists 5 spraying items, three of them unavailable', () => {
    expect(spraying.items).toHaveLength(5);
    expect(available(spraying.items)).toEqual(['600L mounted sprayer', '400L mounted sprayer']);
    expect(unavailable(spraying.items)).toEqual(['1000L trailed sprayer', '400L atomizer', '1000L atomizer']);
  });

  it('lists the fertilizer and seeder spreader for planting', () => {
    expect(available(planting.items)).toEqual(['Fertilizer and seeder spreader']);
    expect(planting.items).toHaveLength(1);
  });

  it('lists binder and mower for harvesting, rake unavailable', () => {
    expect(available(harvesting.items)).toEqual(['Binder', 'Mower']);
    expect(unavailable(harvesting.items)).toEqual(['Rake']);
  });

  it('lists 6 other tools, all available, plus the free-form order', () => {
    expect(available(otherTools.items)).toEqual(['Crusher', '4t/5t Trailers', 'Tank', 'Crane', 'Auger', 'Rotavator']);
    expect(categoryOtherOrder(otherTools)).toEqual({ formId: 'equipment-free-form', context: {} });
  });

  it('orders each page with its own form and context field', () => {
    expect(equipmentCategories.map((category) => [category.formId, category.contextField])).toEqual([
      ['equipment-soil-preparation', 'itemName'],
      ['equipment-planting', 'itemName'],
      ['equipment-spraying', 'itemName'],
      ['equipment-harvesting', 'partName'],
      ['equipment-other-tools', 'machineName'],
    ]);
    expect(sent(categoryItemOrder(harvesting, must(harvesting.items[1])))).toEqual({
      formId: 'equipment-harvesting',
      context: { partName: 'Faucheuse' },
    });
  });
});

/** What an order sends: its form and the French names of the item (the sheet's values). */
function sent(order: OrderForm) {
  return { formId: order.formId, context: orderValues(order.context) };
}

describe('spare-parts hub', () => {
  it('has six cards', () => {
    expect(ids(sparePartSections)).toEqual([
      'wheeled-tractors',
      'tracteurs-sans-roues',
      'trucks',
      'agricultural-engines',
      'working-machines',
      'ghiyar-3itad-zira3i',
    ]);
  });

  it('keeps wheeled brand pages apart from the hub pages under /pieces-detachees', () => {
    const sections = new Set(ids(sparePartSections));
    expect(wheeledTractorBrands.filter((brand) => sections.has(brand.id))).toEqual([]);
  });
});

describe('wheeled tractors', () => {
  it('orders imt, londini, mahindra, john-deere and luzhong directly, without models', () => {
    const direct = wheeledTractorBrands.filter((brand) => brand.directOrder);
    expect(ids(direct)).toEqual(['imt', 'londini', 'mahindra', 'john-deere', 'luzhong']);
    expect(direct.every((brand) => brand.models.length === 0)).toBe(true);
  });

  it('lists the models of the other brands', () => {
    const counts = Object.fromEntries(
      wheeledTractorBrands.filter((brand) => !brand.directOrder).map((brand) => [brand.id, brand.models.length]),
    );
    expect(counts).toEqual({ sonalika: 11, deutz: 5, 'massey-ferguson': 2, foton: 5, fiat: 1 });
    expect(ids(must(findById(wheeledTractorBrands, 'sonalika')).models)).toContain('di75-4x4');
    expect(ids(must(findById(wheeledTractorBrands, 'sonalika')).models)).toContain('worldtrack-90');
    expect(ids(must(findById(wheeledTractorBrands, 'massey-ferguson')).models)).toEqual(['mf440', 'mf7150']);
  });

  it('sends "Brand Model", or the brand alone', () => {
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

  it('finds no brand or model for unknown ids, and no model for "custom"', () => {
    expect(findById(wheeledTractorBrands, 'renault')).toBeUndefined();
    expect(findById(wheeledTractorBrands, undefined)).toBeUndefined();
    expect(findById(wheeledTractorBrands, 'Sonalika')).toBeUndefined();
    const sonalika = must(findById(wheeledTractorBrands, 'sonalika'));
    expect(findModel(sonalika, 'di99')).toBeUndefined();
    expect(findModel(sonalika, customModelId)).toBeUndefined();
    expect(findModel(sonalika, undefined)).toBeUndefined();
  });
});

describe('non-wheeled tractors', () => {
  it('has Fiat with 6 models, TG50, Massey Ferguson and Other tractor', () => {
    expect(ids(nonWheeledTractorBrands)).toEqual(['fiat', 'tg50', 'massey-ferguson', 'other']);
    expect(ids(must(findById(nonWheeledTractorBrands, 'fiat')).models)).toEqual(['8075', '505', 'utb', '805', '80c', 'd4']);
  });

  it('sends "Fiat 8075" or the brand; Other tractor opens the free-form form', () => {
    const fiat = must(findById(nonWheeledTractorBrands, 'fiat'));
    expect(sent(nonWheeledTractorOrder(fiat, findModel(fiat, '8075')))).toEqual({
      formId: 'part-non-wheeled-tractor',
      context: { tractorBrand: 'Fiat 8075' },
    });
    expect(orderValues(nonWheeledTractorOrder(must(findById(nonWheeledTractorBrands, 'tg50'))).context)).toEqual({ tractorBrand: 'TG50' });
    expect(sent(nonWheeledTractorOrder(must(findById(nonWheeledTractorBrands, 'other'))))).toEqual({
      formId: 'part-order',
      context: {},
    });
  });

  it('finds no brand for an unknown id', () => {
    expect(findById(nonWheeledTractorBrands, 'sonalika')).toBeUndefined();
  });
});

describe('trucks', () => {
  it('orders hyundai, iveco and saviem directly', () => {
    expect(ids(truckBrands.filter((brand) => brand.directOrder)).sort()).toEqual(['hyundai', 'iveco', 'saviem']);
  });

  it('lists the models of the other brands', () => {
    const models = Object.fromEntries(
      truckBrands.filter((brand) => !brand.directOrder).map((brand) => [brand.id, ids(brand.models)]),
    );
    expect(models).toEqual({
      sonacome: ['k66', 'k120'],
      toyota: ['b30', 'bu65', 'coaster'],
      jac: ['1025', '1035'],
      isuzu: ['nouveau', 'ancien'],
    });
    expect(ids(must(findById(truckBrands, 'hyundai')).models)).toEqual(['hd65']);
  });

  it('sends brand and model apart', () => {
    const toyota = must(findById(truckBrands, 'toyota'));
    expect(sent(truckOrder(toyota, findModel(toyota, 'coaster')))).toEqual({
      formId: 'part-truck',
      context: { truckBrand: 'Toyota', truckModel: 'Coaster' },
    });
    expect(orderValues(truckOrder(must(findById(truckBrands, 'iveco'))).context)).toEqual({ truckBrand: 'Iveco' });
    expect(findById(truckBrands, 'volvo')).toBeUndefined();
  });
});

describe('working machines', () => {
  it('lists the forklift, the telescopic handler and the backhoe loader; another machine opens the same form', () => {
    expect(workingMachines.items.map((item) => item.name.en)).toEqual([
      'Clark forklift',
      'Manitou telescopic handler',
      'Backhoe Loader',
    ]);
    expect(sent(categoryItemOrder(workingMachines, must(workingMachines.items[0])))).toEqual({
      formId: 'part-working-machine',
      context: { machineName: 'Chariot élévateur Clark' },
    });
    expect(categoryOtherOrder(workingMachines)).toEqual({ formId: 'part-working-machine', context: {} });
  });
});

describe('agricultural engines', () => {
  it('has sprayer, deutz, irrigation and perkins with 4, 5, 2 and 3 models', () => {
    expect(engineCategories.map((category) => [category.id, category.models.length])).toEqual([
      ['sprayer', 4],
      ['deutz', 5],
      ['irrigation', 2],
      ['perkins', 3],
    ]);
    expect(ids(must(findById(engineCategories, 'deutz')).models)).toEqual(['913', '1011', '2011', '2012', '912']);
  });

  it('sends "Deutz 913"', () => {
    const deutz = must(findById(engineCategories, 'deutz'));
    expect(sent(engineOrder(deutz, must(findModel(deutz, '913'))))).toEqual({
      formId: 'part-engine',
      context: { engineModel: 'Deutz 913' },
    });
    expect(otherEngineOrder).toEqual({ formId: 'part-other-engine', context: {} });
  });

  it('finds no category for an unknown id', () => {
    expect(findById(engineCategories, 'cummins')).toBeUndefined();
  });
});

describe('farm-equipment spare parts', () => {
  it('has the five categories with their English titles', () => {
    expect(farmPartCategories.map((category) => [category.id, category.title?.en])).toEqual([
      ['ghiyar-harth', 'Tillage Equipment Spare Parts'],
      ['ghiyar-zar3', 'Seeding Equipment Spare Parts'],
      ['ghiyar-hassad', 'Harvesting Equipment Spare Parts'],
      ['ghiyar-dawaa', 'Spraying Equipment Spare Parts'],
      ['ghiyar-zira3i-akhar', 'Other Agricultural Spare Parts'],
    ]);
  });

  it('lists the cards of each category, all available', () => {
    expect(farmPartCategories.map((category) => category.items.length)).toEqual([5, 4, 4, 2, 6]);
    expect(farmPartCategories.flatMap((category) => unavailable(category.items))).toEqual([]);
  });

  it('describes the sprayer and the atomizer', () => {
    const spraying = must(findById(farmPartCategories, 'ghiyar-dawaa'));
    expect(spraying.items.map((item) => item.description?.en).every(Boolean)).toBe(true);
  });

  it('orders with the category form: the part name fixed, on the other page the machine', () => {
    expect(farmPartCategories.map((category) => [category.formId, category.contextField])).toEqual([
      ['farm-parts-tillage', 'partName'],
      ['farm-parts-seeding', 'partName'],
      ['farm-parts-harvesting', 'partName'],
      ['farm-parts-spraying', 'partName'],
      ['farm-parts-other', 'machineName'],
    ]);
    const other = must(findById(farmPartCategories, 'ghiyar-zira3i-akhar'));
    expect(sent(categoryItemOrder(other, must(other.items[0])))).toEqual({ formId: 'farm-parts-other', context: { machineName: 'Broyeur' } });
  });

  it('finds no category for an unknown slug', () => {
    expect(findById(farmPartCategories, 'ghiyar-moteur')).toBeUndefined();
    expect(findById(equipmentCategories, 'moussem-el-chta')).toBeUndefined();
    expect(findById(sparePartSections, 'bikes')).toBeUndefined();
  });
});

describe('catalogue data', () => {
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

  it('only names known order forms', () => {
    const used = [
      ...categories.flatMap((category) => [category.formId, ...(category.otherFormId ? [category.otherFormId] : [])]),
      wheeledTractorOrder(must(wheeledTractorBrands[0])).formId,
      truckOrder(must(truckBrands[0])).formId,
    ];
    for (const formId of used) expect(catalogueFormIds).toContain(formId);
  });

  it('sends the French name to the dealer', () => {
    expect(orderName({ ar: 'جزازة', fr: 'Faucheuse', en: 'Mower' })).toBe('Faucheuse');
  });

  it('keeps the item in every language for the form to show, and sends its French name', () => {
    const sonalika = must(findById(wheeledTractorBrands, 'sonalika'));
    const order = wheeledTractorOrder(sonalika, findModel(sonalika, 'di75-4x4'));
    expect(order.context.tractorName).toEqual({ ar: 'سوناليكا DI75 4x4', fr: 'Sonalika DI75 4x4', en: 'Sonalika DI75 4x4' });
    expect(orderValues(order.context)).toEqual({ tractorName: 'Sonalika DI75 4x4' });
    const binder = must(harvesting.items.find((item) => item.id === 'lieuse'));
    expect(categoryItemOrder(harvesting, binder).context.partName?.en).toBe('Binder');
    expect(orderValues(categoryItemOrder(harvesting, binder).context)).toEqual({ partName: 'Moissonneuse-lieuse' });
  });

  it('counts models in each language', () => {
    expect(modelCount(1)).toEqual({ ar: 'موديل واحد', fr: '1 modèle', en: '1 model' });
    expect(modelCount(2).ar).toBe('موديلان');
    expect(modelCount(5)).toEqual({ ar: '5 موديلات', fr: '5 modèles', en: '5 models' });
    expect(modelCount(11).ar).toBe('11 موديلًا');
  });
});

describe('order forms', () => {
  /** Every order a catalogue screen can open. */
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
      ...brand.models.map((model): [string, OrderForm] => [
        `non-wheeled ${brand.id}/${model.id}`,
        nonWheeledTractorOrder(brand, model),
      ]),
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

  type Schema = { properties?: Record<string, { 'x-context'?: boolean; maxLength?: number }> };
  const schema = (formId: string): Schema =>
    JSON.parse(readFileSync(new URL(`../../form-schemas/${formId}.json`, import.meta.url), 'utf8')) as Schema;

  it.each(catalogueFormIds)('%s is a form schema', (formId) => {
    expect(schema(formId)).toMatchObject({ $id: formId });
  });

  it('opens every catalogue form from some screen', () => {
    const opened = new Set(orders.map(([, order]) => order.formId));
    expect(catalogueFormIds.filter((formId) => !opened.has(formId))).toEqual([]);
  });

  it.each(orders)('%s fills only context fields of its form, within their length, named in every language', (_label, order) => {
    const properties = schema(order.formId).properties ?? {};
    for (const [field, name] of Object.entries(order.context)) {
      expect(properties[field]?.['x-context'], field).toBe(true);
      for (const language of languages) expect(name?.[language].length, `${field} in ${language}`).toBeGreaterThan(0);
      const value = orderValues(order.context)[field];
      expect(value?.length).toBeGreaterThan(0);
      expect(value?.length).toBeLessThanOrEqual(properties[field]?.maxLength ?? Infinity);
    }
  });
});

describe('cataloguePaths', () => {
  const paths = cataloguePaths(defaultCatalogue);

  it('has no duplicates', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('covers the hubs and every page below them', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/materiel-agricole',
        '/materiel-agricole/moussem-el-harth',
        '/materiel-agricole/autres',
        '/pieces-detachees',
        '/pieces-detachees/wheeled-tractors',
        '/pieces-detachees/tracteurs-sans-roues',
        '/pieces-detachees/ghiyar-3itad-zira3i',
        '/pieces-detachees/sonalika',
        '/pieces-detachees/sonalika/di75-4x4',
        '/pieces-detachees/massey-ferguson',
        '/pieces-detachees/massey-ferguson/mf440',
        '/pieces-detachees/imt/custom',
        '/pieces-detachees/tracteurs-sans-roues/fiat',
        '/pieces-detachees/trucks/toyota',
        '/pieces-detachees/agricultural-engines/deutz',
        '/pieces-detachees/ghiyar-3itad-zira3i/ghiyar-zira3i-akhar',
      ]),
    );
    expect(paths.filter((path) => path.startsWith('/materiel-agricole/'))).toHaveLength(5);
    expect(paths.filter((path) => path.startsWith('/pieces-detachees/ghiyar-3itad-zira3i/'))).toHaveLength(5);
    expect(paths.filter((path) => path.startsWith('/pieces-detachees/agricultural-engines/'))).toHaveLength(4);
  });

  it('gives every non-wheeled brand its page, the brands without models too', () => {
    expect(paths).toEqual(expect.arrayContaining(nonWheeledTractorBrands.map((brand) => `/pieces-detachees/tracteurs-sans-roues/${brand.id}`)));
    expect(paths).toContain('/pieces-detachees/tracteurs-sans-roues/tg50');
  });

  it('gives every wheeled-tractor model its order page', () => {
    const modelPages = wheeledTractorBrands.flatMap((brand) => brand.models.map((model) => `/pieces-detachees/${brand.id}/${model.id}`));
    expect(modelPages).toHaveLength(24);
    expect(paths).toEqual(expect.arrayContaining(modelPages));
  });

  it('contains only clean absolute paths', () => {
    for (const path of paths) expect(path).toMatch(/^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/);
  });
});
