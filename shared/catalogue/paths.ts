import type { Catalogue } from './lists';

/** Where each catalogue page lives. Pages link with these; cataloguePaths() lists them all. */
export const tractorsPath = '/tracteurs';
export const equipmentHubPath = '/materiel-agricole';
export const sparePartsHubPath = '/pieces-detachees';
/** The model id in /pieces-detachees/{brandId}/custom: the visitor orders for the brand without a listed model. */
export const customModelId = 'custom';

export const equipmentCategoryPath = (categoryId: string) => `${equipmentHubPath}/${categoryId}`;
/** A hub card's page: /pieces-detachees/wheeled-tractors, /pieces-detachees/trucks, ... */
export const sparePartSectionPath = (sectionId: string) => `${sparePartsHubPath}/${sectionId}`;
export const wheeledBrandPath = (brandId: string) => `${sparePartsHubPath}/${brandId}`;
/** A wheeled-tractor model's order page; modelId "custom" orders for the brand without a model. */
export const wheeledModelPath = (brandId: string, modelId: string) => `${wheeledBrandPath(brandId)}/${modelId}`;
/** An item's card on its list page (`/tracteurs#di75-4x2`): where "View product" and the search lead. */
export const itemAddress = (listPath: string, itemId: string) => `${listPath}#${itemId}`;
/** The query parameter with which a list page opens a card's order form (`/tracteurs?order=di75-4x2`). */
export const orderParameter = 'order';
/** An item's card with its order form open: where a search result for it leads. */
export const itemOrderAddress = (listPath: string, itemId: string) => `${listPath}?${orderParameter}=${encodeURIComponent(itemId)}#${itemId}`;
export const nonWheeledBrandPath = (brandId: string) => `${sparePartSectionPath('tracteurs-sans-roues')}/${brandId}`;
export const truckBrandPath = (brandId: string) => `${sparePartSectionPath('trucks')}/${brandId}`;
export const engineCategoryPath = (categoryId: string) => `${sparePartSectionPath('agricultural-engines')}/${categoryId}`;
export const farmPartCategoryPath = (categoryId: string) => `${sparePartSectionPath('ghiyar-3itad-zira3i')}/${categoryId}`;

/**
 * Every catalogue page of this catalogue, for prerendering: /tracteurs, the equipment hub and its
 * pages, the spare-parts hub and its six sections, every wheeled-tractor brand
 * page with its model pages and its "custom" page (a model the list lacks),
 * every non-wheeled brand page (one without models says "No product currently
 * available"), the truck brands with models, the engine
 * categories and the farm-equipment spare-part categories.
 */
export function cataloguePaths({
  equipmentCategories,
  sparePartSections,
  wheeledTractorBrands,
  nonWheeledTractorBrands,
  truckBrands,
  engineCategories,
  farmPartCategories,
}: Catalogue): string[] {
  return [
    tractorsPath,
    equipmentHubPath,
    ...equipmentCategories.map((category) => equipmentCategoryPath(category.id)),
    sparePartsHubPath,
    ...sparePartSections.map((section) => sparePartSectionPath(section.id)),
    ...wheeledTractorBrands.flatMap((brand) => [
      wheeledBrandPath(brand.id),
      ...[...brand.models.map((model) => model.id), customModelId].map((modelId) => wheeledModelPath(brand.id, modelId)),
    ]),
    ...nonWheeledTractorBrands.map((brand) => nonWheeledBrandPath(brand.id)),
    ...truckBrands.filter((brand) => brand.models.length > 0).map((brand) => truckBrandPath(brand.id)),
    ...engineCategories.map((category) => engineCategoryPath(category.id)),
    ...farmPartCategories.map((category) => farmPartCategoryPath(category.id)),
  ];
}
