import type { Catalogue } from '../../../shared/catalogue/lists';
import {
  customModelId,
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
  wheeledModelPath,
} from '../../../shared/catalogue/paths';
import { sparePartSections as defaultSections } from '../../../shared/catalogue/spare-part-hub';
import { findById, joinNames, type Brand, type Category } from '../../../shared/catalogue/types';
import { catalogueText } from '../../../shared/content/catalogue-text';
import type { RecordedContent } from '../../../shared/content/content-parts';
import { siteText } from '../../../shared/content/site-text';
import type { Localized } from '../../../shared/languages';
import { homePath, thankYouPath } from '../config/paths';

/**
 * The catalogue's pages and items as the published content names them, for
 * what is written beside the pages at render time (the structured data of
 * ./structured-data.ts, the search index of ./search-index.ts): each page's
 * trail from the home page, and each thing a farmer may look for, with where
 * it is. Read from the same resolved catalogue as the pages, so a publish
 * changes them with the pages.
 */

export interface Crumb {
  name: Localized;
  path: string;
}

/** What the catalogue offers a search: a brand, a model, a tractor, an item, a category or section, and where it is. */
export interface CatalogueThing {
  kind: 'tractor' | 'item' | 'brand' | 'model' | 'category';
  name: Localized;
  /** What it belongs to, shown under its name in a result ("Sonalika", "Soil preparation"). */
  context?: Localized;
  /** Its page. */
  page: string;
  /** Its card on that page (its anchor), when it is one of a list's cards. */
  card?: string;
  /** The card has an Order button: the page opens its order form when asked (`?order=<card>`). */
  orderable?: boolean;
}

/**
 * The trail of the page at `path` from the home page, the page itself last;
 * undefined for a page without one. Only the lists on the way to the page
 * are read: a brand's page reads the brands, never the tractors.
 */
export function pageTrail(path: string, content: RecordedContent): Crumb[] | undefined {
  const site = content.texts('site', siteText);
  const home: Crumb = { name: site.nav.home, path: homePath };
  if (path === tractorsPath) return [home, { name: site.tractors.title, path }];
  if (path === thankYouPath) return [home, { name: site.thankYou.title, path }];
  const within = (hub: string) => path === hub || path.startsWith(`${hub}/`);
  if (!within(equipmentHubPath) && !within(sparePartsHubPath)) return undefined;

  const text = content.texts('catalogue', catalogueText);
  const { catalogue } = content;
  const trails = new Map<string, Crumb[]>();
  const add = (parent: Crumb[], name: Localized, page: string) => {
    const trail = [...parent, { name, path: page }];
    trails.set(page, trail);
    return trail;
  };

  if (within(equipmentHubPath)) {
    const equipment = add([home], text.equipmentHubTitle, equipmentHubPath);
    if (path !== equipmentHubPath) for (const category of catalogue.equipmentCategories) add(equipment, category.name, equipmentCategoryPath(category.id));
    return trails.get(path);
  }

  const spareParts = add([home], text.sparePartsHubTitle, sparePartsHubPath);
  if (path === sparePartsHubPath) return spareParts;
  // A section staff hid has no card on the hub, but its pages below keep their place in the trail.
  const section = (id: string) => {
    const found = findById(catalogue.sparePartSections, id) ?? findById(defaultSections, id);
    return [...spareParts, { name: found?.name ?? text.sparePartsHubTitle, path: sparePartSectionPath(id) }];
  };
  for (const { id, name } of catalogue.sparePartSections) add(spareParts, name, sparePartSectionPath(id));
  const inSection = (id: string) => path.startsWith(`${sparePartSectionPath(id)}/`);

  if (inSection('tracteurs-sans-roues')) {
    for (const brand of catalogue.nonWheeledTractorBrands) add(section('tracteurs-sans-roues'), brand.name, nonWheeledBrandPath(brand.id));
  } else if (inSection('trucks')) {
    for (const brand of catalogue.truckBrands.filter((truck) => truck.models.length > 0)) add(section('trucks'), brand.name, truckBrandPath(brand.id));
  } else if (inSection('agricultural-engines')) {
    for (const category of catalogue.engineCategories) add(section('agricultural-engines'), category.name, engineCategoryPath(category.id));
  } else if (inSection('ghiyar-3itad-zira3i')) {
    for (const category of catalogue.farmPartCategories) add(section('ghiyar-3itad-zira3i'), category.name, farmPartCategoryPath(category.id));
  } else if (!trails.has(path)) {
    // Any other page below the hub is a wheeled tractor brand's or one of its models'.
    for (const brand of catalogue.wheeledTractorBrands) {
      const brandTrail = add(section('wheeled-tractors'), brand.name, wheeledBrandPath(brand.id));
      for (const model of brand.models) add(brandTrail, model.name, wheeledModelPath(brand.id, model.id));
      add(brandTrail, text.otherModel, wheeledModelPath(brand.id, customModelId));
    }
  }
  return trails.get(path);
}

/** Everything a farmer may look for in the catalogue, each with where it is. */
export function catalogueThings(catalogue: Catalogue): CatalogueThing[] {
  const things: CatalogueThing[] = [];
  for (const tractor of catalogue.tractors) {
    things.push({ kind: 'tractor', name: tractor.name, page: tractorsPath, card: tractor.id, orderable: tractor.available });
  }
  const items = (category: Category, page: string) => {
    things.push({ kind: 'category', name: category.title ?? category.name, page });
    for (const item of category.items) things.push({ kind: 'item', name: item.name, context: category.name, page, card: item.id, orderable: item.available });
  };
  for (const category of catalogue.equipmentCategories) items(category, equipmentCategoryPath(category.id));
  for (const category of catalogue.farmPartCategories) items(category, farmPartCategoryPath(category.id));
  for (const category of catalogue.workingMachines) items(category, sparePartSectionPath('working-machines'));
  for (const section of catalogue.sparePartSections) things.push({ kind: 'category', name: section.name, page: sparePartSectionPath(section.id) });

  for (const brand of catalogue.wheeledTractorBrands) {
    things.push({ kind: 'brand', name: brand.name, page: wheeledBrandPath(brand.id) });
    // A model's page is its order form.
    for (const model of brand.models) things.push({ kind: 'model', name: joinNames(brand.name, model.name), context: brand.name, page: wheeledModelPath(brand.id, model.id) });
  }
  const modelCards = (brand: Brand, page: string) => {
    for (const model of brand.models) {
      things.push({ kind: 'model', name: joinNames(brand.name, model.name), context: brand.name, page, card: model.id, orderable: true });
    }
  };
  for (const brand of catalogue.nonWheeledTractorBrands) {
    things.push({ kind: 'brand', name: brand.name, page: nonWheeledBrandPath(brand.id) });
    modelCards(brand, nonWheeledBrandPath(brand.id));
  }
  for (const brand of catalogue.truckBrands.filter((truck) => truck.models.length > 0)) {
    things.push({ kind: 'brand', name: brand.name, page: truckBrandPath(brand.id) });
    modelCards(brand, truckBrandPath(brand.id));
  }
  for (const category of catalogue.engineCategories) {
    const page = engineCategoryPath(category.id);
    things.push({ kind: 'category', name: category.title, page });
    for (const model of category.models) {
      things.push({ kind: 'model', name: joinNames(category.name, model.name), context: category.title, page, card: model.id, orderable: true });
    }
  }
  return things;
}
