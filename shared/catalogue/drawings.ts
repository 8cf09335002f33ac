import type { CatalogueListKey } from './lists';

/**
 * What stands in for an entry's photo until it has one: a drawing of its own
 * kind of machine, so that a crawler is not shown as a wheeled tractor nor a
 * sprayer as a rake. The drawings are static files of the site
 * (web/public/drawings/), loaded as images: they weigh nothing in the
 * pages' code.
 */
export const drawingKinds = [
  'wheeled-tractor',
  'crawler-tractor',
  'sprayer',
  'soil-tool',
  'seeder',
  'harvester',
  'other-tool',
  'truck',
  'engine',
  'part',
] as const;

export type DrawingKind = (typeof drawingKinds)[number];

/** The drawing's address on the site. */
export const drawingUrl = (kind: DrawingKind) => `/drawings/${kind}.svg`;

/** An equipment page and the spare-part family of the same machines show the same drawing. */
const byCategory: Record<string, DrawingKind> = {
  'moussem-el-harth': 'soil-tool',
  'ghiyar-harth': 'soil-tool',
  'moussem-el-zar3': 'seeder',
  'ghiyar-zar3': 'seeder',
  'moussem-el-rach': 'sprayer',
  'ghiyar-dawaa': 'sprayer',
  'moussem-el-hassad': 'harvester',
  'ghiyar-hassad': 'harvester',
};

/** The spare-part hub's six sections, each the drawing of what its parts are for. */
const bySection: Record<string, DrawingKind> = {
  'wheeled-tractors': 'wheeled-tractor',
  'tracteurs-sans-roues': 'crawler-tractor',
  trucks: 'truck',
  'agricultural-engines': 'engine',
  'working-machines': 'other-tool',
  'ghiyar-3itad-zira3i': 'part',
};

const byList: Record<CatalogueListKey, DrawingKind> = {
  tractors: 'wheeled-tractor',
  wheeledTractorBrands: 'wheeled-tractor',
  nonWheeledTractorBrands: 'crawler-tractor',
  truckBrands: 'truck',
  engineCategories: 'engine',
  equipmentCategories: 'other-tool',
  farmPartCategories: 'other-tool',
  workingMachines: 'other-tool',
  sparePartSections: 'part',
};

/**
 * The drawing of an entry, from the list it is in (`tractors`,
 * `equipmentCategories/moussem-el-rach/items`, `truckBrands/jac/models`) and
 * its id: a category's items and a brand's models take their owner's, so an
 * entry staff add is drawn like its neighbours.
 */
export function drawingOf(listPath: string, entryId: string): DrawingKind {
  const [top = '', ownerId] = listPath.split('/');
  if (top === 'sparePartSections') return bySection[entryId] ?? 'part';
  const category = byCategory[ownerId ?? entryId];
  if (category && (top === 'equipmentCategories' || top === 'farmPartCategories')) return category;
  return Object.hasOwn(byList, top) ? byList[top as CatalogueListKey] : 'part';
}
