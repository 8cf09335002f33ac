import { describe, expect, it } from 'vitest';
import { entriesWithoutPhoto, judgeReadiness, type ReadinessFacts } from '../../lambdas/content/readiness';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { listShapes, type CatalogueListKey, type ListShape } from '../../shared/catalogue/lists';
import { tractors } from '../../shared/catalogue/tractors';
import { defaultDealer } from '../../shared/content/dealer';
import type { ContentOverrides, Entry } from '../../shared/content/model';

/**
 * The dashboard's readiness card: what still stands in for the dealer's
 * real data, judged from the live content and the configuration.
 */

const tractorOrders = { sheet: 'tractor-orders', forms: [{ id: 'tractor-order', title: { ar: 'طلب جرار', fr: 'Commande de tracteur', en: 'Tractor order' } }] };
const contact = { sheet: 'contact-message', forms: [{ id: 'contact-message', title: { ar: 'رسالة', fr: 'Message', en: 'Message' } }] };

/** A dealer's real details, in every language. */
const realDealer: ContentOverrides['dealer'] = {
  phones: ['+213 36 93 12 45', '0550 12 34 56'],
  address: { ar: 'طريق الجزائر، العلمة، سطيف', fr: 'Route d’Alger, El Eulma, Sétif', en: 'Algiers road, El Eulma, Setif' },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/agri.eulma' }],
};

/** Every catalogue entry, a category's items and a brand's models included, given a library picture. */
function everyEntryPictured(): ContentOverrides['catalogue'] {
  const catalogue: NonNullable<ContentOverrides['catalogue']> = {};
  const picture = (path: string, entries: readonly Entry[], shape: ListShape) => {
    catalogue[path] = { changed: Object.fromEntries(entries.map(({ id }) => [id, { photo: { mediaId: `picture-of-${id}` } }])) };
    if (!shape.nested) return;
    for (const entry of entries) picture(`${path}/${entry.id}/${shape.nested.field}`, (entry[shape.nested.field] as Entry[] | undefined) ?? [], shape.nested.shape);
  };
  for (const key of Object.keys(listShapes) as CatalogueListKey[]) picture(key, defaultCatalogue[key] as unknown as Entry[], listShapes[key]);
  return catalogue;
}

const fresh: ReadinessFacts = { published: false, live: {}, staffMail: false, sheets: [contact, tractorOrders], relayAddresses: new Set() };

describe('the readiness card', () => {
  it('lists every placeholder of a fresh site, with the forms whose sheet has no relay address', () => {
    const lines = judgeReadiness(fresh);
    expect(lines.map((line) => line.kind)).toEqual([
      'placeholderPhone',
      'placeholderAddress',
      'placeholderSocial',
      'entriesWithoutPhoto',
      'staffMailOff',
      'sheetsWithoutRelay',
      'firstPublish',
    ]);
    expect(lines.find((line) => line.kind === 'sheetsWithoutRelay')).toEqual({ kind: 'sheetsWithoutRelay', forms: [contact.forms[0]!.title, tractorOrders.forms[0]!.title] });
    const photos = lines.find((line) => line.kind === 'entriesWithoutPhoto');
    expect(photos).toEqual({ kind: 'entriesWithoutPhoto', count: entriesWithoutPhoto({}) });
    expect(entriesWithoutPhoto({})).toBeGreaterThan(tractors.length);
  });

  it('has no line on a dealer’s real site', () => {
    const live: ContentOverrides = { dealer: realDealer, catalogue: everyEntryPictured() };
    expect(entriesWithoutPhoto(live)).toBe(0);
    expect(judgeReadiness({ published: true, live, staffMail: true, sheets: [contact, tractorOrders], relayAddresses: new Set(['contact-message', 'tractor-orders']) })).toEqual([]);
  });

  it('counts an entry chosen a photo, or hidden, as done, and one whose photo was removed as not', () => {
    const before = entriesWithoutPhoto({});
    const [first, second, third] = tractors;
    expect(entriesWithoutPhoto({ catalogue: { tractors: { changed: { [first!.id]: { photo: { mediaId: 'a' } } } } } })).toBe(before - 1);
    expect(entriesWithoutPhoto({ catalogue: { tractors: { hidden: [second!.id, third!.id] } } })).toBe(before - 2);
    expect(entriesWithoutPhoto({ catalogue: { tractors: { changed: { [first!.id]: { photo: null } } } } })).toBe(before);
    // An entry staff added counts until it has one.
    expect(entriesWithoutPhoto({ catalogue: { tractors: { added: [{ id: 'new', name: { fr: 'Nouveau' } }] } } })).toBe(before + 1);
  });

  it('keeps the phone line while a placeholder number is still listed, however it is spaced', () => {
    const placeholder = defaultDealer.phones[0]!.replace(/ /g, '');
    const judged = (phones: string[]) => judgeReadiness({ ...fresh, live: { dealer: { ...realDealer, phones } } }).some((line) => line.kind === 'placeholderPhone');
    expect(judged(['0550 12 34 56', placeholder])).toBe(true);
    expect(judged(['0550 12 34 56'])).toBe(false);
  });

  it('keeps the address line while one language still shows the delivered address', () => {
    const judged = (address: NonNullable<ContentOverrides['dealer']>['address']) =>
      judgeReadiness({ ...fresh, live: { dealer: { ...realDealer, address } } }).some((line) => line.kind === 'placeholderAddress');
    // Arabic left empty: the site shows the delivered Arabic address there.
    expect(judged({ fr: 'Route d’Alger, El Eulma', en: 'Algiers road, El Eulma', ar: '' })).toBe(true);
    expect(judged(realDealer!.address)).toBe(false);
  });

  it('takes a link to a network’s front page for a placeholder, and the dealer’s own page on it for real', () => {
    const judged = (url: string) => judgeReadiness({ ...fresh, live: { dealer: { ...realDealer, social: [{ name: 'Facebook', url }] } } }).some((line) => line.kind === 'placeholderSocial');
    expect(judged('https://facebook.com')).toBe(true);
    expect(judged('https://www.instagram.com/')).toBe(true);
    expect(judged('https://www.facebook.com/agri.eulma/')).toBe(false);
    expect(judged('https://www.facebook.com/profile.php?id=100064')).toBe(false);
  });

  it('names only the forms whose sheet has no relay address', () => {
    const lines = judgeReadiness({ ...fresh, relayAddresses: new Set(['tractor-orders']) });
    expect(lines.find((line) => line.kind === 'sheetsWithoutRelay')).toEqual({ kind: 'sheetsWithoutRelay', forms: [contact.forms[0]!.title] });
  });
});
