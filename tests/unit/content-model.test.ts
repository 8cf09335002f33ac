import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { listAt } from '../../shared/catalogue/lists';
import { cataloguePaths } from '../../shared/catalogue/paths';
import { defaultDealer } from '../../shared/content/dealer';
import type { ContentOverrides } from '../../shared/content/model';
import { completeText, resolveCatalogue, resolveDealer, resolveList, resolveTexts } from '../../shared/content/resolve';
import { siteText } from '../../shared/content/site-text';
import { siteTextEntries } from '../../shared/content/texts';
import { missingLanguages, validateOverrides, type ValidationContext } from '../../shared/content/validate';

const context: ValidationContext = {
  textKeys: new Set(siteTextEntries().map((entry) => entry.key)),
  defaultIds: (path) => listAt(defaultCatalogue, path)?.map((entry) => entry.id),
};
const problems = (overrides: unknown) => validateOverrides(overrides, context);
const tractor = (overrides: ContentOverrides, id: string) => resolveList('tractors', defaultCatalogue.tractors, overrides.catalogue).find((entry) => entry.id === id);

describe('defaults', () => {
  it('without staff changes, the site is the typed defaults, unchanged', () => {
    expect(resolveCatalogue(defaultCatalogue, undefined)).toEqual(defaultCatalogue);
    expect(resolveCatalogue(defaultCatalogue, {})).toEqual(defaultCatalogue);
    expect(resolveTexts('site', siteText, undefined)).toBe(siteText);
    expect(resolveDealer(defaultDealer, undefined)).toBe(defaultDealer);
    expect(problems({})).toEqual([]);
  });

  it('every interface text has a key of its own and all three languages', () => {
    const entries = siteTextEntries();
    expect(entries.length).toBeGreaterThan(100);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    expect(entries.map((entry) => entry.key)).toContain('site.home.heroTitle');
    for (const entry of entries) expect(missingLanguages(entry.default), entry.key).toEqual([]);
  });
});

describe('overrides', () => {
  it('a changed price and Arabic availability label replace only those; the other languages keep theirs', () => {
    const overrides: ContentOverrides = {
      catalogue: { tractors: { changed: { 'di75-4x2': { priceDzd: 3_250_000, availabilityStatus: { ar: 'متوفر قريبا' } } } } },
    };
    const before = tractor({}, 'di75-4x2');
    const after = tractor(overrides, 'di75-4x2');
    expect(after?.priceDzd).toBe(3_250_000);
    expect(after?.availabilityStatus).toEqual({ ...before?.availabilityStatus, ar: 'متوفر قريبا' });
    expect(after?.name).toEqual(before?.name);
    expect(tractor(overrides, 'sonalika-di75-4x4-facelift')).toEqual(tractor({}, 'sonalika-di75-4x4-facelift'));
  });

  it('a translated text replaces its default in that language only', () => {
    const texts = resolveTexts('site', siteText, { 'site.home.heroTitle': { fr: 'Votre partenaire agricole' } });
    expect(texts.home.heroTitle).toEqual({ ...siteText.home.heroTitle, fr: 'Votre partenaire agricole' });
    expect(texts.home.heroSubtitle).toEqual(siteText.home.heroSubtitle);
  });

  it('added, hidden and reordered entries change the list and the pages published', () => {
    const overrides: ContentOverrides = {
      catalogue: {
        tractors: {
          added: [{ id: 'di60', model: 'DI 60', name: { fr: 'Sonalika DI 60' }, description: { fr: 'Compact' }, priceDzd: 2_500_000, available: true, availabilityStatus: { fr: 'En stock' } }],
          hidden: ['75-worldtrack-4x2'],
          order: ['di60'],
        },
        truckBrands: { hidden: ['hyundai'] },
        'wheeledTractorBrands/sonalika/models': { added: [{ id: 'di60', name: { fr: 'DI 60' } }] },
      },
    };
    const list = resolveList('tractors', defaultCatalogue.tractors, overrides.catalogue);
    expect(list[0]?.id).toBe('di60');
    expect(list.map((entry) => entry.id)).not.toContain('75-worldtrack-4x2');
    expect(list).toHaveLength(defaultCatalogue.tractors.length);

    const paths = cataloguePaths(resolveCatalogue(defaultCatalogue, overrides.catalogue));
    expect(paths).toContain('/pieces-detachees/sonalika/di60');
    expect(paths).not.toContain('/pieces-detachees/trucks/hyundai');
    expect(cataloguePaths(defaultCatalogue)).toContain('/pieces-detachees/trucks/hyundai');
  });

  it('an added entry written in one language shows that text in the others, never an empty one', () => {
    expect(completeText({ fr: 'Herse' })).toEqual({ ar: 'Herse', fr: 'Herse', en: 'Herse' });
    expect(completeText({ ar: 'مشط', fr: '', en: 'Harrow' })).toEqual({ ar: 'مشط', fr: 'مشط', en: 'Harrow' });
  });

  it('dealer details staff set replace the defaults; texts left empty keep theirs', () => {
    const dealer = resolveDealer(defaultDealer, { phones: ['+213 555 12 34 56'], address: { ar: '', fr: 'Route de Béjaïa, Sétif', en: ' ' } });
    expect(dealer.phones).toEqual(['+213 555 12 34 56']);
    expect(dealer.address).toEqual({ ...defaultDealer.address, fr: 'Route de Béjaïa, Sétif' });
    expect(dealer.email).toBe(defaultDealer.email);
  });

  it('the banner shown or not, with only the languages of its texts staff wrote; the others keep the defaults', () => {
    const promo = { show: false, text: { fr: 'Semoirs en stock' } };
    expect(problems({ dealer: { promo } })).toEqual([]);
    expect(resolveDealer(defaultDealer, { promo }).promo).toEqual({
      show: false,
      text: { ...defaultDealer.promo.text, fr: 'Semoirs en stock' },
      linkLabel: defaultDealer.promo.linkLabel,
    });
  });
});

