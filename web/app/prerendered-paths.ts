import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { cataloguePaths } from '../../shared/catalogue/paths';
import type { ContentOverrides } from '../../shared/content/model';
import { resolveCatalogue } from '../../shared/content/resolve';
import { formTitles } from '../shared/forms/form-titles';
import { formPagePath, homePath, thankYouPath } from './config/paths';

/**
 * The pages written to static HTML for a content (the build's: none changed),
 * every form's page included: the catalogue's pages follow its published
 * entries. Any other address gets the fallback page with status 404, and the
 * client shows what is missing (the page, the brand, the category) in the
 * visitor's language.
 */
export function prerenderedPaths(overrides: ContentOverrides = {}): string[] {
  return [
    homePath,
    thankYouPath,
    ...cataloguePaths(resolveCatalogue(defaultCatalogue, overrides.catalogue)),
    ...Object.keys(formTitles).map(formPagePath),
  ];
}
