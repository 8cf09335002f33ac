import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Localized } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { farmPartCategories, tillageParts } from '../../shared/catalogue/farm-parts';
import { anyOrderReference, writtenRows } from '../support/sheets';
import {
  addressIn,
  forgetLanguageChoice,
  brandNotFound,
  card,
  cardLinkHref,
  cardNames,
  categoryNotFound,
  closeDialog,
  expectFixedField,
  expectFreeField,
  expectPageTitle,
  languages,
  load,
  openOrder,
  orderButtons,
  orderSentText,
  unavailableLabels,
  viewModelsLabel,
  visit,
  waitForHydration,
} from '../support/visit';
import { browserEnvironment } from '../support/environment';

/**
 * A visitor walks the spare-parts area in real Chromium against the local
 * stack: the hub and its six sections, brands, models, engines, farm-equipment
 * part categories, the order forms each card opens, an order that ends on
 * /thank-you, one with a photo that ends on the green banner, and unknown ids.
 */

const env = browserEnvironment();

const open = (path: string, language: 'ar' | 'fr' | 'en') => visit(env.browser, env.stack.siteUrl, path, language);

/** A 2×2 PNG, small enough to upload as it is. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixels = Buffer.from([0, 200, 40, 120, 200, 40, 120, 0, 20, 90, 40, 20, 90, 40]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const sections = [
  { id: 'wheeled-tractors', en: 'Wheeled tractors' },
  { id: 'tracteurs-sans-roues', en: 'Non-wheeled tractors' },
  { id: 'trucks', en: 'Trucks' },
  { id: 'agricultural-engines', en: 'Agricultural engines' },
  { id: 'working-machines', en: 'Working machines' },
  { id: 'ghiyar-3itad-zira3i', en: 'Farm equipment spare parts' },
];

/** Each catalogue page in three languages: path and title. */
const titledPages: { path: string; title: Localized }[] = [
  { path: '/pieces-detachees', title: { ar: 'قطع الغيار', fr: 'Pièces détachées', en: 'Spare parts' } },
  {
    path: '/pieces-detachees/wheeled-tractors',
    title: { ar: 'الجرارات ذات العجلات', fr: 'Tracteurs à roues', en: 'Wheeled tractors' },
  },
  {
    path: '/pieces-detachees/sonalika',
    title: { ar: 'قطع غيار سوناليكا', fr: 'Pièces détachées Sonalika', en: 'Sonalika spare parts' },
  },
  {
    path: '/pieces-detachees/sonalika/di75-4x4',
    title: { ar: 'قطع غيار سوناليكا DI75 4x4', fr: 'Pièces détachées Sonalika DI75 4x4', en: 'Sonalika DI75 4x4 spare parts' },
  },
  {
    path: '/pieces-detachees/tracteurs-sans-roues',
    title: { ar: 'الجرارات المجنزرة', fr: 'Tracteurs sans roues', en: 'Non-wheeled tractors' },
  },
  {
    path: '/pieces-detachees/tracteurs-sans-roues/fiat',
    // Told apart from the wheeled Fiat page.
    title: {
      ar: 'قطع غيار فيات (جرار مجنزر)',
      fr: 'Pièces détachées Fiat (tracteur sans roues)',
      en: 'Fiat non-wheeled tractor spare parts',
    },
  },
  { path: '/pieces-detachees/trucks', title: { ar: 'الشاحنات', fr: 'Camions', en: 'Trucks' } },
  {
    path: '/pieces-detachees/trucks/toyota',
    title: { ar: 'قطع غيار تويوتا', fr: 'Pièces détachées Toyota', en: 'Toyota spare parts' },
  },
  {
    path: '/pieces-detachees/working-machines',
    title: { ar: 'آلات الأشغال', fr: 'Engins de travaux', en: 'Working machines' },
  },
  {
    path: '/pieces-detachees/agricultural-engines',
    title: { ar: 'المحركات الفلاحية', fr: 'Moteurs agricoles', en: 'Agricultural engines' },
  },
  {
    path: '/pieces-detachees/agricultural-engines/deutz',
    title: { ar: 'محركات دويتز', fr: 'Moteurs Deutz', en: 'Deutz engines' },
  },
  {
    path: '/pieces-detachees/ghiyar-3itad-zira3i',
    title: { ar: 'قطع غيار العتاد الفلاحي', fr: 'Pièces de matériel agricole', en: 'Farm equipment spare parts' },
  },
  ...farmPartCategories.map((category) => ({ path: `/pieces-detachees/ghiyar-3itad-zira3i/${category.id}`, title: category.title! })),
];

