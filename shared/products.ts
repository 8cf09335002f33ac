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
  /** A picture of the media library: its id, and its URL on the site's origin (under /media/). */
  pictureId?: string;
  pictureUrl?: string;
  /** ISO date; lists are newest first. */
  createdAt: string;
}
