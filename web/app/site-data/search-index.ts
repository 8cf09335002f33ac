import { defaultCatalogue } from '../../../shared/catalogue/defaults';
import { itemAddress, itemOrderAddress } from '../../../shared/catalogue/paths';
import type { ContentOverrides } from '../../../shared/content/model';
import { resolveCatalogue } from '../../../shared/content/resolve';
import type { SearchDocument } from '../search/search-document';
import { catalogueThings } from './catalogue-pages';

/**
 * The catalogue search's index: every brand, model, tractor, item, category
 * and section of the published catalogue, with its names in the three
 * languages and where it is. Written beside the pages by the renderer (the
 * build's and each publish's, so a publish updates it) as one small JSON
 * file, which the page fetches only when the search field is used
 * (web/app/search/). A search in any language finds a thing by any of its
 * names: a model by its Latin and its Arabic name.
 */

export function searchDocuments(overrides: ContentOverrides): SearchDocument[] {
  return catalogueThings(resolveCatalogue(defaultCatalogue, overrides.catalogue)).map(({ kind, name, context, page, card, orderable }, id) => ({
    id,
    kind,
    name,
    ...(context && { context }),
    href: card ? (orderable ? itemOrderAddress(page, card) : itemAddress(page, card)) : page,
  }));
}

/** The index file's text. */
export function searchIndexJson(overrides: ContentOverrides): string {
  return JSON.stringify(searchDocuments(overrides));
}