describe('spare parts', () => {
  test('every spare-part page renders in Arabic (right-to-left), French and English with its own title', async () => {
    const englishFarmTitles = [
      'Tillage Equipment Spare Parts',
      'Seeding Equipment Spare Parts',
      'Harvesting Equipment Spare Parts',
      'Spraying Equipment Spare Parts',
      'Other Agricultural Spare Parts',
    ];
    expect(farmPartCategories.map((category) => category.title!.en)).toEqual(englishFarmTitles);
    for (const language of languages) {
      const visited = await open('/pieces-detachees', language);
      for (const { path, title } of titledPages) {
        await load(visited, `${env.stack.siteUrl}${path}`);
        await expectPageTitle(visited, title[language]);
      }
      expect(visited.errors).toEqual([]);
      await visited.page.close();
    }
  });

  test('the hub shows the six sections, each linking to its page', async () => {
    const { page } = await open('/pieces-detachees', 'en');
    expect(await cardNames(page)).toEqual(sections.map((section) => section.en));
    for (const section of sections) expect(await cardLinkHref(page, section.en, 'Browse')).toBe(`/en/pieces-detachees/${section.id}`);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en');
  });

  test('wheeled tractors: direct-order brands order from the card, the others lead to their models', async () => {
    const visited = await open('/pieces-detachees/wheeled-tractors', 'en');
    const { page, errors } = visited;
    expect(await cardNames(page)).toEqual([
      'Sonalika',
      'Deutz',
      'Massey Ferguson',
      'Foton',
      'Fiat',
      'IMT',
      'Londini',
      'Mahindra',
      'John Deere',
      'Luzhong',
    ]);
    const withModels = {
      sonalika: ['Sonalika', '11 models'],
      deutz: ['Deutz', '5 models'],
      'massey-ferguson': ['Massey Ferguson', '2 models'],
      foton: ['Foton', '5 models'],
      fiat: ['Fiat', '1 model'],
    };
    for (const [id, [name, count]] of Object.entries(withModels)) {
      expect(await card(page, name!).textContent()).toContain(count);
      expect(await cardLinkHref(page, name!, viewModelsLabel.en)).toBe(`/en/pieces-detachees/${id}`);
    }
    expect(await orderButtons(visited).count()).toBe(5);
    for (const brand of ['IMT', 'Londini', 'Mahindra', 'John Deere', 'Luzhong']) {
      const dialog = await openOrder(page, page.getByRole('button', { name: `Order ${brand}`, exact: true }), brand);
      await expectFixedField(dialog, 'tractorName', brand);
      await closeDialog(page);
    }
    const other = await openOrder(
      page,
      page.getByRole('button', { name: 'Order parts for another tractor' }),
      'Order parts for another tractor',
    );
    await expectFreeField(other, 'tractorName');
    await closeDialog(page);
    expect(errors).toEqual([]);
  });

  test('a brand page lists its models, each leading to its order page; a brand without models offers "Other model"', async () => {
    const sonalika = await open('/pieces-detachees/sonalika', 'fr');
    expect(await cardNames(sonalika.page)).toEqual([
      'DI20',
      'DI26',
      'DI45',
      'DI50',
      'DI60',
      'DI75 4x2',
      'DI75 4x4',
      'Worldtrack 75',
      'Worldtrack 90',
      'Narrow 75',
      'WT 110',
      // A model the list lacks: the brand's own order page, a page of its own (200, not the 404 page).
      'Autre modèle',
    ]);
    expect(await cardLinkHref(sonalika.page, 'Autre modèle', 'Commander')).toBe('/fr/pieces-detachees/sonalika/custom');
    expect((await fetch(`${env.stack.siteUrl}/fr/pieces-detachees/sonalika/custom`)).status).toBe(200);
    expect(await cardLinkHref(sonalika.page, 'DI75 4x4', 'Commander')).toBe('/fr/pieces-detachees/sonalika/di75-4x4');
    expect(await sonalika.page.getByRole('link', { name: 'Retour aux tracteurs à roues' }).getAttribute('href')).toBe(
      '/fr/pieces-detachees/wheeled-tractors',
    );
    await card(sonalika.page, 'DI75 4x4').getByRole('link').click();
    await sonalika.page.waitForURL('**/fr/pieces-detachees/sonalika/di75-4x4');
    await expectFixedField(sonalika.page.getByRole('main'), 'tractorName', 'Sonalika DI75 4x4');
    expect(await sonalika.page.getByRole('link', { name: 'Retour aux modèles Sonalika' }).getAttribute('href')).toBe(
      '/fr/pieces-detachees/sonalika',
    );

    const imt = await open('/pieces-detachees/imt', 'ar');
    expect(await cardNames(imt.page)).toEqual(['موديل آخر']);
    expect(await imt.page.locator('main li a').getAttribute('href')).toBe('/pieces-detachees/imt/custom');

    // "custom": the tractor is the brand alone; a model name already starting with the brand is not doubled.
    for (const [path, tractor] of [
      ['/pieces-detachees/imt/custom', 'IMT'],
      ['/pieces-detachees/deutz/deutz-fahr', 'Deutz Fahr'],
      ['/pieces-detachees/massey-ferguson/mf440', 'Massey Ferguson MF440'],
    ]) {
      const { page, errors } = await open(path!, 'en');
      await expectFixedField(page.getByRole('main'), 'tractorName', tractor!);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('at 360 px, the "photo coming soon" label of a drawn picture hides none of the drawing', async () => {
    for (const language of languages) {
      for (const path of ['/pieces-detachees/sonalika/di75-4x4', '/pieces-detachees/sonalika']) {
        const { page, errors } = await env.browser.newPage();
        await page.setViewportSize({ width: 360, height: 740 });
        await forgetLanguageChoice(page);
        await page.goto(addressIn(`${env.stack.siteUrl}${path}`, language));
        await waitForHydration(page);
        const placeholder = page.getByRole('main').locator('[role=img]').first();
        const box = async (part: Locator) => (await part.boundingBox())!;
        const [frame, drawing, label] = [await box(placeholder), await box(placeholder.locator('img, svg').first()), await box(placeholder.locator(':scope > span[aria-hidden]'))];
        const where = `${path} in ${language}`;
        // The label (the frame's own strip) sits below the drawing, both inside the picture's frame; the drawing keeps most of the frame.
        expect(label.y, where).toBeGreaterThanOrEqual(drawing.y + drawing.height - 0.5);
        expect(label.y + label.height, where).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
        expect(drawing.height, where).toBeGreaterThan(frame.height * 0.6);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  test('an order for another tractor, without a photo, ends on /thank-you and reaches its sheet', async () => {
    const { page, errors } = await open('/pieces-detachees/wheeled-tractors', 'fr');
    const dialog = await openOrder(
      page,
      page.getByRole('button', { name: 'Commander des pièces pour un autre tracteur' }),
      'Commander des pièces pour un autre tracteur',
    );
    const name = `Rachid ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Nom de la pièce').fill('Pompe hydraulique');
    await dialog.getByLabel('Nom du tracteur').fill('Landini 8860');
    await dialog.getByLabel('Année du tracteur').fill('2009');
    await dialog.getByLabel('Emplacement de la pièce').selectOption('Engine');
    await dialog.getByLabel('Nom complet').fill(name);
    await dialog.getByLabel('Téléphone').fill('0770 11 22 33');
    await dialog.getByLabel('Wilaya').selectOption('Mostaganem');
    // Its one optional photo is asked for as one.
    expect(await dialog.locator('label[aria-hidden=true]', { hasText: 'Ajouter' }).innerText()).toBe('Ajouter une photo (0/1)');
    await dialog.getByRole('button', { name: 'Envoyer la commande' }).click();

    await page.waitForURL('**/fr/thank-you');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Merci !');
    const rows = await writtenRows(env.stack.sheetsDir, 'part-other-tractor', (row) => row.includes(name));
    expect(rows).toEqual([
      [
        'Pompe hydraulique',
        'Landini 8860',
        '2009',
        'Engine',
        '',
        name,
        'Mostaganem',
        '0770 11 22 33',
        expect.stringMatching(/^\d{4}-/),
        anyOrderReference,
      ],
    ]);
    expect(errors).toEqual([]);
  });

  test('non-wheeled tractors: Fiat leads to its six models, the others order from the card', async () => {
    const visited = await open('/pieces-detachees/tracteurs-sans-roues', 'en');
    const { page } = visited;
    expect(await cardNames(page)).toEqual(['Fiat', 'TG50', 'Massey Ferguson', 'Other tractor']);
    expect(await card(page, 'Fiat').textContent()).toContain('6 models');
    expect(await cardLinkHref(page, 'Fiat', viewModelsLabel.en)).toBe('/en/pieces-detachees/tracteurs-sans-roues/fiat');
    expect(await orderButtons(visited).count()).toBe(3);
    for (const brand of ['TG50', 'Massey Ferguson']) {
      const dialog = await openOrder(page, page.getByRole('button', { name: `Order ${brand}`, exact: true }), brand);
      await expectFixedField(dialog, 'tractorBrand', brand);
      await closeDialog(page);
    }
    const other = await openOrder(page, page.getByRole('button', { name: 'Order Other tractor' }), 'Other tractor');
    await expectFreeField(other, 'itemName');
    expect(await other.getByLabel('Part photo (optional)').count()).toBe(1);
    // The tractor is asked for, first, and cannot be left out: a row "Seat" with no tractor helps nobody.
    expect(await other.locator('label').first().innerText()).toMatch(/^Tractor \(make and model\)/);
    await other.getByLabel('Part name').fill('Seat');
    await other.getByRole('button', { name: 'Send Order' }).click();
    await other.getByText('Tractor (make and model) is required').waitFor();
    await closeDialog(page);

    const fiat = await open('/pieces-detachees/tracteurs-sans-roues/fiat', 'ar');
    expect(await cardNames(fiat.page)).toEqual(['8075', '505', 'UTB', '805', '80C', 'D4']);
    for (const model of ['8075', '505', 'UTB', '805', '80C', 'D4']) {
      const dialog = await openOrder(fiat.page, fiat.page.getByRole('button', { name: `اطلب الآن فيات ${model}` }), `فيات ${model}`);
      await expectFixedField(dialog, 'tractorBrand', `فيات ${model}`);
      await closeDialog(fiat.page);
    }

    const tg50 = await open('/pieces-detachees/tracteurs-sans-roues/tg50', 'en');
    await tg50.page.getByText('No product currently available').waitFor();
    // A page that exists answers 200: it is prerendered, not the 404 fallback.
    expect((await fetch(`${env.stack.siteUrl}/pieces-detachees/tracteurs-sans-roues/tg50`)).status).toBe(200);
    expect(fiat.errors).toEqual([]);
  });

  test('trucks: Hyundai, Iveco and Saviem order from the card, the others lead to their models', async () => {
    const visited = await open('/pieces-detachees/trucks', 'fr');
    const { page } = visited;
    expect(await orderButtons(visited).count()).toBe(3);
    for (const brand of ['Hyundai', 'Iveco', 'Saviem']) {
      const dialog = await openOrder(page, page.getByRole('button', { name: `Commander ${brand}`, exact: true }), brand);
      await expectFixedField(dialog, 'truckBrand', brand);
      await closeDialog(page);
    }
    for (const [id, name, count] of [
      ['sonacome', 'Sonacome', '2 modèles'],
      ['toyota', 'Toyota', '3 modèles'],
      ['jac', 'JAC', '2 modèles'],
      ['isuzu', 'Isuzu', '2 modèles'],
    ]) {
      expect(await card(page, name!).textContent()).toContain(count);
      expect(await cardLinkHref(page, name!, viewModelsLabel.fr)).toBe(`/fr/pieces-detachees/trucks/${id}`);
    }
    const other = await openOrder(
      page,
      page.getByRole('button', { name: 'Commander des pièces pour un autre camion' }),
      'Commander des pièces pour un autre camion',
    );
    await expectFreeField(other, 'truckName');
    // A truck has no tractor front or back.
    expect(await other.getByLabel('Emplacement de la pièce').locator('option').allInnerTexts()).toEqual([
      "Choisissez l'emplacement",
      'Moteur',
      'Boîte de vitesses',
      'Hydraulique',
      'Accessoire',
      'Autre',
    ]);
    await closeDialog(page);

    const toyota = await open('/pieces-detachees/trucks/toyota', 'en');
    expect(await cardNames(toyota.page)).toEqual(['B30', 'BU65', 'Coaster']);
    const dialog = await openOrder(toyota.page, toyota.page.getByRole('button', { name: 'Order Toyota Coaster' }), 'Toyota Coaster');
    await expectFixedField(dialog, 'truckBrand', 'Toyota');
    await expectFixedField(dialog, 'truckModel', 'Coaster');
    expect(toyota.errors).toEqual([]);
  });

  test('working machines: three machines and another machine', async () => {
    const visited = await open('/pieces-detachees/working-machines', 'en');
    const { page } = visited;
    const machines = ['Clark forklift', 'Manitou telescopic handler', 'Backhoe Loader'];
    expect(await cardNames(page)).toEqual(machines);
    for (const machine of machines) {
      const dialog = await openOrder(page, page.getByRole('button', { name: `Order ${machine}` }), machine);
      await expectFixedField(dialog, 'machineName', machine);
      await closeDialog(page);
    }
    const other = await openOrder(
      page,
      page.getByRole('button', { name: 'Order parts for another machine' }),
      'Order parts for another machine',
    );
    await expectFreeField(other, 'machineName');
  });

  test('engines: four categories with their model counts, each model orders its engine', async () => {
    const visited = await open('/pieces-detachees/agricultural-engines', 'en');
    const { page } = visited;
    const categories = [
      ['sprayer', 'Sprayer', '4 models'],
      ['deutz', 'Deutz', '5 models'],
      ['irrigation', 'Irrigation', '2 models'],
      ['perkins', 'Perkins', '3 models'],
    ];
    expect(await cardNames(page)).toEqual(categories.map(([, name]) => name));
    for (const [id, name, count] of categories) {
      expect(await card(page, name!).textContent()).toContain(count);
      expect(await cardLinkHref(page, name!, viewModelsLabel.en)).toBe(`/en/pieces-detachees/agricultural-engines/${id}`);
    }
    const other = await openOrder(
      page,
      page.getByRole('button', { name: 'Order spare parts from another engine' }),
      'Order spare parts from another engine',
    );
    await expectFreeField(other, 'engineName');
    await closeDialog(page);

    const models: Record<string, string[]> = {
      sprayer: ['1200L', '1000L', '600L', '400L'],
      deutz: ['913', '1011', '2011', '2012', '912'],
      irrigation: ['Petrol', 'Diesel'],
      perkins: ['Diameter 100 mm', 'Diameter 105 mm', '98.48 mm'],
    };
    for (const [id, names] of Object.entries(models)) {
      const category = await open(`/pieces-detachees/agricultural-engines/${id}`, 'en');
      expect(await cardNames(category.page)).toEqual(names);
      expect(await orderButtons(category).count()).toBe(names.length);
      await category.page.close();
    }
    const deutz = await open('/pieces-detachees/agricultural-engines/deutz', 'fr');
    const dialog = await openOrder(deutz.page, deutz.page.getByRole('button', { name: 'Commander Deutz 2012' }), 'Deutz 2012');
    await expectFixedField(dialog, 'engineModel', 'Deutz 2012');
    const sprayer = await open('/pieces-detachees/agricultural-engines/sprayer', 'ar');
    const sprayerDialog = await openOrder(
      sprayer.page,
      sprayer.page.getByRole('button', { name: 'اطلب الآن رشاش 1200 لتر' }),
      'رشاش 1200 لتر',
    );
    await expectFixedField(sprayerDialog, 'engineModel', 'رشاش 1200 لتر');
    // An engine's part is in the engine, its pump, an accessory, or elsewhere: no tractor front or back, no gearbox.
    expect(await sprayerDialog.getByLabel('موقع القطعة').locator('option').allInnerTexts()).toEqual(['اختر موقع القطعة', 'المحرك', 'المضخة', 'إكسسوار', 'أخرى']);
  });

  test('farm-equipment part categories: every card available, Order opens "Order spare parts" with the part fixed', async () => {
    const hub = await open('/pieces-detachees/ghiyar-3itad-zira3i', 'en');
    expect(await cardNames(hub.page)).toEqual(['Tillage', 'Seeding', 'Harvesting', 'Spraying', 'Other parts']);
    for (const category of farmPartCategories) {
      expect(await cardLinkHref(hub.page, category.name.en, 'Browse')).toBe(`/en/pieces-detachees/ghiyar-3itad-zira3i/${category.id}`);
    }
    const cards: Record<string, string[]> = {
      'ghiyar-harth': ['Soc plow', 'Disc plow', 'Cover crop', 'Chisel', 'Cultivator'],
      'ghiyar-zar3': ['Fertilizer and seeder spreader', 'Wheat seeder', 'Potato planter', 'Garlic planter'],
      'ghiyar-hassad': ['Grain harvester', 'Binder', 'Mower', 'Rake'],
      'ghiyar-dawaa': ['Sprayer', 'Atomizer'],
      'ghiyar-zira3i-akhar': ['Crusher', '4t/5t trailer', 'Tank', 'Crane', 'Agricultural auger', 'Rotavator'],
    };
    for (const category of farmPartCategories) {
      const visited = await open(`/pieces-detachees/ghiyar-3itad-zira3i/${category.id}`, 'en');
      const { page } = visited;
      expect(await cardNames(page)).toEqual(cards[category.id]);
      expect(await orderButtons(visited).count()).toBe(cards[category.id]!.length);
      expect(await unavailableLabels(visited).count()).toBe(0);
      const first = category.items[0]!;
      const dialog = await openOrder(page, page.getByRole('button', { name: `Order ${first.name.en}` }), 'Order spare parts');
      await expectFixedField(dialog, category.contextField ?? 'partName', first.name.en);
      // The card is the machine; the part needed is asked after it, optional (the "Other" page asks the part itself).
      if (category.contextField === 'partName') {
        expect(await dialog.getByLabel('Machine', { exact: true }).inputValue()).toBe(first.name.en);
        await expectFreeField(dialog, 'whichPart');
        expect(await dialog.getByLabel('Part needed (optional)').count()).toBe(1);
      }
      const optional = await dialog.getByLabel(/^(Brand|Country of origin) \(optional\)$/).count();
      expect(optional).toBe(['ghiyar-hassad', 'ghiyar-zira3i-akhar'].includes(category.id) ? 2 : 0);
      await closeDialog(page);
      if (category.id === 'ghiyar-dawaa') expect(await page.locator('main').textContent()).toContain('Pumps, nozzles, booms');
      await page.close();
    }

    // Every card of the tillage page, in Arabic.
    const tillage = await open('/pieces-detachees/ghiyar-3itad-zira3i/ghiyar-harth', 'ar');
    for (const item of tillageParts.items) {
      const dialog = await openOrder(
        tillage.page,
        tillage.page.getByRole('button', { name: `اطلب الآن ${item.name.ar}` }),
        'اطلب قطع الغيار',
      );
      await expectFixedField(dialog, 'partName', item.name.ar);
      await closeDialog(tillage.page);
    }
    expect(tillage.errors).toEqual([]);
  });

  test('an "Other" farm-equipment order: the machine clicked fixed, the part typed, brand and country optional at the row’s end', async () => {
    const { page, errors } = await open('/pieces-detachees/ghiyar-3itad-zira3i/ghiyar-zira3i-akhar', 'fr');
    const dialog = await openOrder(page, page.getByRole('button', { name: 'Commander Citerne' }), 'Commander des pièces détachées');
    await expectFixedField(dialog, 'machineName', 'Citerne');
    await dialog.getByLabel('Nom de la pièce').fill('Vanne de vidange');
    await dialog.locator('#root_partImage').setInputFiles({ name: 'vanne.png', mimeType: 'image/png', buffer: tinyPng() });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await dialog.getByLabel('Marque (facultatif)').fill('Pichon');
    const name = `Hocine ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Nom complet').fill(name);
    await dialog.getByLabel('Téléphone').fill('0661 22 33 44');
    await dialog.getByLabel('Wilaya').selectOption('Tiaret');
    await dialog.getByRole('button', { name: 'Envoyer la commande' }).click();

    await page.getByRole('status').filter({ hasText: orderSentText.fr }).waitFor({ timeout: 20_000 });
    const rows = await writtenRows(env.stack.sheetsDir, 'farm-parts-other', (row) => row.includes(name));
    expect(rows).toEqual([
      ['Citerne', 'Vanne de vidange', expect.stringMatching(/^https?:\/\/.+/), name, 'Tiaret', '0661 22 33 44', expect.any(String), 'Pichon', '', anyOrderReference],
    ]);
    expect(errors).toEqual([]);
  });

  test('a farm-equipment part order with a photo shows the green banner and reaches its sheet', async () => {
    const { page, errors } = await open('/pieces-detachees/ghiyar-3itad-zira3i/ghiyar-dawaa', 'fr');
    const dialog = await openOrder(page, page.getByRole('button', { name: 'Commander Atomiseur' }), 'Commander des pièces détachées');
    await dialog.locator('#root_partImage').setInputFiles({ name: 'buse.png', mimeType: 'image/png', buffer: tinyPng() });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    const name = `Nadia ${randomUUID().slice(0, 6)}`;
    expect(await dialog.getByLabel('Matériel', { exact: true }).inputValue()).toBe('Atomiseur');
    await dialog.getByLabel('Pièce recherchée (facultatif)').fill('Turbine');
    await dialog.getByLabel('Nom complet').fill(name);
    await dialog.getByLabel('Téléphone').fill('0550 44 55 66');
    await dialog.getByLabel('Wilaya').selectOption('Biskra');
    await dialog.getByRole('button', { name: 'Envoyer la commande' }).click();

    await page.getByRole('status').filter({ hasText: orderSentText.fr }).waitFor({ timeout: 20_000 });
    const rows = await writtenRows(env.stack.sheetsDir, 'farm-parts-spraying', (row) => row.includes(name));
    // The part needed closes the spec's row, before the order's reference (decision 24).
    expect(rows).toEqual([['Atomiseur', expect.stringMatching(/^https?:\/\/.+/), name, 'Biskra', '0550 44 55 66', expect.any(String), 'Turbine', anyOrderReference]]);
    expect(errors).toEqual([]);
  });

  test('unknown brands, models and categories show their message in each language', async () => {
    const modelNotFound: Localized = { ar: 'الموديل غير موجود', fr: 'Modèle non trouvé', en: 'Model not found' };
    const unknown: { path: string; message: Localized; back: string }[] = [
      { path: '/pieces-detachees/tracteur-inconnu', message: brandNotFound, back: '/pieces-detachees/wheeled-tractors' },
      { path: '/pieces-detachees/sonalika/di99', message: modelNotFound, back: '/pieces-detachees/sonalika' },
      { path: '/pieces-detachees/tracteur-inconnu/custom', message: brandNotFound, back: '/pieces-detachees/wheeled-tractors' },
      { path: '/pieces-detachees/tracteurs-sans-roues/inconnu', message: brandNotFound, back: '/pieces-detachees/tracteurs-sans-roues' },
      { path: '/pieces-detachees/trucks/inconnu', message: brandNotFound, back: '/pieces-detachees/trucks' },
      { path: '/pieces-detachees/agricultural-engines/inconnu', message: categoryNotFound, back: '/pieces-detachees/agricultural-engines' },
      { path: '/pieces-detachees/ghiyar-3itad-zira3i/inconnu', message: categoryNotFound, back: '/pieces-detachees/ghiyar-3itad-zira3i' },
    ];
    for (const language of languages) {
      const visited = await open(unknown[0]!.path, language);
      for (const { path, message, back } of unknown) {
        // Not prerendered: the SPA fallback renders the page in the browser.
        await load(visited, `${env.stack.siteUrl}${path}`);
        await expectPageTitle(visited, message[language]);
        expect(await visited.page.locator(`main a[href="${pathInLanguage(back, language)}"]`).count()).toBeGreaterThan(0);
      }
      expect(visited.errors).toEqual([]);
      await visited.page.close();
    }
  });
});
