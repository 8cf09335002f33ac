import type { Localized } from './languages';

/** A catalogue product as stored in the products table and listed by GET /api/products. */
export interface Product {
  productId: string;
  /** "tractors", "equipment", … */
  category: string;
  /** A part of the category, e.g. the equipment page slug "moussem-el-rach". */
  subcategory?: string;
  name: Localized;
  /** The catalogue page where it can be ordered, e.g. "/tracteurs". */
  path: string;
  priceDzd?: number;
  /** Shown among the home page's featured products. */
  featured: boolean;
  /** ISO date; lists are newest first. */
  createdAt: string;
}
