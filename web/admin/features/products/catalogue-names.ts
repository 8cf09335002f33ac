import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import { entryChoices, pageChoices, productCategories, subcategoryChoices } from '../../../../shared/content/catalogue-choices';
import type { Localized } from '../../../../shared/languages';

/**
 * The named lists the product pages choose from and show, in the staff's
 * language (shared/content/catalogue-choices.ts), from the typed catalogue:
 * a value the lists do not name (written before, since removed) is shown
 * as it is, never dropped.
 */

const asIs = (value: string): Localized => ({ ar: value, fr: value, en: value });

export const categoryChoices = Object.entries(productCategories).map(([value, label]) => ({ value, label }));

export function categoryName(category: string): Localized {
  return categoryChoices.find((choice) => choice.value === category)?.label ?? asIs(category);
}

export function subcategoriesOf(category: string | undefined) {
  return category ? subcategoryChoices(defaultCatalogue, category) : [];
}

export function subcategoryName(category: string, subcategory: string): Localized {
  return subcategoriesOf(category).find((choice) => choice.value === subcategory)?.label ?? asIs(subcategory);
}

export const catalogueEntries = entryChoices(defaultCatalogue);
export const orderPages = pageChoices(defaultCatalogue);
