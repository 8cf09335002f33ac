import { catalogueListLabels } from '../admin-api';
import type { Catalogue } from '../catalogue/lists';
import {
  engineCategoryPath,
  equipmentCategoryPath,
  equipmentHubPath,
  farmPartCategoryPath,
  nonWheeledBrandPath,
  sparePartSectionPath,
  sparePartsHubPath,
  tractorsPath,
  truckBrandPath,
  wheeledBrandPath,
} from '../catalogue/paths';
import type { Category } from '../catalogue/types';
import { languages, type Language, type Localized } from '../languages';
import { catalogueText } from './catalogue-text';

/**
 * The catalogue as named lists staff choose from, in their language, instead
 * of the code's words: the entries a product can show ("Tractors › DI75
 * 4x2", not `tractors#di75-4x2`), the categories products are filed under,
 * and the catalogue pages an order is made on ("Agricultural equipment ›
 * Spraying", not `/materiel-agricole/moussem-el-rach`).
 */

/** A catalogue entry a product can show, with what a product showing it is filed under and where it is ordered. */
export interface EntryChoice {
  /** As a product names it (`catalogueEntry`): `tractors#di75-4x2`, `equipmentCategories/moussem-el-rach/items#lieuse`. */
  value: string;
  label: Localized;
  category: ProductCategory;
  subcategory?: string;
  path: string;
}

/** What products are filed under, each with its name for staff. */
export const productCategories = {
  tractors: catalogueListLabels.tractors,
  equipment: catalogueText.equipmentHubTitle,
  'spare-parts': catalogueText.sparePartsHubTitle,
} satisfies Record<string, Localized>;

export type ProductCategory = keyof typeof productCategories;

/** Names joined into a path, in each language: "Tractors › DI75 4x2". */
export const joined = (...parts: Localized[]): Localized =>
  Object.fromEntries(languages.map((language) => [language, parts.map((part) => part[language]).join(' › ')])) as Localized;

export function entryChoices(catalogue: Catalogue): EntryChoice[] {
  const items = (list: 'equipmentCategories' | 'farmPartCategories' | 'workingMachines', category: ProductCategory, page: (category: Category) => string) =>
    catalogue[list].flatMap((owner) =>
      owner.items.map((item) => ({
        value: `${list}/${owner.id}/items#${item.id}`,
        label: list === 'workingMachines' ? joined(catalogueListLabels[list], item.name) : joined(catalogueListLabels[list], owner.name, item.name),
        category,
        subcategory: owner.id,
        path: page(owner),
      })),
    );
  return [
    ...catalogue.tractors.map((tractor) => ({
      value: `tractors#${tractor.id}`,
      label: joined(catalogueListLabels.tractors, tractor.name),
      category: 'tractors' as const,
      path: tractorsPath,
    })),
    ...items('equipmentCategories', 'equipment', (owner) => equipmentCategoryPath(owner.id)),
    ...items('farmPartCategories', 'spare-parts', (owner) => farmPartCategoryPath(owner.id)),
    ...items('workingMachines', 'spare-parts', () => sparePartSectionPath('working-machines')),
  ];
}

/** The sub-lists products of a category are filed under (the equipment pages, the spare-part families), by id. */
export function subcategoryChoices(catalogue: Catalogue, category: string): { value: string; label: Localized }[] {
  if (category === 'equipment') return catalogue.equipmentCategories.map((owner) => ({ value: owner.id, label: owner.name }));
  if (category === 'spare-parts') {
    return [...catalogue.farmPartCategories, ...catalogue.workingMachines].map((owner) => ({ value: owner.id, label: owner.name }));
  }
  return [];
}

/** The catalogue's pages an order can be made on, by name: the lists, their pages, the brands' pages. */
export function pageChoices(catalogue: Catalogue): { value: string; label: Localized }[] {
  const siteNames = { equipment: catalogueText.equipmentHubTitle, spareParts: catalogueText.sparePartsHubTitle };
  const sections = new Map(catalogue.sparePartSections.map((section) => [section.id, section.name]));
  const section = (id: string) => sections.get(id) ?? { ar: id, fr: id, en: id };
  return [
    { value: tractorsPath, label: catalogueListLabels.tractors },
    { value: equipmentHubPath, label: siteNames.equipment },
    ...catalogue.equipmentCategories.map((owner) => ({ value: equipmentCategoryPath(owner.id), label: joined(siteNames.equipment, owner.name) })),
    { value: sparePartsHubPath, label: siteNames.spareParts },
    ...catalogue.sparePartSections.map((owner) => ({ value: sparePartSectionPath(owner.id), label: joined(siteNames.spareParts, owner.name) })),
    ...catalogue.wheeledTractorBrands.map((brand) => ({ value: wheeledBrandPath(brand.id), label: joined(siteNames.spareParts, section('wheeled-tractors'), brand.name) })),
    ...catalogue.nonWheeledTractorBrands.map((brand) => ({ value: nonWheeledBrandPath(brand.id), label: joined(siteNames.spareParts, section('tracteurs-sans-roues'), brand.name) })),
    ...catalogue.truckBrands.filter((brand) => brand.models.length > 0).map((brand) => ({ value: truckBrandPath(brand.id), label: joined(siteNames.spareParts, section('trucks'), brand.name) })),
    ...catalogue.engineCategories.map((owner) => ({ value: engineCategoryPath(owner.id), label: joined(siteNames.spareParts, section('agricultural-engines'), owner.name) })),
    ...catalogue.farmPartCategories.map((owner) => ({ value: farmPartCategoryPath(owner.id), label: joined(siteNames.spareParts, section('ghiyar-3itad-zira3i'), owner.name) })),
  ];
}

/** A choice's label in a language, or the stored value itself when the lists do not name it (a page since removed). */
export function choiceLabel(choices: readonly { value: string; label: Localized }[], value: string, language: Language): string {
  return choices.find((choice) => choice.value === value)?.label[language] ?? value;
}
