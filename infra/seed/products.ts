import type { Product } from '../../lambdas/products/products-store';
import { harvesting, otherTools, spraying } from '../../shared/catalogue/equipment';
import { equipmentCategoryPath, tractorsPath } from '../../shared/catalogue/paths';
import { tractors } from '../../shared/catalogue/tractors';
import { findById, type Category } from '../../shared/catalogue/types';

/**
 * What the products table starts with, locally and in AWS: featured items
 * taken from the typed catalogue, each showing its catalogue entry (so its
 * price, name, availability and photo follow the published catalogue, see
 * shared/products.ts). Ids are stable and each product is a minute older
 * than the one before it, so lists (newest first) show them in this order.
 */

/** The tractor catalogue page (the web catalogue has no constant for it). */
/** createdAt of the first product. */
const newestSeedAt = Date.UTC(2025, 0, 1);

/** Equipment items worth featuring, one per kind of work, each from its category page. */
const featuredEquipment: [Category, string][] = [
  [spraying, 'pulverisateur-porte-600l'],
  [harvesting, 'lieuse'],
  [otherTools, 'rotavator'],
];

const inListOrder: Omit<Product, 'createdAt'>[] = [
  ...tractors.map((tractor) => ({
    productId: `tractors-${tractor.id}`,
    category: 'tractors',
    name: tractor.name,
    path: tractorsPath,
    priceDzd: tractor.priceDzd,
    featured: true,
    catalogueEntry: `tractors#${tractor.id}`,
  })),
  ...featuredEquipment.map(([category, itemId]) => {
    const item = findById(category.items, itemId);
    if (!item) throw new Error(`shared/catalogue/equipment.ts has no item "${itemId}" in "${category.id}"`);
    return {
      productId: `equipment-${item.id}`,
      category: 'equipment',
      subcategory: category.id,
      name: item.name,
      path: equipmentCategoryPath(category.id),
      featured: true,
      catalogueEntry: `equipmentCategories/${category.id}/items#${item.id}`,
    };
  }),
];

export const seedProducts: Product[] = inListOrder.map((product, index) => ({
  ...product,
  createdAt: new Date(newestSeedAt - index * 60_000).toISOString(),
}));
