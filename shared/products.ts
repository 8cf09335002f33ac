import { drawingOf, type DrawingKind } from './catalogue/drawings';
import { listAt, type Catalogue } from './catalogue/lists';
import { publishedPhotoUrl } from './content/model';
import type { Localized } from './languages';

/** A catalogue product as stored in the products table and listed by GET /api/products. */
export interface Product {
  productId: string;
  /** "tractors", "equipment", … */
  category: string;
  /** A part of the category, e.g. the equipment page slug "moussem-el-rach". */
  subcategory?: string;
  name: Localized;
  /** Written by staff in the product editor (shared/product-schema.json). */
  description?: Partial<Localized>;
  /** The catalogue page where it can be ordered, e.g. "/tracteurs". */
  path: string;
  priceDzd?: number;
  /** Shown among the home page's featured products. */
  featured: boolean;
  /** False when the dealer cannot supply it now; absent for products written before staff could say. */
  available?: boolean;
  /** A picture of the media library: its id, and its path on the site's origin (`/media/<id>.<ext>`). */
  pictureId?: string;
  pictureUrl?: string;
  /** ISO date; lists are newest first. */
  createdAt: string;
  /**
   * The catalogue entry the product shows (`tractors#di75-4x2`, `equipmentCategories/moussem-el-rach/items#lieuse`):
   * its name, price, availability and photo are then the published catalogue's, and it is not listed while the entry is hidden.
   */
  catalogueEntry?: string;
}

/** The list path and the id a product's `catalogueEntry` names; undefined when it names no entry of that form. */
export function catalogueEntryOf(product: Pick<Product, 'catalogueEntry'>): { list: string; id: string } | undefined {
  const [list, id, ...rest] = (product.catalogueEntry ?? '').split('#');
  return list && id && rest.length === 0 ? { list, id } : undefined;
}

/** The drawing a product shows until it has a picture: its catalogue entry's, else its category's. */
export function productDrawing(product: Pick<Product, 'catalogueEntry' | 'category' | 'subcategory'>): DrawingKind {
  const entry = catalogueEntryOf(product);
  if (entry) return drawingOf(entry.list, entry.id);
  if (product.category === 'tractors') return 'wheeled-tractor';
  return drawingOf(product.category === 'equipment' ? 'equipmentCategories' : 'farmPartCategories', product.subcategory ?? '');
}

/**
 * A product as the site shows it: one that shows a catalogue entry takes the
 * entry's name, price, availability and photo from this catalogue (the
 * published one); undefined when the entry is hidden or gone.
 */
export function withCatalogueEntry(product: Product, catalogue: Catalogue): Product | undefined {
  const ref = catalogueEntryOf(product);
  if (!ref) return product;
  const entry = listAt(catalogue, ref.list)?.find((candidate) => candidate.id === ref.id) as
    | { name?: Localized; priceDzd?: number; available?: boolean; image?: { src: string }; photo?: { mediaId: string } | null }
    | undefined;
  if (!entry) return undefined;
  const pictureUrl = entry.photo ? publishedPhotoUrl(entry.photo.mediaId) : entry.image?.src;
  return {
    ...product,
    ...(entry.name && { name: entry.name }),
    ...(entry.priceDzd !== undefined && { priceDzd: entry.priceDzd }),
    ...(entry.available !== undefined && { available: entry.available }),
    ...(pictureUrl && { pictureUrl }),
  };
}