describe('missing translations', () => {
  it('a language left empty is missing, and the default is published instead of an empty text', () => {
    expect(missingLanguages({ ar: '', fr: 'Bonjour', en: '  ' })).toEqual(['ar', 'en']);
    expect(missingLanguages({ fr: 'Bonjour' })).toEqual([]);
    expect(resolveTexts('site', siteText, { 'site.home.heroTitle': { ar: ' ', fr: '', en: 'Hello' } }).home.heroTitle).toEqual({
      ...siteText.home.heroTitle,
      en: 'Hello',
    });
  });

  it('an added entry with no text in any language is refused', () => {
    expect(problems({ catalogue: { 'truckBrands/jac/models': { added: [{ id: 'n720', name: { ar: '', fr: ' ' } }] } } })).toEqual([
      { path: 'catalogue.truckBrands/jac/models.added.0.name', code: 'required' },
    ]);
  });
});

describe('price rules', () => {
  const priceProblems = (priceDzd: unknown) => problems({ catalogue: { tractors: { changed: { 'di75-4x2': { priceDzd } } } } });

  it.each([1, 3_250_000, 10_000_000_000])('%s dinars is a price', (price) => {
    expect(priceProblems(price)).toEqual([]);
  });

  it.each([0, -5, 1.5, '3250000', null, Number.NaN, 10_000_000_001])('%s is refused as a price', (price) => {
    const code = price === null ? 'required' : 'price';
    expect(priceProblems(price)).toEqual([{ path: 'catalogue.tractors.changed.di75-4x2.priceDzd', code }]);
  });
});

describe('checks on what staff send', () => {
  it('names every problem with where it is', () => {
    expect(
      problems({
        texts: { 'site.nope': { fr: 'x' }, 'site.home.heroTitle': { fr: 'x'.repeat(2_001) } },
        catalogue: { tractors: { changed: { ghost: { priceDzd: 1 } }, added: [{ id: 'di75-4x2' }] }, sparePartSections: { added: [] }, nowhere: {} },
        dealer: { email: 'not an address', social: [{ name: 'Facebook', url: 'http://facebook.com' }] },
        extra: true,
      }).map(({ path, code }) => `${path} ${code}`),
    ).toEqual(
      expect.arrayContaining([
        'extra unknown',
        'texts.site.nope unknown',
        'texts.site.home.heroTitle.fr tooLong',
        'catalogue.tractors.changed.ghost unknown',
        'catalogue.tractors.added.0.id idTaken',
        'catalogue.tractors.added.0.priceDzd required',
        'catalogue.sparePartSections.added notAddable',
        'catalogue.nowhere unknown',
        'dealer.email email',
        'dealer.social.0.url url',
      ]),
    );
  });

  it('refuses ids that are not a URL segment, and a brand id that would take a section page', () => {
    const codes = (id: string) => problems({ catalogue: { wheeledTractorBrands: { added: [{ id, name: { fr: 'X' } }] } } }).map((problem) => problem.code);
    expect(codes('new-brand')).toEqual([]);
    expect(codes('New Brand')).toEqual(['id']);
    expect(codes('../admin')).toEqual(['id']);
    expect(codes('trucks')).toEqual(['idTaken']);
  });

  it('refuses what is not an object of changes at all', () => {
    for (const value of [null, [], 'texts', 42]) expect(problems(value)).toEqual([{ path: '', code: 'invalid' }]);
  });
});
