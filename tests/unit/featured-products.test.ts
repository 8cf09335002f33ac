import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { tractors } from '../../shared/catalogue/tractors';
import { resolveCatalogue } from '../../shared/content/resolve';
import { withCatalogueEntry, type Product } from '../../shared/products';
import { seedProducts } from '../../infra/seed/products';

/**
 * The home page's featured products show catalogue entries: their price,
 * name, availability and photo follow the catalogue as published, not what
 * was true when the products table was seeded.
 */

const tractor = tractors[0]!;
const seeded = seedProducts.find((product) => product.catalogueEntry === `tractors#${tractor.id}`)!;

describe('a product showing a catalogue entry', () => {
  it('every seeded product names an entry of the catalogue', () => {
    for (const product of seedProducts) expect(withCatalogueEntry(product, defaultCatalogue), product.productId).toBeDefined();
  });

  it('takes the published price, availability, name and photo of its entry', () => {
    const published = resolveCatalogue(defaultCatalogue, {
      tractors: { changed: { [tractor.id]: { priceDzd: 4_100_000, available: false, name: { fr: 'Sonalika DI75 Facelift 2026' }, photo: { mediaId: 'pic-1' } } } },
    });
    expect(withCatalogueEntry({ ...seeded, priceDzd: 1 }, published)).toMatchObject({
      priceDzd: 4_100_000,
      available: false,
      name: { fr: 'Sonalika DI75 Facelift 2026', ar: tractor.name.ar },
      pictureUrl: '/images/media/pic-1.webp',
    });
  });

  it('is left out while its entry is hidden, and a product of its own is shown as written', () => {
    const published = resolveCatalogue(defaultCatalogue, { tractors: { hidden: [tractor.id] } });
    expect(withCatalogueEntry(seeded, published)).toBeUndefined();
    const own: Product = { ...seeded, catalogueEntry: undefined, productId: 'own', priceDzd: 12 };
    expect(withCatalogueEntry(own, published)).toBe(own);
  });
});
