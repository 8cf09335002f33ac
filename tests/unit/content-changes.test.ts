import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { listAt } from '../../shared/catalogue/lists';
import { tractors } from '../../shared/catalogue/tractors';
import { contentChanges } from '../../shared/content/changes';
import { sameContent, type ContentOverrides } from '../../shared/content/model';
import { problemPlace } from '../../shared/content/problem-place';
import { textPlace } from '../../shared/content/text-places';
import { siteTextEntries } from '../../shared/content/texts';
import { siteText } from '../../shared/content/site-text';
import { validateOverrides, withTypedNumbersRead, type ValidationContext } from '../../shared/content/validate';
import { pagesByPath } from '../../web/admin/features/content/PublishChanges';

/**
 * What a publish changed, in terms staff can be told; prices read as people
 * type them before the content is checked; where a problem is, in staff's
 * words; and when two contents say the same.
 */

const context: ValidationContext = {
  textKeys: new Set(siteTextEntries().map((entry) => entry.key)),
  defaultIds: (path) => listAt(defaultCatalogue, path)?.map((entry) => entry.id),
};
const tractor = tractors[1]!;
const picture = '0b7c1b8e-3f1a-4c36-9d0e-2a4b8f6c1d11';

describe('what a publish changed', () => {
  it('a price changed for the first time reads from the default price, with the entry’s name', () => {
    const after: ContentOverrides = { catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_250_000, available: false } } } } };
    expect(contentChanges({}, after)).toEqual([
      { kind: 'entry', list: 'tractors', id: tractor.id, name: tractor.name, field: 'priceDzd', before: tractor.priceDzd, after: 3_250_000 },
      { kind: 'entry', list: 'tractors', id: tractor.id, name: tractor.name, field: 'available', before: true, after: false },
    ]);
    // The same content again changes nothing.
    expect(contentChanges(after, structuredClone(after))).toEqual([]);
  });

  it('a photo chosen, a label written, an entry added, hidden or shown again, and a new order are each named', () => {
    const before: ContentOverrides = { catalogue: { truckBrands: { hidden: ['isuzu'] } } };
    const after: ContentOverrides = {
      catalogue: {
        tractors: { changed: { [tractor.id]: { photo: { mediaId: picture }, availabilityStatus: { ar: 'قريبا' } } }, order: [tractors[2]!.id] },
        truckBrands: { hidden: ['jac'] },
        'truckBrands/sonacome/models': { added: [{ id: 'n721', name: { fr: 'N721 Euro 5' } }] },
      },
    };
    const changes = contentChanges(before, after);
    expect(changes).toEqual(
      expect.arrayContaining([
        { kind: 'entry', list: 'tractors', id: tractor.id, name: tractor.name, field: 'availabilityStatus' },
        { kind: 'entry', list: 'tractors', id: tractor.id, name: tractor.name, field: 'photo' },
        { kind: 'order', list: 'tractors' },
        expect.objectContaining({ kind: 'hidden', list: 'truckBrands', id: 'jac' }),
        expect.objectContaining({ kind: 'shown', list: 'truckBrands', id: 'isuzu' }),
        { kind: 'added', list: 'truckBrands/sonacome/models', id: 'n721', name: { ar: 'N721 Euro 5', fr: 'N721 Euro 5', en: 'N721 Euro 5' } },
      ]),
    );
    // Going back says the opposite.
    expect(contentChanges(after, before)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'removed', list: 'truckBrands/sonacome/models', id: 'n721' })]));
  });

  it('a text by the languages that changed (a language emptied goes back to its default), a dealer detail by its name', () => {
    const before: ContentOverrides = { texts: { 'site.home.heroTitle': { fr: 'Avant', ar: 'قبل' } } };
    const after: ContentOverrides = { texts: { 'site.home.heroTitle': { fr: 'Après', ar: '' } }, dealer: { email: 'ventes@example.dz' } };
    expect(contentChanges(before, after)).toEqual([
      { kind: 'text', key: 'site.home.heroTitle', languages: ['ar', 'fr'] },
      { kind: 'dealer', field: 'email' },
    ]);
  });

  it('the pages that changed, each once with the number of its languages', () => {
    expect(pagesByPath(['/en/tracteurs', '/fr', '/fr/tracteurs', '/tracteurs', 'fr/__spa-fallback.html'])).toEqual([
      { path: '/tracteurs', count: 3 },
      { path: '/', count: 1 },
      { path: '__spa-fallback.html', count: 1 },
    ]);
  });
});

