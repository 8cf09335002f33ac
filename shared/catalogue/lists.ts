import type { Brand, Category, EngineCategory, SparePartSection, Tractor } from './types';

/**
 * The whole catalogue as lists of entries, each entry with a URL-safe id.
 * The typed lists of this folder are what a fresh install starts with; staff
 * change, add, hide and reorder entries in the admin, and a publish applies
 * their changes (shared/content/resolve.ts). The site's pages import only the
 * lists they show, so that a page's code carries no other list.
 */
export interface Catalogue {
  tractors: Tractor[];
  equipmentCategories: Category[];
  farmPartCategories: Category[];
  /** One category: /pieces-detachees/working-machines. */
  workingMachines: Category[];
  sparePartSections: SparePartSection[];
  wheeledTractorBrands: Brand[];
  nonWheeledTractorBrands: Brand[];
  truckBrands: Brand[];
  engineCategories: EngineCategory[];
}

export type CatalogueListKey = keyof Catalogue;

/** The kinds of entries, each with its own fields (shared/catalogue/types.ts). */
export type EntryKind = 'tractor' | 'category' | 'item' | 'section' | 'brand' | 'model' | 'engineCategory';

export interface ListShape {
  kind: EntryKind;
  /** The field of each entry holding a list of its own (a brand's models, a category's items), and that list's shape. */
  nested?: { field: 'items' | 'models'; shape: ListShape };
  /** Staff may add entries (a list whose entries are tied to a page or a form of their own may not). */
  addable: boolean;
  /** Staff may hide entries and change their order. */
  arrangeable: boolean;
}

const items: ListShape = { kind: 'item', addable: true, arrangeable: true };
const models: ListShape = { kind: 'model', addable: true, arrangeable: true };

/**
 * How each list may be edited. A category's items and a brand's models are
 * lists of their own, addressed as `<list>/<entry id>/<field>`
 * (`wheeledTractorBrands/sonalika/models`).
 */
export const listShapes: Record<CatalogueListKey, ListShape> = {
  tractors: { kind: 'tractor', addable: true, arrangeable: true },
  // Each category opens its own order form: categories are renamed, pictured, hidden and reordered, not added.
  equipmentCategories: { kind: 'category', addable: false, arrangeable: true, nested: { field: 'items', shape: items } },
  farmPartCategories: { kind: 'category', addable: false, arrangeable: true, nested: { field: 'items', shape: items } },
  workingMachines: { kind: 'category', addable: false, arrangeable: false, nested: { field: 'items', shape: items } },
  // The hub's six cards are the six sections' pages.
  sparePartSections: { kind: 'section', addable: false, arrangeable: true },
  wheeledTractorBrands: { kind: 'brand', addable: true, arrangeable: true, nested: { field: 'models', shape: models } },
  nonWheeledTractorBrands: { kind: 'brand', addable: true, arrangeable: true, nested: { field: 'models', shape: models } },
  truckBrands: { kind: 'brand', addable: true, arrangeable: true, nested: { field: 'models', shape: models } },
  engineCategories: { kind: 'engineCategory', addable: true, arrangeable: true, nested: { field: 'models', shape: models } },
};

/** The shape of the list at a path (`tractors`, `truckBrands/jac/models`); undefined for any other path. */
export function shapeOfList(path: string): ListShape | undefined {
  const [top = '', entryId, field, ...rest] = path.split('/');
  const shape = Object.hasOwn(listShapes, top) ? listShapes[top as CatalogueListKey] : undefined;
  if (!shape || rest.length > 0) return undefined;
  if (entryId === undefined) return field === undefined ? shape : undefined;
  return shape.nested && shape.nested.field === field ? shape.nested.shape : undefined;
}

/** The entries of the list at a path (`tractors`, `truckBrands/jac/models`) in a catalogue; undefined for a path naming no list. */
export function listAt(catalogue: Catalogue, path: string): readonly { id: string }[] | undefined {
  const shape = shapeOfList(path);
  if (!shape) return undefined;
  const [top, entryId, field] = path.split('/') as [CatalogueListKey, string?, string?];
  if (entryId === undefined || field === undefined) return catalogue[top];
  const owner = (catalogue[top] as { id: string }[]).find((entry) => entry.id === entryId) as Record<string, unknown> | undefined;
  return owner && Array.isArray(owner[field]) ? (owner[field] as { id: string }[]) : undefined;
}
