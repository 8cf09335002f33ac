import type { Localized } from '../../../shared/languages';

/** Where the catalogue search's index is in the site (written by ../site-data/search-index.ts). */
export const searchIndexFile = 'search-index.json';

/** One thing of the catalogue a search may find, as the index holds it. */
export interface SearchDocument {
  id: number;
  kind: 'tractor' | 'item' | 'brand' | 'model' | 'category';
  name: Localized;
  /** What it belongs to, shown under its name ("Sonalika", "Soil preparation"). */
  context?: Localized;
  /** Where a result leads: the page, opening the card's order form when it has one (`/tracteurs?order=di75-4x2#di75-4x2`). */
  href: string;
}