describe('prices as people type them', () => {
  const checked = (priceDzd: unknown) => {
    const read = withTypedNumbersRead({ catalogue: { tractors: { changed: { [tractor.id]: { priceDzd } } } } }) as ContentOverrides;
    return { price: read.catalogue?.tractors?.changed?.[tractor.id]?.priceDzd, problems: validateOverrides(read, context) };
  };

  it.each(['3 250 000', '3.250.000', '3,250,000', '3 250 000 DA', '٣٢٥٠٠٠٠', '٣٬٢٥٠٬٠٠٠ دج', '3250000 DZD'])('“%s” is kept as 3250000', (typed) => {
    expect(checked(typed)).toEqual({ price: 3_250_000, problems: [] });
  });

  it.each(['abc', '-5', '', '3,5', '0'])('“%s” is refused at the price, with what to type', (typed) => {
    expect(checked(typed).problems).toEqual([{ path: `catalogue.tractors.changed.${tractor.id}.priceDzd`, code: 'price' }]);
  });

  it('reads only prices: a name that looks like a number stays a text, an added entry’s price is read too', () => {
    const read = withTypedNumbersRead({ catalogue: { tractors: { added: [{ id: 'x1', model: '1 000', priceDzd: '1 000 000' }] } } }) as ContentOverrides;
    expect(read.catalogue?.tractors?.added?.[0]).toEqual({ id: 'x1', model: '1 000', priceDzd: 1_000_000 });
    expect(withTypedNumbersRead('nothing')).toBe('nothing');
  });
});

describe('where a problem is, in staff’s words', () => {
  it('names the list, the entry and the field, never the path', () => {
    expect(problemPlace(`catalogue.tractors.changed.${tractor.id}.priceDzd`, {}, 'fr')).toBe(`Catalogue › Tracteurs › ${tractor.name.fr} › Prix (DA)`);
    const draft = { catalogue: { 'truckBrands/jac/models': { added: [{ id: 'n721', name: { fr: 'N721 Euro 5' } }] } } };
    expect(problemPlace('catalogue.truckBrands/jac/models.added.0.name', draft, 'en')).toBe('Catalogue › Truck brands › JAC › N721 Euro 5 › Name');
    expect(problemPlace('catalogue.truckBrands/jac/models.added.1.name', draft, 'en')).toBe('Catalogue › Truck brands › JAC › New 2 › Name');
    expect(problemPlace(`catalogue.tractors.changed.${tractor.id}.availabilityStatus.ar`, {}, 'en')).toBe(`Catalogue › Tractors › ${tractor.name.en} › Availability label › AR`);
  });

  it('names a dealer detail, and a text by what it says', () => {
    expect(problemPlace('dealer.social.0.url', {}, 'en')).toBe('Dealer details › Social networks');
    expect(problemPlace('texts.site.home.heroTitle.fr', {}, 'fr', siteTextEntries())).toBe(`Traductions › Accueil › « ${siteText.home.heroTitle.fr} » › FR`);
    expect(problemPlace('texts.site.nope', {}, 'en', siteTextEntries())).toBe('Translations › site.nope');
  });
});

describe('the same content', () => {
  it('whatever the order of its keys, and an empty map or list the same as none', () => {
    expect(sameContent({ dealer: { email: 'a@b.dz' }, texts: {} }, { dealer: { email: 'a@b.dz' } })).toBe(true);
    expect(sameContent({ catalogue: { tractors: { hidden: [], changed: { x: { available: true } } } } }, { catalogue: { tractors: { changed: { x: { available: true } } } } })).toBe(true);
    expect(sameContent({ catalogue: { tractors: { order: ['a', 'b'] } } }, { catalogue: { tractors: { order: ['b', 'a'] } } })).toBe(false);
    expect(sameContent({ dealer: { email: 'a@b.dz' } }, {})).toBe(false);
  });
});

describe('where a text shows', () => {
  const forms = [{ key: 'forms.tractor-order.title', group: 'forms', default: { ar: 'طلب جرار', fr: 'Commande de tracteur', en: 'Tractor order' } }];
  it.each([
    ['site.home.heroTitle', 'Accueil', '/'],
    ['site.home.categories.tractors.name', 'Accueil › Catégories de produits', '/'],
    ['site.footer.subscribe', 'Tout le site › Pied de page', '/'],
    ['site.tractors.order', 'Tracteurs', '/tracteurs'],
    ['cataloguePages.back.trucks', 'Pages du catalogue › Liens de retour', '/pieces-detachees/trucks'],
    ['forms.tractor-order.fields.tractorModel.label', 'Formulaires de commande › Commande de tracteur', '/forms/tractor-order'],
    ['forms.definitions.fullName.help', 'Formulaires de commande › Champs communs', '/forms/tractor-order'],
  ])('%s: %s, seen on %s', (key, section, page) => {
    const place = textPlace(key, forms);
    expect([place.section.fr, place.page]).toEqual([section, page]);
  });

  it('a form’s text says what it is in the form', () => {
    expect(textPlace('forms.tractor-order.fields.tractorModel.placeholder', forms).kind?.fr).toBe('Exemple dans le champ');
    expect(textPlace('site.home.heroTitle', forms).kind).toBeUndefined();
  });
});
