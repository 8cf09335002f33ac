import type { Language } from '../languages';
import type { ContentOverrides } from './model';

/**
 * What the site's page renderer (web/app/entry.prerender.tsx, built by
 * `vite build --ssr`) offers the build's prerender step and the publisher:
 * the pages to write for a content, and each page's HTML with that content.
 * Both write the site through the same code (lambdas/publish-site/render-site.ts).
 */
export interface PageRenderer {
  /** Every page to write for this content: the paths `prerenderedPaths` gives, in each language the site publishes. */
  publishedPages(overrides: ContentOverrides): PublishedPage[];
  /** React's HTML of a page (`null`: the fallback page served for addresses without HTML). */
  renderPage(path: string | null, options: { overrides: ContentOverrides; language: Language }): Promise<string>;
  /** The page's complete document: inline styles, the early-tap script, the content's data, the page's scripts. */
  completePage(html: string, parts: PageParts): string;
  /** The page's source module (`app/routes/tractors.tsx`), to find its chunk in the build's manifest. */
  pageSource(path: string): string | undefined;
}

export interface PublishedPage {
  path: string;
  language: Language;
  /** Where its HTML goes in the site, e.g. `tracteurs/index.html`. */
  file: string;
}

export interface PageParts {
  /** Extra head content: the site's stylesheet, inline. */
  head: string;
  /** The loader script of the entry and the page's chunk. */
  scripts: string;
  /** The fallback page (for addresses without HTML). */
  fallback: boolean;
  /** Staff's changes the page carries for the browser (none: the build's defaults). */
  overrides: ContentOverrides;
}

/** The fallback page's file in the site. */
export const fallbackPageFile = '__spa-fallback.html';
