import type { AdminProduct } from '../../shared/admin-api';
import type { Catalogue } from '../../shared/catalogue/lists';
import { entryChoices } from '../../shared/content/catalogue-choices';
import { withCatalogueEntry, type Product } from '../../shared/products';

/**
 * A product as staff see it (docs/decisions/0021-content-staff-cannot-get-wrong.md):
 * one showing a catalogue entry takes the entry's published values, as the
 * site shows it, named by its place in the catalogue, with the draft's
 * values where they differ. One truth for an entry: the list never shows
 * the values the product was saved with while the site shows others.
 */
export function staffProduct(product: Product, published: Catalogue, draft: Catalogue): AdminProduct {
  if (!product.catalogueEntry) return product;
  const live = withCatalogueEntry(product, published);
  const next = withCatalogueEntry(product, draft);
  const label = entryChoices(published).find((choice) => choice.value === product.catalogueEntry)?.label ??
    entryChoices(draft).find((choice) => choice.value === product.catalogueEntry)?.label ?? { ar: product.catalogueEntry, fr: product.catalogueEntry, en: product.catalogueEntry };
  const shown = live ?? product;
  const differs = <K extends 'name' | 'priceDzd' | 'available'>(field: K) =>
    next && JSON.stringify(next[field]) !== JSON.stringify(shown[field]) ? { [field]: next[field] } : {};
  const changes = { ...differs('name'), ...differs('priceDzd'), ...differs('available'), ...(!live !== !next && { hidden: !next }) };
  return { ...shown, entry: { label, hidden: !live, ...(Object.keys(changes).length > 0 && { draft: changes }) } };
}
