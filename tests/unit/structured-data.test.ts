import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { tractorsPath } from '../../shared/catalogue/paths';
import type { ContentOverrides } from '../../shared/content/model';
import { languages } from '../../shared/languages';
import { prerenderedPaths } from '../../web/app/prerendered-paths';
import { openingHoursSpecification, structuredData, structuredDataScript } from '../../web/app/site-data/structured-data';
import richResults from '../support/rich-results.schema.json';

/**
 * The JSON-LD every page carries (web/app/site-data/structured-data.ts),
 * checked per page type against tests/support/rich-results.schema.json:
 * schema.org's types with what Google's rich results require of each.
 */

const validate = new Ajv({ allErrors: true }).compile(richResults);
const typesOf = (data: Record<string, unknown>[]) => data.map((entry) => entry['@type']);
const site = 'https://www.materiel-agricole.dz';

function expectValid(data: Record<string, unknown>[], where: string) {
  for (const entry of data) {
    expect(validate(entry) ? [] : validate.errors, `${where}: ${JSON.stringify(entry).slice(0, 200)}`).toEqual([]);
  }
}

describe('the structured data of the pages', () => {
  it.each(languages)('every page in %s carries valid data: the dealer, then its breadcrumbs (home aside) and its list', (language) => {
    for (const path of prerenderedPaths()) {
      const data = structuredData(path, language, {});
      expectValid(data, `${language} ${path}`);
      expect(data[0]!['@type'], path).toBe('LocalBusiness');
      if (path !== '/' && !path.startsWith('/forms/')) expect(typesOf(data), path).toContain('BreadcrumbList');
    }
  });

  it('names the dealer with its address, phone, map position, opening hours and social pages', () => {
    const [dealer] = structuredData('/', 'fr', {});
    expect(dealer).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Pièce et Matériel Agricole',
      url: `${site}/fr`,
      address: { '@type': 'PostalAddress', streetAddress: 'Zone industrielle, Sétif, Algérie', addressCountry: 'DZ' },
      telephone: '+213 36 00 00 00',
      geo: { latitude: 36.1911, longitude: 5.4137 },
      openingHoursSpecification: { opens: '08:00', closes: '17:00' },
      sameAs: ['https://www.facebook.com/', 'https://www.instagram.com/', 'https://www.youtube.com/'],
    });
    expect(structuredData('/', 'ar', {})).toHaveLength(1);
  });

  it('offers each tractor as a product: its price in DZD and its availability, at its card', () => {
    const [, breadcrumbs, list] = structuredData(tractorsPath, 'en', {});
    expect(breadcrumbs).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: `${site}/en` },
        { position: 2, name: 'Tractors', item: `${site}/en/tracteurs` },
      ],
    });
    const products = (list as { itemListElement: { item: Record<string, unknown> }[] }).itemListElement.map(({ item }) => item);
    expect(products).toHaveLength(4);
    expect(products[1]).toMatchObject({
      '@type': 'Product',
      name: 'DI75 4x2',
      url: `${site}/en/tracteurs#di75-4x2`,
      offers: { price: 3_121_000, priceCurrency: 'DZD', availability: 'https://schema.org/InStock' },
    });
  });

  it('leads from the home page to a model page through its section and brand, in the page’s language', () => {
    const [, breadcrumbs] = structuredData('/pieces-detachees/sonalika/di75-4x4', 'ar', {});
    const crumbs = (breadcrumbs as { itemListElement: { name: string; item: string }[] }).itemListElement;
    expect(crumbs.map(({ name }) => name)).toEqual(['الرئيسية', 'قطع الغيار', 'الجرارات ذات العجلات', 'سوناليكا', 'DI75 4x4']);
    expect(crumbs.at(-1)!.item).toBe(`${site}/pieces-detachees/sonalika/di75-4x4`);
  });

  it('lists an equipment page’s items, unavailable ones included, each at its card', () => {
    const data = structuredData('/materiel-agricole/moussem-el-rach', 'fr', {});
    const items = (data[2] as { itemListElement: { item: Record<string, unknown> }[] }).itemListElement.map(({ item }) => item);
    expect(items).toHaveLength(5);
    expect(items[0]).toMatchObject({ '@type': 'Thing', url: `${site}/fr/materiel-agricole/moussem-el-rach#pulverisateur-porte-600l` });
  });

  it('follows a publish: prices, availability, names and the dealer’s details change with the content', () => {
    const overrides: ContentOverrides = {
      catalogue: { tractors: { changed: { 'di75-4x2': { priceDzd: 3_200_000, available: false }, '90-worldtrack-4x4': { name: { fr: '90 WT 4x4' } } } } },
      dealer: { phones: ['+213 555 12 34 56'] },
    };
    const [dealer, , list] = structuredData(tractorsPath, 'fr', overrides);
    expectValid(structuredData(tractorsPath, 'fr', overrides), 'published');
    expect(dealer).toMatchObject({ telephone: '+213 555 12 34 56' });
    const products = (list as { itemListElement: { item: { name: string; offers: Record<string, unknown> } }[] }).itemListElement.map(({ item }) => item);
    expect(products[1]!.offers).toMatchObject({ price: 3_200_000, availability: 'https://schema.org/OutOfStock' });
    expect(products[3]!.name).toBe('90 WT 4x4');
    expect(structuredDataScript(structuredData(tractorsPath, 'fr', overrides))).toContain('"telephone":"+213 555 12 34 56"');
  });

  it('reads the opening hours written as "<day> to <day>, <hh:mm>–<hh:mm>", and leaves out what it cannot read', () => {
    expect(openingHoursSpecification('Saturday to Thursday, 8:00–17:00')).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => `https://schema.org/${day}`),
      opens: '08:00',
      closes: '17:00',
    });
    expect(openingHoursSpecification('Sunday to Thursday, 9.30 - 16.00')).toMatchObject({ opens: '09:30', closes: '16:00' });
    expect(openingHoursSpecification('Every day but Friday')).toBeUndefined();
  });

  it('cannot be closed early by a text: "<" is escaped in the page', () => {
    const script = structuredDataScript(structuredData('/', 'en', { texts: { 'site.siteTitle': { en: '</script><script>alert(1)</script>' } } }));
    expect(script.match(/<\/script>/g)).toHaveLength(1);
  });
});
